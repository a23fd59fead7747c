/**
 * Braking and throttle points of a lap in each corner, from its speed and longitudinal g along the reference's
 * distance (lap-profile.ts):
 * - minimum speed: the lowest speed in the corner's window (from APPROACH_M before its start, never at or before the
 *   previous corner's end, to its own end: searchRange), and where it is; neighbouring corners' windows never share
 *   a sample, so two corners never show one minimum;
 * - braking point: the hardest deceleration between the previous corner's minimum (or the lap's start) and this
 *   minimum; if it is harder than BRAKING_G, walking back from it while the deceleration stays beyond the onset
 *   level gives where braking started. The onset level is COAST_G, or ONSET_FRACTION of the hardest deceleration
 *   when that is more: at 170 km/h a road car lifting off decelerates by ~0.2 g from drag alone, and with COAST_G
 *   only that lift, begun before the start line, made the first turn's braking point the lap's first metre.
 *   A corner taken without braking (a lift, flat out) has no braking point (NaN). When the deceleration already
 *   exceeds the onset level at the lap's first sample, braking began before the line: the lap cannot say where,
 *   so the point is NaN with `brakeBeforeStart` set (never a made-up 0);
 * - throttle point: the first place after the minimum where the lap accelerates at THROTTLE_G or more, before the
 *   next corner's window starts (NaN if it never does, e.g. a chicane taken on a lift).
 * The thresholds suit cars, karts and motorcycles alike: a lift off the throttle decelerates by ~0.1-0.2 g, braking
 * starts at ~0.3 g, and power on at corner exit gives more than 0.1 g.
 */
import type { CornerColumns } from '../lap-compare/corners';
import type { LapProfile } from './lap-profile';

/** Metres before a corner's start still searched for its minimum speed (drivers slow down before the turn-in). */
const APPROACH_M = 30;
/**
 * Deceleration that counts as braking, g.
 * @internal Exported for its tests.
 */
export const BRAKING_G = 0.3;
/** Deceleration below which braking has not started yet (a lift or coasting), g. */
const COAST_G = 0.1;
/** Fraction of a corner's hardest deceleration from which braking counts as started. */
const ONSET_FRACTION = 0.25;
/** Acceleration from which the throttle is back on, g. */
const THROTTLE_G = 0.1;

export interface CornerPoints {
  count: number;
  /** Where braking starts, reference metres (NaN: no braking). */
  brakeM: Float64Array;
  brakeSpeedKmh: Float32Array;
  /** 1 where the lap was already braking for the corner at its first sample (brakeM is NaN then). */
  brakeBeforeStart: Uint8Array;
  /** Hardest deceleration before the corner, g (positive number). */
  peakBrakeG: Float32Array;
  minSpeedM: Float64Array;
  minSpeedKmh: Float32Array;
  /** Where acceleration resumes, reference metres (NaN: it does not before the next corner). */
  throttleM: Float64Array;
  throttleSpeedKmh: Float32Array;
}

/**
 * Where corner i's minimum-speed search starts, metres: APPROACH_M before it, but never inside the corner before it
 * (two close turns' windows overlapped, and both took the same minimum: AiM 9 and 10, Rustavi 1 and 2).
 */
export function searchFromM(corners: CornerColumns, i: number): number {
  const from = corners.startM[i] - APPROACH_M;
  return i > 0 ? Math.max(from, corners.endM[i - 1]) : from;
}

/**
 * Corner i's window on a grid of `stepM` with `count` samples: the first and last indices searched for its minimum
 * speed. It starts after the previous corner's last index, so no sample belongs to two corners.
 */
function searchRange(corners: CornerColumns, i: number, stepM: number, count: number): [number, number] {
  const index = (d: number) => Math.max(0, Math.min(count - 1, Math.round(d / stepM)));
  const end = index(corners.endM[i]);
  let from = index(searchFromM(corners, i));
  if (i > 0) from = Math.max(from, index(corners.endM[i - 1]) + 1);
  return [Math.min(from, end), end];
}

export function emptyPoints(n: number): CornerPoints {
  return {
    count: n,
    brakeM: new Float64Array(n).fill(NaN),
    brakeSpeedKmh: new Float32Array(n).fill(NaN),
    brakeBeforeStart: new Uint8Array(n),
    peakBrakeG: new Float32Array(n).fill(NaN),
    minSpeedM: new Float64Array(n).fill(NaN),
    minSpeedKmh: new Float32Array(n).fill(NaN),
    throttleM: new Float64Array(n).fill(NaN),
    throttleSpeedKmh: new Float32Array(n).fill(NaN),
  };
}

export function cornerPoints(profile: LapProfile, corners: CornerColumns): CornerPoints {
  const n = corners.count;
  const out = emptyPoints(n);
  const m = profile.count;
  if (m < 2 || n === 0) return out;
  const { stepM, speedKmh, longitudinalG: g } = profile;
  const minIndex = new Int32Array(n);
  const windowFrom = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const [from, end] = searchRange(corners, i, stepM, m);
    windowFrom[i] = from;
    let best = from;
    for (let k = from; k <= end; k++) if (speedKmh[k] < speedKmh[best]) best = k;
    minIndex[i] = best;
    out.minSpeedM[i] = best * stepM;
    out.minSpeedKmh[i] = speedKmh[best];
  }
  for (let i = 0; i < n; i++) {
    const from = i === 0 ? 0 : minIndex[i - 1];
    let hardest = minIndex[i];
    for (let k = from; k <= minIndex[i]; k++) if (g[k] < g[hardest]) hardest = k;
    if (g[hardest] <= -BRAKING_G) {
      const onset = -Math.max(COAST_G, ONSET_FRACTION * -g[hardest]);
      let start = hardest;
      while (start > from && g[start - 1] <= onset) start--;
      out.peakBrakeG[i] = -g[hardest];
      if (start === 0 && g[0] <= onset) {
        out.brakeBeforeStart[i] = 1;
      } else {
        out.brakeM[i] = start * stepM;
        out.brakeSpeedKmh[i] = speedKmh[start];
      }
    }
    const until = i + 1 < n ? windowFrom[i + 1] - 1 : m - 1;
    for (let k = minIndex[i]; k <= until; k++) {
      if (g[k] >= THROTTLE_G) {
        out.throttleM[i] = k * stepM;
        out.throttleSpeedKmh[i] = speedKmh[k];
        break;
      }
    }
  }
  return out;
}

/**
 * Only the minimum speed per corner and where it is (the rest NaN), found exactly as cornerPoints finds it, with the
 * lap's speed read at the grid indices searched (LapProfileSampler): what consistency needs of every lap. `into`:
 * points (all NaN) to write the two columns of instead of new ones; the caller may share the other columns between
 * laps (eight small buffers for each of hundreds of laps cost a browser more to allocate and collect than the
 * search takes).
 */
export function cornerMinimumSpeeds(sampler: { count: number; stepM: number; speedKmh(k: number): number }, corners: CornerColumns, into?: CornerPoints): CornerPoints {
  const n = corners.count;
  const out = into ?? emptyPoints(n);
  const m = sampler.count;
  if (m < 2) return out;
  const { stepM } = sampler;
  for (let i = 0; i < n; i++) {
    const [from, end] = searchRange(corners, i, stepM, m);
    let best = from;
    let bestSpeed = sampler.speedKmh(best);
    for (let k = best + 1; k <= end; k++) {
      const v = sampler.speedKmh(k);
      if (v < bestSpeed) {
        best = k;
        bestSpeed = v;
      }
    }
    out.minSpeedM[i] = best * stepM;
    out.minSpeedKmh[i] = bestSpeed;
  }
  return out;
}
