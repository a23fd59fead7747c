import type { SharedLapRow } from '../db/rows';

/** The key of a kept reference lap: one viewer's copy of one lap of one session. */
export const sharedLapKey = (viewerId: number, sessionId: number, lapNumber: number) => `${viewerId}:${sessionId}:${lapNumber}`;

/** Kept reference laps fastest first. */
export function fastestFirst(a: Pick<SharedLapRow, 'slice'>, b: Pick<SharedLapRow, 'slice'>): number {
  return a.slice.lapTimeMs - b.slice.lapTimeMs;
}

/** The keys of the kept laps of `kept` that the server's answer (`available`, the laps still shared) no longer lists. */
export function withdrawnKeys(
  viewerId: number,
  kept: readonly Pick<SharedLapRow, 'key'>[],
  available: readonly { sessionId: number; lapNumber: number }[],
): string[] {
  const still = new Set(available.map((a) => sharedLapKey(viewerId, a.sessionId, a.lapNumber)));
  return kept.filter((r) => !still.has(r.key)).map((r) => r.key);
}
