/**
 * A plausible closed track through a circuit's gates: a Catmull-Rom loop through the start/finish gate, the
 * sector gates and seeded wiggle points between them, whose wiggle amplitude is tuned (bisection) so the loop is
 * about the circuit's length. Then a speed profile from curvature: v = min(top, sqrt(aLat / k)), limited by
 * acceleration forwards and braking backwards around the loop.
 *
 * Works in a local flat frame (metres east/north of the start gate): at track scale (< 10 km) the error of the
 * equirectangular projection is far below GPS noise.
 */
import type { GatePoint } from '../../domain/session-types';
import { seededRandom } from './random';

const EARTH_RADIUS_M = 6371008.8;
const DEG = Math.PI / 180;

export interface VehicleProfile {
  topSpeedMs: number;
  lateralAccelMs2: number;
  accelMs2: number;
  brakeMs2: number;
}

/** A kart: ~115 km/h top, ~1.4 g cornering. */
export const KART: VehicleProfile = { topSpeedMs: 32, lateralAccelMs2: 14, accelMs2: 3.5, brakeMs2: 9 };
/** A club race car: ~250 km/h top, ~1.5 g cornering. */
export const CAR: VehicleProfile = { topSpeedMs: 70, lateralAccelMs2: 15, accelMs2: 6, brakeMs2: 12 };

export interface Track {
  /** Samples every `stepM` metres from the start/finish gate, closed (the last sample precedes the first). */
  x: Float64Array;
  y: Float64Array;
  /** Speed limit at each sample, m/s. */
  speedMs: Float64Array;
  stepM: number;
  lengthM: number;
  /** Distance from start/finish of the first and second sector gates. */
  sectorGatesM: [number, number];
  origin: GatePoint;
}

interface Pt {
  x: number;
  y: number;
}

function toXY(origin: GatePoint, p: GatePoint): Pt {
  return {
    x: (p.lon - origin.lon) * DEG * EARTH_RADIUS_M * Math.cos(origin.lat * DEG),
    y: (p.lat - origin.lat) * DEG * EARTH_RADIUS_M,
  };
}

export function toLatLon(origin: GatePoint, x: number, y: number): GatePoint {
  return {
    lat: origin.lat + y / EARTH_RADIUS_M / DEG,
    lon: origin.lon + x / (EARTH_RADIUS_M * Math.cos(origin.lat * DEG)) / DEG,
  };
}

/** Samples a closed Catmull-Rom spline through `ctrl`, `perSegment` points a segment. */
function spline(ctrl: Pt[], perSegment: number): Pt[] {
  const n = ctrl.length;
  const out: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const p0 = ctrl[(i - 1 + n) % n], p1 = ctrl[i], p2 = ctrl[(i + 1) % n], p3 = ctrl[(i + 2) % n];
    for (let s = 0; s < perSegment; s++) {
      const t = s / perSegment, t2 = t * t, t3 = t2 * t;
      out.push({
        x: 0.5 * (2 * p1.x + (-p0.x + p2.x) * t + (2 * p0.x - 5 * p1.x + 4 * p2.x - p3.x) * t2 + (-p0.x + 3 * p1.x - 3 * p2.x + p3.x) * t3),
        y: 0.5 * (2 * p1.y + (-p0.y + p2.y) * t + (2 * p0.y - 5 * p1.y + 4 * p2.y - p3.y) * t2 + (-p0.y + 3 * p1.y - 3 * p2.y + p3.y) * t3),
      });
    }
  }
  return out;
}

function loopLength(points: Pt[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i], b = points[(i + 1) % points.length];
    sum += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return sum;
}

/** Gates in metres; with fewer than three, the missing ones are placed on a circle through the first. */
function gateFrame(gates: GatePoint[], lengthM: number): Pt[] {
  const origin = gates[0];
  const pts = gates.slice(0, 3).map((g) => toXY(origin, g));
  if (pts.length >= 3) return pts;
  const r = lengthM / (2 * Math.PI);
  return [0, 1, 2].map((k) => ({ x: r * Math.sin((2 * Math.PI * k) / 3), y: r - r * Math.cos((2 * Math.PI * k) / 3) }));
}

