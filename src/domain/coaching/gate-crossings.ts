/**
 * Micro-sector boundaries as places on track: a gate across the reference lap's line at each boundary (through
 * the reference's position there, perpendicular to its heading), and when, where and how fast every lap crossed
 * each gate, like a timing line.
 *
 * Why not the same fraction of every lap's measured length: two laps' lengths differ by metres (a wider line, GNSS
 * distance noise), so a fraction lands metres apart on track from one lap to the next (at 150 km/h, 1 m is 24 ms);
 * over a hundred micro-sectors the sum of the best then picks up those errors, each in its favour, and comes out
 * seconds faster than anything driven. A gate is the same place for every lap.
 *
 * A lap crosses a gate where it passes from behind the gate to in front of it (in the reference's direction of
 * travel), within GATE_HALF_WIDTH_M of the reference's line and within SEARCH_WINDOW of where its distance puts
 * it. Gates are searched in order from the previous crossing, so a lap's crossings never go back. A lap that
 * misses a gate (off track, a cut, a dropout) has NaN there and takes no part in the sectors beside it.
 */
import { createLocalProjection, type LocalProjection } from '../geo/local-projection';
import type { LapTrace } from '../lap-compare/lap-trace';
import { DistanceCursor } from '../lap-compare/resample';

/** Half the width of a gate, metres: wider than any track, narrow enough to never reach another part of it. */
const GATE_HALF_WIDTH_M = 20;
/** Metres before and after a gate over which the reference's heading there is taken. */
const HEADING_SPAN_M = 3;
/** How far a lap's crossing may be from where its own distance puts it: this fraction of the lap, or metres. */
const SEARCH_WINDOW_FRACTION = 0.05;
const SEARCH_WINDOW_MIN_M = 60;

export interface Gates {
  count: number;
  /** Reference distance of each gate, metres. */
  distanceM: Float64Array;
  /** Gate centre (x east, y north, metres in `projection`) and unit direction of travel there. */
  x: Float64Array;
  y: Float64Array;
  ux: Float64Array;
  uy: Float64Array;
  projection: LocalProjection;
}

/** Gates across `reference` at the given distances along it. */
export function gatesAlong(reference: LapTrace, distanceM: Float64Array): Gates {
  const n = distanceM.length;
  const projection = createLocalProjection(reference.lat[0], reference.lon[0]);
  const g: Gates = { count: n, distanceM, x: new Float64Array(n), y: new Float64Array(n), ux: new Float64Array(n), uy: new Float64Array(n), projection };
  const cursor = new DistanceCursor(reference);
  const length = reference.distanceM[reference.count - 1];
  const at = (d: number) => {
    cursor.seek(Math.min(length, Math.max(0, d)));
    return [projection.x(cursor.value(reference.lon)), projection.y(cursor.value(reference.lat))];
  };
  for (let k = 0; k < n; k++) {
    const d = distanceM[k];
    [g.x[k], g.y[k]] = at(d);
    const [ax, ay] = at(d - HEADING_SPAN_M);
    const [bx, by] = at(d + HEADING_SPAN_M);
    const norm = Math.hypot(bx - ax, by - ay);
    g.ux[k] = norm > 0 ? (bx - ax) / norm : 0;
    g.uy[k] = norm > 0 ? (by - ay) / norm : 0;
  }
  return g;
}

export interface Crossings {
  /** Per gate: time since the lap's start (ms), the lap's own distance (m) and speed (km/h); NaN: not crossed. */
  timeMs: Float64Array;
  distanceM: Float64Array;
  speedKmh: Float64Array;
}

/**
 * Where `lap` crosses each gate (the lap's columns interpolated at the crossing). `into`: columns (gates.count long)
 * to write into instead of new ones, e.g. the lap's rows of the optimal lap's tables (three small buffers for each of
 * hundreds of laps cost a browser more to allocate and collect than the crossings take to find).
 */
export function gateCrossings(lap: LapTrace, gates: Gates, into?: Crossings): Crossings {
  const n = gates.count;
  const out: Crossings = into ?? { timeMs: new Float64Array(n), distanceM: new Float64Array(n), speedKmh: new Float64Array(n) };
  out.timeMs.fill(NaN);
  out.distanceM.fill(NaN);
  out.speedKmh.fill(NaN);
  const m = lap.count;
  if (m < 2 || n === 0) return out;
  // Local-plane x (east) and y (north) of a fix, metres, computed where read: most fixes are read once or twice,
  // and projected columns of every lap would cost a 7 h session 10 MB of garbage.
  const { originLat, originLon, metresPerDegLat, metresPerDegLon } = gates.projection;
  const { lat, lon } = lap;
  const total = lap.distanceM[m - 1];
  const referenceLength = gates.distanceM[n - 1] > 0 ? gates.distanceM[n - 1] : total;
  const window = Math.max(SEARCH_WINDOW_MIN_M, SEARCH_WINDOW_FRACTION * total);
  let from = 0;
  for (let k = 0; k < n; k++) {
    const expected = (gates.distanceM[k] / referenceLength) * total;
    const gx = gates.x[k];
    const gy = gates.y[k];
    const ux = gates.ux[k];
    const uy = gates.uy[k];
    let i = from;
    while (i < m - 1 && lap.distanceM[i + 1] < expected - window) i++;
    let xi = (lon[i] - originLon) * metresPerDegLon;
    let yi = (lat[i] - originLat) * metresPerDegLat;
    let before = (xi - gx) * ux + (yi - gy) * uy;
    for (; i < m - 1 && lap.distanceM[i] <= expected + window; i++) {
      const xn = (lon[i + 1] - originLon) * metresPerDegLon;
      const yn = (lat[i + 1] - originLat) * metresPerDegLat;
      const after = (xn - gx) * ux + (yn - gy) * uy;
      if (before < 0 && after >= 0) {
        const f = before / (before - after);
        const px = xi + f * (xn - xi) - gx;
        const py = yi + f * (yn - yi) - gy;
        if (Math.abs(px * uy - py * ux) <= GATE_HALF_WIDTH_M) {
          out.timeMs[k] = lap.timeMs[i] + f * (lap.timeMs[i + 1] - lap.timeMs[i]);
          out.distanceM[k] = lap.distanceM[i] + f * (lap.distanceM[i + 1] - lap.distanceM[i]);
          out.speedKmh[k] = lap.speedKmh[i] + f * (lap.speedKmh[i + 1] - lap.speedKmh[i]);
          from = i;
          break;
        }
      }
      before = after;
      xi = xn;
      yi = yn;
    }
  }
  return out;
}
