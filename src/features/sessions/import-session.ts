/**
 * Import from disk: ASTRO position files, VBO (RaceBox, VBOX, Dragy, RaceChrono), NMEA 0183, GPX, KML,
 * Dove/LapWing logs, Garmin FIT, GoPro videos' GPS and the CSV exports of other loggers (RaceChrono, AiM, MoTeC,
 * RaceBox, TrackAddict, Harry's LapTimer: domain/formats/import-registry.ts lists them) become a session like one
 * downloaded from ASTRO. The domain does the work
 * (src/domain/formats/import-session.ts: format by content, circuit auto-pick within 2 km, laps detected from its
 * gates, device-format texts and file name); this adds what the screen knows: the circuits on this device and
 * the circuit's time zone for the file name's wall-clock time.
 */
import type { Circuit } from '../../contracts/entities';
import { zoneOffsetMinutes } from '../../domain/format/wall-clock';
import { blobSource } from '../../domain/gpmf/byte-source';
import { finishImport, importFile, importFileSource, type FinishedImport } from '../../domain/formats/import-session';
import type { ImportedSession } from '../../domain/formats/import-types';

export type PreparedImport = FinishedImport & { circuit: Circuit | null };

/** Minutes east of UTC of a time zone at an instant; null when the zone is unknown to this runtime. */
export function utcOffsetMinutes(iso: string, timeZone: string | null | undefined): number | null {
  return timeZone ? zoneOffsetMinutes(Date.parse(iso), timeZone) : null;
}

/** `lapsText`: the ASTRO laps file picked with an ASTRO nmea file (its laps are kept instead of detected). */
export function prepareImport(fileName: string, text: string, circuits: readonly Circuit[], lastModified?: number, lapsText?: string): PreparedImport {
  return prepareImported(importFile(fileName, text, { fallbackDate: lastModified, astroLaps: lapsText }), circuits);
}

/** Any picked file, binary formats included (read by parts: a video is never loaded whole). */
export async function prepareImportFile(file: File, circuits: readonly Circuit[], lapsText?: string): Promise<PreparedImport> {
  return prepareImported(await importFileSource(file.name, blobSource(file), { fallbackDate: file.lastModified, astroLaps: lapsText }), circuits);
}

function prepareImported(imported: ImportedSession, circuits: readonly Circuit[]): PreparedImport {
  const first = finishImport(imported, circuits);
  const circuit = (first.circuit as Circuit | null) ?? null;
  const offset = utcOffsetMinutes(imported.startedAt, circuit?.country?.timezone);
  // Name the session in the circuit's local time when its zone is known (the device names files that way).
  const finished = offset === null ? first : finishImport(imported, circuits, { circuit, utcOffsetMinutes: offset });
  return { ...finished, circuit };
}

