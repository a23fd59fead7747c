/**
 * Synthetic circuit for detection tests: a stadium (two 300 m straights joined by 50 m-radius semicircles)
 * driven anticlockwise, sampled at 25 Hz from a continuous motion model, so the true gate crossing times are
 * known independently of the sampling (found by bisection on the continuous model).
 *
 * Local frame: metres east (x) and north (y) of the start/finish gate at (0, 0) on the bottom straight, which
 * is driven eastwards. Sector gate 1 is the middle of the top straight (driven westwards), sector gate 2 the
 * apex of the left semicircle (driven southwards).
 */
import { createLocalProjection } from '../../../src/domain/geo/local-projection';
import type { GatePoint, PositionColumns } from '../../../src/domain/session-types';

export const ORIGIN = { lat: 41.5608, lon: -8.3975 };
const R = 50;
const HALF = 150;
export const LAP_M = 4 * HALF + 2 * Math.PI * R;
/** Arc-length positions of the gates along the lap: start/finish, sector 1, sector 2. */
export const GATE_S = [0, HALF + Math.PI * R + HALF, HALF + Math.PI * R + 2 * HALF + (Math.PI * R) / 2];

const projection = createLocalProjection(ORIGIN.lat, ORIGIN.lon);

/** Point and unit direction of travel at arc length s (any real s; the lap repeats). */
export function pathPoint(s: number): { x: number; y: number; dx: number; dy: number } {
  let u = ((s % LAP_M) + LAP_M) % LAP_M;
  if (u < HALF) return { x: u, y: 0, dx: 1, dy: 0 };
  u -= HALF;
  if (u < Math.PI * R) {
    const a = -Math.PI / 2 + u / R;
    return { x: HALF + R * Math.cos(a), y: R + R * Math.sin(a), dx: -Math.sin(a), dy: Math.cos(a) };
  }
  u -= Math.PI * R;
  if (u < 2 * HALF) return { x: HALF - u, y: 2 * R, dx: -1, dy: 0 };
  u -= 2 * HALF;
  if (u < Math.PI * R) {
    const a = Math.PI / 2 + u / R;
    return { x: -HALF + R * Math.cos(a), y: R + R * Math.sin(a), dx: -Math.sin(a), dy: Math.cos(a) };
  }
  u -= Math.PI * R;
  return { x: -HALF + u, y: 0, dx: 1, dy: 0 };
}

export function gatePoints(): GatePoint[] {
  return GATE_S.map((s) => {
    const p = pathPoint(s);
    return { lat: projection.lat(p.y), lon: projection.lon(p.x) };
  });
}

/** Deterministic pseudo-random numbers in [-1, 1) (LCG), so failures reproduce. */
function noise(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 31 - 1;
  };
}

export interface Motion {
  /** Arc length driven at time t (seconds), non-decreasing. */
  s(t: number): number;
  /** Speed at time t, m/s. */
  v(t: number): number;
  durationS: number;
}

/** Smoothly varying speed: base + amp * sin(2 pi t / period); s(t) is its exact integral. */
export function wavyMotion(baseMs: number, ampMs: number, periodS: number, durationS: number, s0 = -40): Motion {
  const w = (2 * Math.PI) / periodS;
  return {
    s: (t) => s0 + baseMs * t + (ampMs / w) * (1 - Math.cos(w * t)),
    v: (t) => baseMs + ampMs * Math.sin(w * t),
    durationS,
  };
}

/**
 * Constant speed, with one pit stop: brake at `decel` to stand at `stopS` (just before the start/finish line),
 * stand for `standS` seconds, then accelerate at `accel` back to speed.
 */
export function pitStopMotion(speedMs: number, stopS: number, standS: number, durationS: number, s0 = -40): Motion {
  const decel = 6;
  const accel = 4;
  const brakeDist = (speedMs * speedMs) / (2 * decel);
  const tBrake = (stopS - brakeDist - s0) / speedMs;
  const tStop = tBrake + speedMs / decel;
  const tGo = tStop + standS;
  const tCruise = tGo + speedMs / accel;
  const sCruise = stopS + (speedMs * speedMs) / (2 * accel);
  return {
    s(t) {
      if (t <= tBrake) return s0 + speedMs * t;
      if (t <= tStop) {
        const d = t - tBrake;
        return stopS - brakeDist + speedMs * d - (decel * d * d) / 2;
      }
      if (t <= tGo) return stopS;
      if (t <= tCruise) {
        const d = t - tGo;
        return stopS + (accel * d * d) / 2;
      }
      return sCruise + speedMs * (t - tCruise);
    },
    v(t) {
      if (t <= tBrake) return speedMs;
      if (t <= tStop) return speedMs - decel * (t - tBrake);
      if (t <= tGo) return 0;
      if (t <= tCruise) return accel * (t - tGo);
      return speedMs;
    },
    durationS,
  };
}

/** True times (ms) at which the motion reaches arc length `target` (+ k laps), by bisection on the model. */
export function trueCrossingsMs(motion: Motion, gateS: number): number[] {
  const out: number[] = [];
  const end = motion.s(motion.durationS);
  for (let k = Math.ceil((motion.s(0) - gateS) / LAP_M); gateS + k * LAP_M <= end; k++) {
    const target = gateS + k * LAP_M;
    if (target <= motion.s(0)) continue;
    let lo = 0;
    let hi = motion.durationS;
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      if (motion.s(mid) < target) lo = mid;
      else hi = mid;
    }
    out.push(hi * 1000);
  }
  return out;
}

export interface SampleOptions {
  /** Offset of the first fix in ms (sampling phase). */
  phaseMs?: number;
  /** Lateral GPS noise amplitude while moving, metres. */
  lateralJitterM?: number;
  /** Noise amplitude in both axes while standing still, metres. */
  standingJitterM?: number;
  seed?: number;
  /** Drop the time column (4-field device lines). */
  withoutTime?: boolean;
  /** Fixes per second (25 unless given). */
  rateHz?: number;
}

/** Samples the motion at 25 Hz (or `rateHz`) into PositionColumns (lap 0 everywhere, as before detection). */
export function sample(motion: Motion, options: SampleOptions = {}): PositionColumns {
  const phase = options.phaseMs ?? 0;
  const rnd = noise(options.seed ?? 7);
  const stepMs = 1000 / (options.rateHz ?? 25);
  const count = Math.floor((motion.durationS * 1000 - phase) / stepMs) + 1;
  const columns: PositionColumns = {
    count,
    lap: new Int32Array(count),
    timeMs: new Float64Array(count),
    lat: new Float64Array(count),
    lon: new Float64Array(count),
    speedKmh: new Float32Array(count),
    distanceM: new Float64Array(count),
  };
  for (let i = 0; i < count; i++) {
    const tMs = phase + i * stepMs;
    const t = tMs / 1000;
    const p = pathPoint(motion.s(t));
    const v = motion.v(t);
    let x = p.x;
    let y = p.y;
    if (v > 0) {
      const j = (options.lateralJitterM ?? 0) * rnd();
      x += -p.dy * j;
      y += p.dx * j;
    } else {
      x += (options.standingJitterM ?? 0) * rnd();
      y += (options.standingJitterM ?? 0) * rnd();
    }
    columns.timeMs[i] = options.withoutTime ? NaN : tMs;
    columns.lat[i] = projection.lat(y);
    columns.lon[i] = projection.lon(x);
    columns.speedKmh[i] = v > 0 ? v * 3.6 : 0.4;
    columns.distanceM[i] = Math.max(0, motion.s(t) - motion.s(0));
  }
  return columns;
}
