import { createHash } from 'node:crypto';
import { parseLapsText, type ParsedLaps } from '../../src/domain/parse-laps';

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

/** Derived columns stored with the texts: byte sizes, content hash (dedupe), best lap and lap rows. */
export function deriveSessionStats(laps: string, coordinates: string): SessionStats {
  const parsed = parseLapsText(laps);
  const rows = parsed.laps.filter((l) => fitsInteger(l.lapNumber) && fitsInteger(l.timeMs) && l.sectorsMs.every(fitsInteger));
  let bestLapMs: number | null = null;
  // A loop, not Math.min(...times): a spread of 125,000 laps overflows the stack.
  for (const l of rows) if (l.valid && (bestLapMs === null || l.timeMs < bestLapMs)) bestLapMs = l.timeMs;
  return {
    lapsBytes: Buffer.byteLength(laps, 'utf8'),
    coordinatesBytes: Buffer.byteLength(coordinates, 'utf8'),
    contentSha256: createHash('sha256').update(laps, 'utf8').update('\0').update(coordinates, 'utf8').digest('hex'),
    bestLapMs,
    lapCount: rows.length,
    rows,
  };
}
