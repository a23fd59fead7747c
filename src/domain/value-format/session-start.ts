/**
 * One rule for when a session started, whatever its source: the stored start (Session.date) is the UTC instant of
 * its first fix, to the millisecond, when the source knows it (every GNSS log: VBO, NMEA, GPX, FIT, GoPro GPS, the
 * loggers' CSVs with UTC times). A source that knows only a wall-clock time at the track (ASTRO's file names, to
 * the minute; AiM, MoTeC and Harry's LapTimer exports) gives that time read in the track's zone, and says how far
 * after it the first fix may be (`accuracyMs`): a video's GPS time can only be matched within that. Names and
 * screens show the instant in the track's local time (wall-clock.ts).
 */
import { parseSessionFileName, sessionIsoDate } from './session-name';
import { hasZone, wallClockToInstant } from './wall-clock';

/** A whole minute, ms: how precisely a device file name ('YYYYMMDD_HHMM_...') dates its session. */
export const MINUTE_MS = 60_000;

export interface SessionStart {
  /** ISO instant ('2025-08-01T19:43:33.680Z'). */
  date: string;
  /** How much later than `date` the first fix may be, ms: 0 when `date` is the first fix's own time. */
  accuracyMs: number;
}

/** 'YYYY-MM-DDTHH:mm' with no seconds or seconds and milliseconds all zero: a time written to the minute. */
const WHOLE_MINUTE = /T\d{2}:\d{2}(?::00(?:\.0+)?)?$/;

/**
 * The stored start of a session whose first fix the importer dated `startedAt` (import-types.ts: UTC with a zone,
 * or a zone-less wall clock at the track). `timeZone`: the track's IANA zone (null: this runtime's, the racer is
 * usually at the track). Null when `startedAt` is no date-time.
 */
export function sessionStartOf(startedAt: string, timeZone: string | null | undefined): SessionStart | null {
  if (hasZone(startedAt)) {
    const ms = Date.parse(startedAt);
    return Number.isFinite(ms) ? { date: new Date(ms).toISOString(), accuracyMs: 0 } : null;
  }
  const instant = wallClockToInstant(startedAt, timeZone);
  if (!hasZone(instant)) return null;
  return { date: instant, accuracyMs: WHOLE_MINUTE.test(startedAt) ? MINUTE_MS : 0 };
}

/**
 * The start a device file name gives ('20260412_1030_Braga': 10:30 at the track, in `timeZone`), known to the
 * minute; null for a name that is not a device name.
 */
export function sessionStartFromFileName(fileName: string, timeZone: string | null | undefined): SessionStart | null {
  let wallClock: string;
  try {
    wallClock = sessionIsoDate(parseSessionFileName(fileName));
  } catch {
    return null;
  }
  const instant = wallClockToInstant(wallClock, timeZone);
  return hasZone(instant) ? { date: instant, accuracyMs: MINUTE_MS } : null;
}

/**
 * How much later than a stored `date` the first fix may be, ms: what the row says (`accuracyMs`), else, for rows
 * of older builds and of the server (which keep no such field), a minute when the date is a whole minute (dated
 * from a device file name) and 0 otherwise.
 */
export function startAccuracyMs(date: string, accuracyMs?: number | null): number {
  if (typeof accuracyMs === 'number' && accuracyMs >= 0) return accuracyMs;
  const ms = Date.parse(date);
  return Number.isFinite(ms) && ms % MINUTE_MS === 0 ? MINUTE_MS : 0;
}
