/**
 * Per-lap figures computed from the position columns in one pass: distance, min/max/average speed and the
 * index range of the lap's fixes (so a view can draw `lat.subarray(start, end)` without copying).
 *
 * Conventions: a step between two consecutive fixes is counted in the lap of the later fix, so the laps'
 * distances add up to the trace's total; the average speed is the mean of the fixes' speeds, which at the
 * device's fixed 25 Hz rate is the time-weighted mean. Lap 0 (before the first start/finish crossing) is
 * computed like any other lap; callers ignore it.
 */
import type { PositionColumns } from '../session-types';

export interface LapPositionStats {
  lapNumber: number;
  /** Number of fixes in the lap. */
  fixes: number;
  /** First fix index of the lap, and one past its last (fixes of a lap are contiguous on the device). */
  startIndex: number;
  endIndex: number;
  distanceM: number;
  minSpeedKmh: number;
  maxSpeedKmh: number;
  averageSpeedKmh: number;
}

/** Returns one entry per lap number present in the columns, sorted by lap number. */
export function lapPositionStats(positions: PositionColumns): LapPositionStats[] {
  const { count, lap, speedKmh, distanceM } = positions;
  const byLap = new Map<number, LapPositionStats & { speedSum: number }>();
  let current: (LapPositionStats & { speedSum: number }) | undefined;
  let currentLap = -1;
  for (let i = 0; i < count; i++) {
    const l = lap[i];
    if (l !== currentLap) {
      currentLap = l;
      current = byLap.get(l);
      if (!current) {
        current = {
          lapNumber: l,
          fixes: 0,
          startIndex: i,
          endIndex: i + 1,
          distanceM: 0,
          minSpeedKmh: Infinity,
          maxSpeedKmh: -Infinity,
          averageSpeedKmh: 0,
          speedSum: 0,
        };
        byLap.set(l, current);
      }
    }
    const c = current as LapPositionStats & { speedSum: number };
    const v = speedKmh[i];
    c.fixes++;
    c.endIndex = i + 1;
    c.speedSum += v;
    if (v < c.minSpeedKmh) c.minSpeedKmh = v;
    if (v > c.maxSpeedKmh) c.maxSpeedKmh = v;
    if (i > 0) c.distanceM += distanceM[i] - distanceM[i - 1];
  }
  return [...byLap.values()]
    .sort((a, b) => a.lapNumber - b.lapNumber)
    .map(({ speedSum, ...s }) => ({ ...s, averageSpeedKmh: s.fixes > 0 ? speedSum / s.fixes : 0 }));
}