/** Control points: each gate, then `wiggles` points between it and the next, offset sideways by amplitude·pattern. */
function controls(gates: Pt[], pattern: number[], amplitude: number, wiggles: number): { ctrl: Pt[]; gateIdx: number[] } {
  const ctrl: Pt[] = [];
  const gateIdx: number[] = [];
  for (let g = 0; g < gates.length; g++) {
    const a = gates[g], b = gates[(g + 1) % gates.length];
    gateIdx.push(ctrl.length);
    ctrl.push(a);
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
    const nx = -dy / len, ny = dx / len;
    for (let w = 1; w <= wiggles; w++) {
      const f = w / (wiggles + 1);
      const off = amplitude * pattern[g * wiggles + w - 1];
      ctrl.push({ x: a.x + dx * f + nx * off, y: a.y + dy * f + ny * off });
    }
  }
  return { ctrl, gateIdx };
}

export function buildTrack(gates: GatePoint[], lengthM: number, vehicle: VehicleProfile, seed: number, stepM = 1): Track {
  const origin = gates[0];
  const target = Math.max(200, lengthM);
  const frame = gateFrame(gates, target);
  const rand = seededRandom(seed);
  const wiggles = 3;
  const pattern = Array.from({ length: frame.length * wiggles }, () => (rand() < 0.5 ? -1 : 1) * (0.4 + 0.6 * rand()));
  const per = 60;
  const lengthAt = (amp: number) => loopLength(spline(controls(frame, pattern, amp, wiggles).ctrl, per));
  let lo = 0, hi = target;
  if (lengthAt(0) < target) {
    while (lengthAt(hi) < target && hi < target * 8) hi *= 2;
    for (let i = 0; i < 30; i++) {
      const mid = (lo + hi) / 2;
      if (lengthAt(mid) < target) lo = mid;
      else hi = mid;
    }
  }
  const { ctrl, gateIdx } = controls(frame, pattern, (lo + hi) / 2, wiggles);
  const dense = spline(ctrl, per);
  // Cumulative distance of the dense points, and where each gate sits on it.
  const cum = new Float64Array(dense.length + 1);
  for (let i = 0; i < dense.length; i++) {
    const a = dense[i], b = dense[(i + 1) % dense.length];
    cum[i + 1] = cum[i] + Math.hypot(b.x - a.x, b.y - a.y);
  }
  const total = cum[dense.length];
  const count = Math.max(3, Math.floor(total / stepM));
  const step = total / count;
  const x = new Float64Array(count), y = new Float64Array(count);
  let j = 0;
  for (let i = 0; i < count; i++) {
    const s = i * step;
    while (cum[j + 1] < s) j++;
    const a = dense[j], b = dense[(j + 1) % dense.length];
    const f = (s - cum[j]) / (cum[j + 1] - cum[j] || 1);
    x[i] = a.x + (b.x - a.x) * f;
    y[i] = a.y + (b.y - a.y) * f;
  }
  const sectorGatesM: [number, number] = [cum[gateIdx[1] * per], cum[gateIdx[2] * per]];
  return { x, y, speedMs: speedProfile(x, y, step, vehicle), stepM: step, lengthM: total, sectorGatesM, origin };
}

/** Curvature-limited speed, then acceleration and braking limits, twice round the loop so the seam settles. */
function speedProfile(x: Float64Array, y: Float64Array, step: number, v: VehicleProfile): Float64Array {
  const n = x.length;
  const w = Math.max(1, Math.round(6 / step));
  const raw = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = (i - w + n) % n, c = (i + w) % n;
    const ax = x[a], ay = y[a], bx = x[i], by = y[i], cx = x[c], cy = y[c];
    const area2 = Math.abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
    const prod = Math.hypot(bx - ax, by - ay) * Math.hypot(cx - bx, cy - by) * Math.hypot(cx - ax, cy - ay);
    const k = prod > 0 ? (2 * area2) / prod : 0;
    raw[i] = k > 1e-6 ? Math.min(v.topSpeedMs, Math.sqrt(v.lateralAccelMs2 / k)) : v.topSpeedMs;
  }
  const out = Float64Array.from(raw);
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 1; k <= n; k++) {
      const i = k % n, p = k - 1;
      out[i] = Math.min(out[i], Math.sqrt(out[p] * out[p] + 2 * v.accelMs2 * step));
    }
    for (let k = n - 1; k >= 0; k--) {
      const i = k, nx = (k + 1) % n;
      out[i] = Math.min(out[i], Math.sqrt(out[nx] * out[nx] + 2 * v.brakeMs2 * step));
    }
  }
  return out;
}
