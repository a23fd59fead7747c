/**
 * Automatic corner detection from curvature, and per-corner figures of a lap against a reference.
 *
 * The reference lap is resampled every `stepM` metres and projected to a local plane; the heading between
 * consecutive samples is unwrapped and smoothed with a centred moving average over `smoothingM` metres (GPS
 * noise turns into heading noise at short spacings). Curvature is the smoothed heading's rate of change per
 * metre (rad/m, positive = turning clockwise = a right-hander). A corner is a stretch where |curvature| stays
 * above `minCurvature` in one direction (stretches of the same direction less than `mergeGapM` apart are one
 * corner, e.g. a double apex), kept if it turns at least `minHeadingChangeDeg` in total. What a lap does in them
 * (zones, minimum speeds, time lost) is the corner model's (coaching/lap-corners.ts).
 */
import { createLocalProjection } from '../geo/local-projection';
import { DomainError } from '../errors';
import type { LapTrace } from './lap-trace';
import { resampleByDistance } from './resample';

export interface CornerOptions {
  /** Resampling step, metres. Default 2. */
  stepM?: number;
  /** Heading smoothing window, metres. Default 20. */
  smoothingM?: number;
  /** Curvature above which the track is "turning", 1/m. Default 1/250 (radius 250 m). */
  minCurvature?: number;
  /** Smallest total heading change of a corner, degrees. Default 20. */
  minHeadingChangeDeg?: number;
  /** Same-direction turning stretches closer than this are merged, metres. Default 15. */
  mergeGapM?: number;
}

/** Corners as columns, in driving order; distances are along the reference lap. */
export interface CornerColumns {
  count: number;
  startM: Float64Array;
  /** Where the curvature peaks. */
  apexM: Float64Array;
  endM: Float64Array;
  /** +1 right-hander, -1 left-hander. */
  direction: Int8Array;
  /** Total heading change, degrees (signed like `direction`). */
  headingChangeDeg: Float64Array;
  /** Tightest radius, metres (1 / peak curvature). */
  minRadiusM: Float64Array;
}

export function detectCorners(reference: LapTrace, options: CornerOptions = {}): CornerColumns {
  const stepM = options.stepM ?? 2;
  const smoothingM = options.smoothingM ?? 20;
  const minCurvature = options.minCurvature ?? 1 / 250;
  const minChange = ((options.minHeadingChangeDeg ?? 20) * Math.PI) / 180;
  const mergeGap = Math.round((options.mergeGapM ?? 15) / stepM);
  if (!(stepM > 0) || !(smoothingM >= 0)) throw new DomainError('invalid-argument', 'stepM and smoothingM must be positive');

  const r = resampleByDistance(reference, stepM);
  const n = r.count;
  if (n < 4) return emptyCorners();
  const projection = createLocalProjection(r.lat[0], r.lon[0]);
  // Heading of segment k (sample k to k + 1), unwrapped, in radians clockwise from north.
  const heading = new Float64Array(n - 1);
  for (let k = 0; k < n - 1; k++) {
    const dx = projection.x(r.lon[k + 1]) - projection.x(r.lon[k]);
    const dy = projection.y(r.lat[k + 1]) - projection.y(r.lat[k]);
    let h = Math.atan2(dx, dy);
    if (k > 0) {
      const prev = heading[k - 1];
      if (dx === 0 && dy === 0) h = prev;
      while (h - prev > Math.PI) h -= 2 * Math.PI;
      while (h - prev < -Math.PI) h += 2 * Math.PI;
    }
    heading[k] = h;
  }
  const smooth = movingAverage(heading, Math.max(0, Math.round(smoothingM / stepM / 2)));
  // Curvature at segment k: central difference of the smoothed heading.
  const m = smooth.length;
  const curvature = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    const a = Math.max(0, k - 1);
    const b = Math.min(m - 1, k + 1);
    curvature[k] = b > a ? (smooth[b] - smooth[a]) / ((b - a) * stepM) : 0;
  }

  // Turning stretches [from, to] of one sign.
  const stretches: { from: number; to: number; sign: number }[] = [];
  for (let k = 0; k < m; k++) {
    const sign = curvature[k] >= minCurvature ? 1 : curvature[k] <= -minCurvature ? -1 : 0;
    if (sign === 0) continue;
    const last = stretches[stretches.length - 1];
    if (last && last.sign === sign && k - last.to <= mergeGap + 1) last.to = k;
    else stretches.push({ from: k, to: k, sign });
  }

  const kept = stretches
    .map((s) => {
      const change = smooth[Math.min(m - 1, s.to + 1)] - smooth[Math.max(0, s.from - 1)];
      let apex = s.from;
      for (let k = s.from; k <= s.to; k++) if (Math.abs(curvature[k]) > Math.abs(curvature[apex])) apex = k;
      return { ...s, change, apex };
    })
    .filter((s) => Math.abs(s.change) >= minChange);

  const out: CornerColumns = {
    count: kept.length,
    startM: new Float64Array(kept.length),
    apexM: new Float64Array(kept.length),
    endM: new Float64Array(kept.length),
    direction: new Int8Array(kept.length),
    headingChangeDeg: new Float64Array(kept.length),
    minRadiusM: new Float64Array(kept.length),
  };
  kept.forEach((s, i) => {
    // Segment k spans samples k..k+1: its middle is at (k + 0.5) step.
    out.startM[i] = s.from * stepM;
    out.apexM[i] = (s.apex + 0.5) * stepM;
    out.endM[i] = Math.min((s.to + 1) * stepM, r.totalDistanceM);
    out.direction[i] = s.sign;
    out.headingChangeDeg[i] = (s.change * 180) / Math.PI;
    out.minRadiusM[i] = 1 / Math.abs(curvature[s.apex]);
  });
  return out;
}

function emptyCorners(): CornerColumns {
  return {
    count: 0,
    startM: new Float64Array(0),
    apexM: new Float64Array(0),
    endM: new Float64Array(0),
    direction: new Int8Array(0),
    headingChangeDeg: new Float64Array(0),
    minRadiusM: new Float64Array(0),
  };
}

/** Centred moving average with half-window h (shrinks at the ends). */
function movingAverage(values: Float64Array, h: number): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  if (h === 0) {
    out.set(values);
    return out;
  }
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + values[i];
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - h);
    const b = Math.min(n - 1, i + h);
    out[i] = (prefix[b + 1] - prefix[a]) / (b - a + 1);
  }
  return out;
}
