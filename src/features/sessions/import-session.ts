/**
 * Import from disk (issue 6): ASTRO position files, VBO (RaceBox, VBOX, Dragy, RaceChrono), NMEA 0183, GPX and
 * RaceChrono CSV v3 become a session like one downloaded from ASTRO. The domain does the work
 * (src/domain/formats/import-session.ts: format by content, circuit auto-pick within 2 km, laps detected from its
 * gates, device-format texts and file name); this adds what the screen knows: the circuits on this device and
 * the circuit's time zone for the file name's wall-clock time.
 */
import type { Circuit } from '../../contracts/entities';
import { finishImport, importFile, type FinishedImport } from '../../domain/formats/import-session';

export type PreparedImport = FinishedImport & { circuit: Circuit | null };

/** Minutes east of UTC of a time zone at an instant; null when the zone is unknown to this runtime. */
export function utcOffsetMinutes(iso: string, timeZone: string | null | undefined): number | null {
  if (!timeZone) return null;
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return null;
  try {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
    return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
  } catch {
    return null;
  }
}

/** `lapsText`: the ASTRO laps file picked with an ASTRO nmea file (its laps are kept instead of detected). */
export function prepareImport(fileName: string, text: string, circuits: readonly Circuit[], lastModified?: number, lapsText?: string): PreparedImport {
  const imported = importFile(fileName, text, { fallbackDate: lastModified, astroLaps: lapsText });
  const first = finishImport(imported, circuits);
  const circuit = (first.circuit as Circuit | null) ?? null;
  const offset = utcOffsetMinutes(imported.startedAt, circuit?.country?.timezone);
  // Name the session in the circuit's local time when its zone is known (the device names files that way).
  const finished = offset === null ? first : finishImport(imported, circuits, { circuit, utcOffsetMinutes: offset });
  return { ...finished, circuit };
}

