/**
 * The device-style file name an imported session is stored under: `YYYYMMDD_HHMM_<name>` in the track's wall-clock
 * time, named after its circuit, else the track the logger says, else the picked file's base name.
 */
import { sessionFileName } from '../value-format/session-name';
import { hasZone } from '../value-format/wall-clock';
import type { CircuitCandidate } from './pick-circuit';
import type { ImportedSession } from './import-types';

/** The base name of a picked file, fit for a session file name ('Road America run 4.vbo' -> 'Road America run 4'). */
function sourceBaseName(fileName: string | undefined): string {
  return fileNameSafe((fileName ?? '').replace(/^.*[\\/]/, '').replace(/\.[a-z0-9]{1,5}$/i, ''));
}

/** A text fit for a session file name: no path or reserved characters, no underscores (they separate its parts), 60 at most. */
function fileNameSafe(text: string): string {
  return text.replace(/[\\/:*?"<>|\r\n_]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 60);
}

/**
 * What names an imported session after its date: its circuit, else the track the logger says it was on, else the
 * picked file's base name.
 */
export function sessionBaseName(imported: ImportedSession, circuit: CircuitCandidate | null, sourceName: string | undefined): string {
  return circuit?.name ?? (fileNameSafe(imported.details?.venue ?? '') || sourceBaseName(sourceName) || 'Imported');
}

/**
 * Device-style file name for a session start. A zone-less start (ASTRO's wall clock) is used as written; a
 * zoned one is moved to local wall-clock time by `utcOffsetMinutes` (default: this runtime's zone).
 */
export function importFileName(startedAt: string, circuitName: string, utcOffsetMinutes?: number): string {
  const zoned = hasZone(startedAt);
  const ms = Date.parse(zoned ? startedAt : `${startedAt}Z`);
  const safeName = circuitName.replace(/[\\/:*?"<>|\r\n]/g, ' ').trim() || 'Imported';
  if (!Number.isFinite(ms)) return `19700101_0000_${safeName}`;
  const offset = !zoned ? 0 : (utcOffsetMinutes ?? -new Date(ms).getTimezoneOffset());
  const d = new Date(ms + offset * 60_000);
  return sessionFileName({
    circuitName: safeName,
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  });
}
