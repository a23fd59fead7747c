import { createHash } from 'node:crypto';
import { parseLapsCounting, type ParsedLaps } from '../../src/domain/parse-laps';
import { MAX_LAPS } from '../../src/contracts/session-bounds';
import { ApiError } from '../errors';

/** A lap row as stored in session_laps. */
export type LapRow = ParsedLaps['laps'][number];

/** What the server stores alongside a session's texts. */
export interface SessionStats {
  lapsBytes: number;
  coordinatesBytes: number;
  /** Of both texts, for deduplicating re-uploads. */
  contentSha256: string;
  /** The fastest valid lap, null without one. */
  bestLapMs: number | null;
  lapCount: number;
  rows: LapRow[];
}

/** PostgreSQL's integer: lap rows with a value beyond it are left out rather than refused by the insert. */
const fitsInteger = (n: number) => Number.isInteger(n) && Math.abs(n) < 2_147_483_647;

/**
 * Derived columns stored with the texts (the position text as its UTF-8 bytes: hashing a 40 MiB string made a
 * 40 MiB UTF-8 copy of it first): byte sizes, content hash (dedupe), best lap and lap rows. Bad lap lines
 * are only counted (the text is stored as it is); more than MAX_LAPS laps is a 400.
 */
export function deriveSessionStats(laps: string, coordinates: Uint8Array): SessionStats {
  const parsed = parseLapsCounting(laps);
  if (parsed.laps.length > MAX_LAPS) {
    throw new ApiError(400, 'VALIDATION', { id: 'invalidBody', params: { details: `laps: more than ${MAX_LAPS} laps` } }, { laps: `At most ${MAX_LAPS} laps` });
  }
  const rows = parsed.laps.filter((l) => fitsInteger(l.lapNumber) && fitsInteger(l.timeMs) && l.sectorsMs.every(fitsInteger));
  let bestLapMs: number | null = null;
  // A loop, not Math.min(...times): a spread of 125,000 laps overflows the stack.
  for (const l of rows) if (l.valid && (bestLapMs === null || l.timeMs < bestLapMs)) bestLapMs = l.timeMs;
  return {
    lapsBytes: Buffer.byteLength(laps, 'utf8'),
    coordinatesBytes: coordinates.byteLength,
    // The same hash as of the text: its UTF-8 bytes are what was hashed.
    contentSha256: createHash('sha256').update(laps, 'utf8').update('\0').update(coordinates).digest('hex'),
    bestLapMs,
    lapCount: rows.length,
    rows,
  };
}
