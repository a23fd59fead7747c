/**
 * Resampling a lap by distance: one sample every `stepM` metres from the start (0, step, 2 step, ... up to the
 * lap's length), every column interpolated linearly between the fixes around that distance. Where the car
 * stood still (equal distances), the first arrival at a distance is used.
 */
import { DomainError } from '../errors';
import type { LapTrace } from './lap-trace';

export interface ResampledLap {
  stepM: number;
  count: number;
  distanceM: Float64Array;
  timeMs: Float64Array;
  speedKmh: Float32Array;
  lat: Float64Array;
  lon: Float64Array;
  /** The whole lap's length and time (the last sample may fall short of the length by < stepM). */
  totalDistanceM: number;
  totalTimeMs: number;
}

export function resampleByDistance(trace: LapTrace, stepM: number): ResampledLap {
  if (!(stepM > 0)) throw new DomainError('invalid-argument', 'stepM must be positive');
  const total = trace.count > 0 ? trace.distanceM[trace.count - 1] : 0;
  const count = trace.count > 0 ? Math.floor(total / stepM + 1e-9) + 1 : 0;
  const out: ResampledLap = {
    stepM,
    count,
    distanceM: new Float64Array(count),
    timeMs: new Float64Array(count),
    speedKmh: new Float32Array(count),
    lat: new Float64Array(count),
    lon: new Float64Array(count),
    totalDistanceM: total,
    totalTimeMs: trace.count > 0 ? trace.timeMs[trace.count - 1] : 0,
  };
  const cursor = new DistanceCursor(trace);
  for (let k = 0; k < count; k++) {
    const d = k * stepM;
    cursor.seek(d);
    out.distanceM[k] = d;
    out.timeMs[k] = cursor.value(trace.timeMs);
    out.speedKmh[k] = cursor.value(trace.speedKmh);
    out.lat[k] = cursor.value(trace.lat);
    out.lon[k] = cursor.value(trace.lon);
  }
  return out;
}

/** Speed against distance, the chart's series (a resample keeping only the two columns). */
export function speedVsDistance(trace: LapTrace, stepM: number): { distanceM: Float64Array; speedKmh: Float32Array } {
  const r = resampleByDistance(trace, stepM);
  return { distanceM: r.distanceM, speedKmh: r.speedKmh };
}

/**
 * Walks a trace by distance, interpolating any column at the current distance. Moving forward is amortised
 * O(1) a step (whole-lap resampling stays linear); moving back walks back.
 */
export class DistanceCursor {
  private j = 0;
  private f = 0;

  constructor(private readonly trace: LapTrace) {}

  /** Moves to distance d (clamped to the trace). */
  seek(d: number): void {
    const dist = this.trace.distanceM;
    const n = this.trace.count;
    if (n < 2) {
      this.j = 0;
      this.f = 0;
      return;
    }
    if (d <= dist[0]) {
      this.j = 0;
      this.f = 0;
      return;
    }
    while (this.j > 0 && dist[this.j] >= d) this.j--;
    while (this.j < n - 2 && dist[this.j + 1] < d) this.j++;
    const a = dist[this.j];
    const b = dist[this.j + 1];
    this.f = b > a ? Math.min(1, Math.max(0, (d - a) / (b - a))) : 1;
  }

  value(column: ArrayLike<number>): number {
    if (this.trace.count === 0) return NaN;
    if (this.trace.count === 1) return column[0];
    return column[this.j] + this.f * (column[this.j + 1] - column[this.j]);
  }
}
