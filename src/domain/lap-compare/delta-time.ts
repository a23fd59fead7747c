/**
 * Delta time of a lap against a reference lap along distance: at each distance d of the reference, the time the
 * lap took to get there minus the time the reference took. Positive = the lap is behind.
 *
 * Two laps never measure exactly the same length (different lines, GPS noise), so by default the lap's distance
 * is scaled to the reference's (`normalise`): the same fraction of the lap is compared with the same fraction of
 * the reference, and the last value is exactly the difference of the two lap times. Without it, distances are
 * compared as measured and the delta is NaN where the lap is shorter than the reference.
 */
import { DomainError } from '../errors';
import type { LapTrace } from './lap-trace';
import { DistanceCursor } from './resample';

export interface DeltaOptions {
  /** Grid step along the reference, metres. Default 1. */
  stepM?: number;
  /** Scale the lap's distance to the reference's length. Default true. */
  normalise?: boolean;
}

export interface DeltaSeries {
  /** Distances along the reference: 0, step, ... and the reference's full length last. */
  distanceM: Float64Array;
  deltaMs: Float64Array;
}

export function deltaTime(lap: LapTrace, reference: LapTrace, options: DeltaOptions = {}): DeltaSeries {
  const stepM = options.stepM ?? 1;
  if (!(stepM > 0)) throw new DomainError('invalid-argument', 'stepM must be positive');
  if (lap.count < 2 || reference.count < 2) return { distanceM: new Float64Array(0), deltaMs: new Float64Array(0) };
  const refTotal = reference.distanceM[reference.count - 1];
  const lapTotal = lap.distanceM[lap.count - 1];
  const normalise = options.normalise ?? true;
  const scale = normalise && refTotal > 0 ? lapTotal / refTotal : 1;
  const steps = Math.floor(refTotal / stepM + 1e-9);
  const exact = Math.abs(steps * stepM - refTotal) < 1e-9;
  const count = steps + (exact ? 1 : 2);
  const distanceM = new Float64Array(count);
  const deltaMs = new Float64Array(count);
  const ref = new DistanceCursor(reference);
  const own = new DistanceCursor(lap);
  for (let k = 0; k < count; k++) {
    const d = k === count - 1 ? refTotal : k * stepM;
    distanceM[k] = d;
    ref.seek(d);
    const lapD = d * scale;
    if (lapD > lapTotal + 1e-9) {
      deltaMs[k] = NaN;
      continue;
    }
    own.seek(lapD);
    deltaMs[k] = own.value(lap.timeMs) - ref.value(reference.timeMs);
  }
  return { distanceM, deltaMs };
}

/**
 * Delta at one reference distance from a series (linear between grid points).
 * @internal Exported for its tests.
 */
export function deltaAt(series: DeltaSeries, d: number): number {
  const { distanceM, deltaMs } = series;
  const n = distanceM.length;
  if (n === 0) return NaN;
  if (d <= distanceM[0]) return deltaMs[0];
  if (d >= distanceM[n - 1]) return deltaMs[n - 1];
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (distanceM[mid] <= d) lo = mid;
    else hi = mid;
  }
  const f = (d - distanceM[lo]) / (distanceM[hi] - distanceM[lo]);
  return deltaMs[lo] + f * (deltaMs[hi] - deltaMs[lo]);
}
