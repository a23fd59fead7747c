/**
 * How consistent a driver was over a session, beyond the lap-time standard deviation (analysis/consistency.ts):
 * - lap-time spread: the range (slowest - fastest) and the sample standard deviation of the laps given;
 * - per corner: the mean and the sample standard deviation of each lap's minimum speed there;
 * - clean laps: laps within CLEAN_TIME_FRACTION of the fastest that lose no more than CLEAN_ZONE_LOSS_MS against it
 *   in any corner zone (coach-findings.ts), i.e. laps without a mistake, a lock-up or traffic in one place.
 */
import { consistency } from '../analysis/consistency';
import type { CornerColumns } from '../lap-compare/corners';
import { cornerZones, zoneLosses } from './corner-zones';
import type { CornerPoints } from './corner-points';
import type { LapProfile } from './lap-profile';

const CLEAN_TIME_FRACTION = 0.03;
const CLEAN_ZONE_LOSS_MS = 300;

export interface ConsistencyLap {
  timeMs: number;
  /** The lap on the reference's grid: only its time at the zones' boundaries is read (zoneBoundaryIndices). */
  profile: Pick<LapProfile, 'count' | 'stepM'> & { timeMs: ArrayLike<number> };
  /** The fastest lap's in full (its braking points place the zones); the others' minimum speeds are enough. */
  points: CornerPoints;
}

export interface SessionConsistency {
  laps: number;
  lapTimeRangeMs: number;
  lapTimeStdDevMs: number;
  /** Per corner (of `corners`): mean and standard deviation of the laps' minimum speed, km/h. */
  cornerMinSpeedMeanKmh: Float32Array;
  cornerMinSpeedStdDevKmh: Float32Array;
  /** Indices (into the laps given) of the clean laps, in order. */
  cleanLaps: Int32Array;
}

function meanAndSd(values: readonly number[]): { mean: number; sd: number } {
  const v = values.filter(Number.isFinite);
  if (v.length === 0) return { mean: NaN, sd: NaN };
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  const sd = v.length > 1 ? Math.sqrt(v.reduce((a, x) => a + (x - mean) ** 2, 0) / (v.length - 1)) : 0;
  return { mean, sd };
}

export function sessionConsistency(laps: readonly ConsistencyLap[], corners: CornerColumns): SessionConsistency {
  // The lap-time spread is the one definition of the app (analysis/consistency.ts), so the lap table and the coach
  // show the same figure over the same laps.
  const spread = consistency(laps.map((l, j) => ({ lapNumber: j, timeMs: l.timeMs })));
  const n = corners.count;
  const out: SessionConsistency = {
    laps: laps.length,
    lapTimeRangeMs: spread.rangeMs,
    lapTimeStdDevMs: spread.stdDevMs,
    cornerMinSpeedMeanKmh: new Float32Array(n),
    cornerMinSpeedStdDevKmh: new Float32Array(n),
    cleanLaps: new Int32Array(0),
  };
  for (let i = 0; i < n; i++) {
    const s = meanAndSd(laps.map((l) => l.points.minSpeedKmh[i]));
    out.cornerMinSpeedMeanKmh[i] = s.mean;
    out.cornerMinSpeedStdDevKmh[i] = s.sd;
  }
  if (laps.length === 0) return out;
  let best = 0;
  laps.forEach((l, j) => {
    if (l.timeMs < laps[best].timeMs) best = j;
  });
  const zones = cornerZones(corners, laps[best].points);
  const clean: number[] = [];
  laps.forEach((l, j) => {
    if (l.timeMs > laps[best].timeMs * (1 + CLEAN_TIME_FRACTION)) return;
    const losses = zoneLosses(l.profile, laps[best].profile, zones);
    if (losses.every((x) => !(x > CLEAN_ZONE_LOSS_MS))) clean.push(j);
  });
  out.cleanLaps = Int32Array.from(clean);
  return out;
}
