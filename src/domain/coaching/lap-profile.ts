/**
 * A lap's speed, longitudinal g and time on a fixed grid along a reference's distance (every `stepM` metres
 * from 0 to `lengthM`), the lap's own distance scaled to that length as in the delta chart (delta-time.ts), so
 * that the same index is the same place on track in every lap compared.
 */
import type { LapTrace } from '../lap-compare/lap-trace';
import { DistanceCursor } from '../lap-compare/resample';
import { accelerationOf, type AccelerationColumns } from './acceleration';

export interface LapProfile {
  stepM: number;
  count: number;
  /** Reference distance of each sample, metres: 0, step, ..., the last <= lengthM. */
  distanceM: Float64Array;
  speedKmh: Float32Array;
  longitudinalG: Float32Array;
  lateralG: Float32Array;
  /** Time since the lap's start, ms. */
  timeMs: Float64Array;
}

/** `acceleration`: the trace's own, fix for fix, when already computed (else computed here). */
export function lapProfile(trace: LapTrace, lengthM: number, stepM = 1, acceleration?: AccelerationColumns): LapProfile {
  const count = trace.count >= 2 && lengthM > 0 ? Math.floor(lengthM / stepM + 1e-9) + 1 : 0;
  const p: LapProfile = {
    stepM,
    count,
    distanceM: new Float64Array(count),
    speedKmh: new Float32Array(count),
    longitudinalG: new Float32Array(count),
    lateralG: new Float32Array(count),
    timeMs: new Float64Array(count),
  };
  if (count === 0) return p;
  const accel = acceleration ?? accelerationOf(trace);
  const scale = trace.distanceM[trace.count - 1] / lengthM;
  const cursor = new DistanceCursor(trace);
  for (let k = 0; k < count; k++) {
    const d = k * stepM;
    cursor.seek(d * scale);
    p.distanceM[k] = d;
    p.speedKmh[k] = cursor.value(trace.speedKmh);
    p.longitudinalG[k] = cursor.value(accel.longitudinalG);
    p.lateralG[k] = cursor.value(accel.lateralG);
    p.timeMs[k] = cursor.value(trace.timeMs);
  }
  return p;
}

/**
 * A lap's profile read only where asked: `speedKmh(k)` and `timeMs(k)` are the values lapProfile puts at grid index
 * k (the same interpolation, speed rounded to float32 as its column stores it), without building the whole grid. The
 * session's consistency needs every racing lap's minimum speed per corner and its time at a few zone boundaries,
 * not its full profile at every step with its g.
 */
export class LapProfileSampler {
  readonly count: number;
  private readonly cursor: DistanceCursor;
  private readonly scale: number;

  constructor(
    private readonly trace: LapTrace,
    lengthM: number,
    readonly stepM: number,
  ) {
    this.count = trace.count >= 2 && lengthM > 0 ? Math.floor(lengthM / stepM + 1e-9) + 1 : 0;
    this.scale = this.count > 0 ? trace.distanceM[trace.count - 1] / lengthM : 1;
    this.cursor = new DistanceCursor(trace);
  }

  speedKmh(k: number): number {
    this.cursor.seek(k * this.stepM * this.scale);
    return Math.fround(this.cursor.value(this.trace.speedKmh));
  }

  /**
   * Found by bisection, not by walking the cursor (callers read a few indices far apart): the same segment and
   * fraction DistanceCursor.seek lands on, which does not depend on where the cursor came from.
   */
  timeMs(k: number): number {
    const { trace } = this;
    const dist = trace.distanceM;
    const n = trace.count;
    if (n === 0) return NaN;
    if (n === 1) return trace.timeMs[0];
    const d = k * this.stepM * this.scale;
    if (d <= dist[0]) return trace.timeMs[0];
    // The first segment j (at most n - 2) whose end reaches d, as the cursor's forward walk stops at.
    let lo = 0;
    let hi = n - 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (dist[mid + 1] < d) lo = mid + 1;
      else hi = mid;
    }
    const a = dist[lo];
    const b = dist[lo + 1];
    const f = b > a ? Math.min(1, Math.max(0, (d - a) / (b - a))) : 1;
    return trace.timeMs[lo] + f * (trace.timeMs[lo + 1] - trace.timeMs[lo]);
  }
}
