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

/**
 * The distance into a lap (metres from its first fix) at a session time, linear between fixes; null outside the
 * lap.
 */
export function lapDistanceAt(positions: PositionColumns, span: LapSpan, sessionMs: number): number | null {
  if (!(sessionMs >= span.startMs && sessionMs <= span.endMs)) return null;
  const start = fixIndexAt(positions, span.startMs);
  const i = fixIndexAt(positions, sessionMs);
  if (start < 0 || i < 0) return null;
  const j = Math.min(positions.count - 1, i + 1);
  const t0 = positions.timeMs[i];
  const t1 = positions.timeMs[j];
  const f = t1 > t0 ? Math.min(1, (sessionMs - t0) / (t1 - t0)) : 0;
  const d = positions.distanceM[i] + f * (positions.distanceM[j] - positions.distanceM[i]);
  return d - positions.distanceM[start];
}

/**
 * The session time at which a lap reaches a distance into it, linear between the two fixes around it (binary
 * search: distance never decreases along a trace); the lap's end when it is shorter than that, its start for a
 * negative distance.
 */
export function lapTimeAtDistance(positions: PositionColumns, span: LapSpan, distanceM: number): number {
  const start = fixIndexAt(positions, span.startMs);
  const end = fixIndexAt(positions, span.endMs);
  if (start < 0 || end <= start) return span.startMs;
  const base = positions.distanceM[start];
  const target = base + distanceM;
  if (target <= base) return positions.timeMs[start];
  if (target >= positions.distanceM[end]) return positions.timeMs[end];
  let lo = start;
  let hi = end;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (positions.distanceM[mid] <= target) lo = mid;
    else hi = mid;
  }
  const d0 = positions.distanceM[lo];
  const d1 = positions.distanceM[hi];
  const f = d1 > d0 ? (target - d0) / (d1 - d0) : 0;
  return positions.timeMs[lo] + f * (positions.timeMs[hi] - positions.timeMs[lo]);
}

/** The session time of the lap's fix nearest a point (a click on the map); null for a lap without fixes. */
export function lapTimeNearPoint(positions: PositionColumns, span: LapSpan, lat: number, lon: number): number | null {
  const start = fixIndexAt(positions, span.startMs);
  const end = fixIndexAt(positions, span.endMs);
  if (start < 0) return null;
  const kx = Math.cos((lat * Math.PI) / 180);
  let best = -1;
  let bestD = Infinity;
  for (let i = start; i <= end; i++) {
    const dx = (positions.lon[i] - lon) * kx;
    const dy = positions.lat[i] - lat;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best < 0 ? null : positions.timeMs[best];
}

/**
 * The outline an overlay's track map draws: lap 1's fixes (else the first span's), every third one (a 25 Hz lap of
 * two minutes is 3,000 fixes; a map gauge a few hundred pixels wide needs far fewer). Null without a lap.
 */
export function lapOutline(positions: PositionColumns, spans: readonly LapSpan[]): { lat: number[]; lon: number[] } | null {
  const span = spans.find((s) => s.lap === 1) ?? spans[0];
  if (!span) return null;
  const lat: number[] = [];
  const lon: number[] = [];
  for (let i = 0; i < positions.count; i += 3) {
    if (positions.timeMs[i] < span.startMs || positions.timeMs[i] > span.endMs) continue;
    lat.push(positions.lat[i]);
    lon.push(positions.lon[i]);
  }
  return { lat, lon };
}
