/**
 * Test-only gate-line timing, written again apart from src/domain/detection: lines laid across a recorded trace,
 * and the times the trace crosses a line segment, found by intersecting each pair of consecutive fixes with it
 * and interpolating the time linearly along that pair. The references the import tests check our laps against.
 */
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import type { GatePoint, PositionColumns } from '../../../../src/domain/session-types';

export interface TestLine {
  a: GatePoint;
  b: GatePoint;
  /** Direction of travel across the line, degrees clockwise from north. */
  headingDeg: number;
  centre: GatePoint;
}

/** Index of the fix nearest a point. */
export function nearestFix(p: PositionColumns, at: GatePoint, from = 0, to = p.count): number {
  const proj = createLocalProjection(at.lat, at.lon);
  let best = -1;
  let bestD = Infinity;
  for (let i = from; i < to; i++) {
    const d = Math.hypot(proj.x(p.lon[i]), proj.y(p.lat[i]));
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/**
 * A line `lengthM` long across the trace at fix `i`, square to the chord from the fix `spanM` before it to the
 * one `spanM` after it (by distance along the trace), centred `offsetM` to the left of the fix (negative: right).
 */
export function lineAcross(p: PositionColumns, i: number, lengthM: number, offsetM = 0, spanM = 10): TestLine {
  let j = i;
  while (j > 0 && p.distanceM[i] - p.distanceM[j] < spanM) j--;
  let k = i;
  while (k + 1 < p.count && p.distanceM[k] - p.distanceM[i] < spanM) k++;
  const proj = createLocalProjection(p.lat[i], p.lon[i]);
  const dx = proj.x(p.lon[k]) - proj.x(p.lon[j]);
  const dy = proj.y(p.lat[k]) - proj.y(p.lat[j]);
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  // Left of the direction of travel.
  const lx = -uy;
  const ly = ux;
  const cx = lx * offsetM;
  const cy = ly * offsetM;
  const at = (s: number): GatePoint => ({ lat: proj.lat(cy + ly * s), lon: proj.lon(cx + lx * s) });
  return { a: at(-lengthM / 2), b: at(lengthM / 2), centre: at(0), headingDeg: ((Math.atan2(ux, uy) * 180) / Math.PI + 360) % 360 };
}

/** The fix `metres` further along the trace than fix `i`. */
export function fixAlong(p: PositionColumns, i: number, metres: number): number {
  let k = i;
  while (k + 1 < p.count && p.distanceM[k] - p.distanceM[i] < metres) k++;
  return k;
}

/**
 * Times (ms of session time) at which the trace crosses the segment a-b in the line's direction of travel:
 * for consecutive fixes P, Q and the segment A-B, P + u (Q - P) = A + v (B - A) with u in (0, 1] and v in [0, 1],
 * and the time t_P + u (t_Q - t_P). A crossing sooner than `minGapMs` after the last one is not counted.
 */
export function lineCrossingsMs(p: PositionColumns, line: TestLine, minGapMs = 10_000): number[] {
  const proj = createLocalProjection(line.a.lat, line.a.lon);
  const ax = 0;
  const ay = 0;
  const bx = proj.x(line.b.lon);
  const by = proj.y(line.b.lat);
  const h = (line.headingDeg * Math.PI) / 180;
  const fx = Math.sin(h);
  const fy = Math.cos(h);
  const out: number[] = [];
  let px = proj.x(p.lon[0]);
  let py = proj.y(p.lat[0]);
  for (let i = 0; i + 1 < p.count; i++) {
    const qx = proj.x(p.lon[i + 1]);
    const qy = proj.y(p.lat[i + 1]);
    const rx = qx - px;
    const ry = qy - py;
    const sx = bx - ax;
    const sy = by - ay;
    const denom = rx * sy - ry * sx;
    if (denom !== 0 && rx * fx + ry * fy > 0) {
      const u = ((ax - px) * sy - (ay - py) * sx) / denom;
      const v = ((ax - px) * ry - (ay - py) * rx) / denom;
      if (u > 0 && u <= 1 && v >= 0 && v <= 1) {
        const t = p.timeMs[i] + u * (p.timeMs[i + 1] - p.timeMs[i]);
        if (out.length === 0 || t - out[out.length - 1] >= minGapMs) out.push(t);
      }
    }
    px = qx;
    py = qy;
  }
  return out;
}

/** Lap times between consecutive crossings. */
export const lapTimes = (crossingsMs: readonly number[]): number[] => crossingsMs.slice(1).map((c, k) => c - crossingsMs[k]);
