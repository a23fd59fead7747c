/**
 * Session times of laps, from the fix columns: a lap starts at its first fix (the device's start/finish crossing)
 * and ends where the next lap starts. Only what video sync and 'play lap N' need.
 */
import type { PositionColumns } from '../session-types';

export interface LapSpan {
  lap: number;
  startMs: number;
  endMs: number;
}

/** Each lap's span in session time, in lap order (lap 0, the out lap, included when it has fixes). */
export function lapSpans(positions: PositionColumns): LapSpan[] {
  const spans: LapSpan[] = [];
  let current: LapSpan | null = null;
  for (let i = 0; i < positions.count; i++) {
    const t = positions.timeMs[i];
    if (!Number.isFinite(t)) continue;
    const lap = positions.lap[i];
    if (!current || lap !== current.lap) {
      if (current) current.endMs = t;
      current = { lap, startMs: t, endMs: t };
      spans.push(current);
    } else current.endMs = t;
  }
  return spans;
}

/** The fix index at or just before a session time (binary search; -1 before the first fix). */
export function fixIndexAt(positions: PositionColumns, sessionMs: number): number {
  let lo = 0;
  let hi = positions.count - 1;
  if (hi < 0 || !(sessionMs >= positions.timeMs[0])) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (positions.timeMs[mid] <= sessionMs) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The session time at which a lap reaches a distance into it (metres from its first fix); null past its end. */
export function sessionTimeAtLapDistance(positions: PositionColumns, span: LapSpan, distanceM: number): number | null {
  const start = fixIndexAt(positions, span.startMs);
  const end = fixIndexAt(positions, span.endMs);
  if (start < 0) return null;
  const base = positions.distanceM[start];
  for (let i = start; i <= end; i++) if (positions.distanceM[i] - base >= distanceM) return positions.timeMs[i];
  return null;
}
