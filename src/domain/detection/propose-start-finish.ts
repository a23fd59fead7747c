/**
 * A start/finish line proposed from a trace alone, for a session driven where no known circuit is: the point
 * the trace passes most regularly, always in the same direction, at lap-like intervals. The racer confirms it
 * (or moves it on the map) before it becomes their own circuit.
 *
 * Method: candidate points every few tens of metres along the moving part of the trace (at most MAX_CANDIDATES:
 * on a long session they spread over many laps, each lap a little offset, so the track is still covered); for each, the passes
 * within `RADIUS_M` heading the same way (within 30 degrees), one pass per visit; the intervals between
 * passes that look like laps (between `MIN_LAP_MS` and `MAX_LAP_MS`, within 25 % of their median) are counted.
 * The candidates with the most lap-like intervals win; among those, the fastest pass (a start line sits on a
 * straight), as long as its intervals are about as regular as the most regular candidate's.
 */
import { fixTimesMs } from './fix-times';
import { headingOfVectorDeg } from '../geo/heading';
import { createLocalProjection, projectColumns } from '../geo/local-projection';
import type { GatePoint, PositionColumns } from '../session-types';

/** A pass counts within this distance of the candidate point, metres. */
const RADIUS_M = 15;
/** Shortest and longest interval taken for a lap. */
const MIN_LAP_MS = 15_000;
const MAX_LAP_MS = 20 * 60_000;
/** Slowest speed of a candidate point: a start line is driven through, not stood on. */
const MIN_CANDIDATE_KMH = 20;
/** At most this many candidate points (the spacing grows on long sessions). */
const MAX_CANDIDATES = 400;
/** Two fixes near the point belong to one pass unless this far apart in time. */
const SAME_PASS_MS = 5_000;
/** Width of the proposed gate, metres. */
const PROPOSED_GATE_WIDTH_M = 30;

export interface StartFinishProposal {
  gate: GatePoint;
  /** Direction of travel across the line, degrees clockwise from north. */
  headingDeg: number;
  widthM: number;
  /** Lap-like intervals found at that point (laps it would time). */
  laps: number;
  /** Median of those intervals, ms. */
  medianLapMs: number;
}

/** The proposal, or null when the trace passes no point at lap-like intervals at least twice (not a lapped session). */
export function proposeStartFinish(positions: PositionColumns): StartFinishProposal | null {
  const count = positions.count;
  if (count < 10) return null;
  const projection = createLocalProjection(positions.lat[0], positions.lon[0]);
  const { x, y } = projectColumns(projection, positions.lat, positions.lon, count);
  const times = fixTimesMs(positions);
  const speed = positions.speedKmh;
  const grid = buildGrid(x, y, count, speed);
  const { dirX, dirY } = directions(x, y, count);
  const total = positions.distanceM[count - 1];
  const stepM = Math.max(20, total / MAX_CANDIDATES);
  type Scored = { index: number; laps: number; cv: number; speed: number; median: number; dx: number; dy: number };
  const scored: Scored[] = [];
  let nextAt = 0;
  for (let i = 1; i + 1 < count; i++) {
    if (positions.distanceM[i] < nextAt || !(speed[i] >= MIN_CANDIDATE_KMH)) continue;
    nextAt = positions.distanceM[i] + stepM;
    const dir = { dx: dirX[i], dy: dirY[i] };
    if (dir.dx === 0 && dir.dy === 0) continue;
    const passes = passesNear(grid, x, y, dirX, dirY, times, x[i], y[i], dir);
    const fit = lapLike(passes.times);
    if (fit.laps < 2) continue;
    scored.push({ index: i, laps: fit.laps, cv: fit.cv, speed: passes.meanSpeed(speed), median: fit.median, ...dir });
  }
  if (scored.length === 0) return null;
  const most = scored.reduce((m, s) => Math.max(m, s.laps), 0);
  const top = scored.filter((s) => s.laps === most);
  const bestCv = top.reduce((m, s) => Math.min(m, s.cv), Infinity);
  const regular = top.filter((s) => s.cv <= bestCv * 1.5 + 0.005);
  const pick = regular.reduce((a, b) => (b.speed > a.speed ? b : a));
  return {
    gate: { lat: positions.lat[pick.index], lon: positions.lon[pick.index] },
    headingDeg: headingOfVectorDeg(pick.dx, pick.dy),
    widthM: PROPOSED_GATE_WIDTH_M,
    laps: pick.laps,
    medianLapMs: pick.median,
  };
}

interface Grid {
  cells: Map<number, number[]>;
}

const cellOf = (v: number) => Math.floor(v / RADIUS_M);
const keyOf = (cx: number, cy: number) => cx * 1_000_003 + cy;

/** Moving fixes bucketed in RADIUS_M cells (a stationary car jittering in the pits is no pass). */
function buildGrid(x: Float64Array, y: Float64Array, count: number, speed: Float32Array): Grid {
  const cells = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    if (!(speed[i] >= MIN_CANDIDATE_KMH / 2)) continue;
    const key = keyOf(cellOf(x[i]), cellOf(y[i]));
    let list = cells.get(key);
    if (!list) cells.set(key, (list = []));
    list.push(i);
  }
  return { cells };
}

/** Unit direction of travel at every fix (the chord over its neighbours); (0, 0) where standing. */
function directions(x: Float64Array, y: Float64Array, count: number): { dirX: Float32Array; dirY: Float32Array } {
  const dirX = new Float32Array(count);
  const dirY = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const a = Math.max(0, i - 2);
    const b = Math.min(count - 1, i + 2);
    const dx = x[b] - x[a];
    const dy = y[b] - y[a];
    const length = Math.hypot(dx, dy);
    if (length > 0.5) {
      dirX[i] = dx / length;
      dirY[i] = dy / length;
    }
  }
  return { dirX, dirY };
}

/** The times of the passes near (px, py) heading along `dir` (one time per pass: its closest fix). */
function passesNear(
  grid: Grid,
  x: Float64Array,
  y: Float64Array,
  dirX: Float32Array,
  dirY: Float32Array,
  times: Float64Array,
  px: number,
  py: number,
  dir: { dx: number; dy: number },
): { times: number[]; meanSpeed: (speed: Float32Array) => number } {
  const near: number[] = [];
  const cx = cellOf(px);
  const cy = cellOf(py);
  for (let gx = cx - 1; gx <= cx + 1; gx++) {
    for (let gy = cy - 1; gy <= cy + 1; gy++) {
      const list = grid.cells.get(keyOf(gx, gy));
      if (!list) continue;
      for (const j of list) {
        const ex = x[j] - px;
        const ey = y[j] - py;
        if (ex * ex + ey * ey > RADIUS_M * RADIUS_M) continue;
        if (dirX[j] * dir.dx + dirY[j] * dir.dy >= 0.866) near.push(j);
      }
    }
  }
  near.sort((a, b) => a - b);
  const closest: number[] = [];
  let bestJ = -1;
  let bestD = Infinity;
  let lastT = -Infinity;
  for (const j of near) {
    if (times[j] - lastT > SAME_PASS_MS && bestJ >= 0) {
      closest.push(bestJ);
      bestJ = -1;
      bestD = Infinity;
    }
    const d = Math.hypot(x[j] - px, y[j] - py);
    if (d < bestD) {
      bestD = d;
      bestJ = j;
    }
    lastT = times[j];
  }
  if (bestJ >= 0) closest.push(bestJ);
  return {
    times: closest.map((j) => times[j]),
    meanSpeed: (speed) => closest.reduce((sum, j) => sum + speed[j], 0) / Math.max(1, closest.length),
  };
}

/** Lap-like intervals between passes: how many, their median and their coefficient of variation. */
function lapLike(passTimes: number[]): { laps: number; median: number; cv: number } {
  const intervals: number[] = [];
  for (let k = 1; k < passTimes.length; k++) {
    const dt = passTimes[k] - passTimes[k - 1];
    if (dt >= MIN_LAP_MS && dt <= MAX_LAP_MS) intervals.push(dt);
  }
  if (intervals.length === 0) return { laps: 0, median: NaN, cv: Infinity };
  const sorted = [...intervals].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const laps = intervals.filter((dt) => Math.abs(dt - median) <= median * 0.25);
  const mean = laps.reduce((s, v) => s + v, 0) / laps.length;
  const variance = laps.reduce((s, v) => s + (v - mean) ** 2, 0) / laps.length;
  return { laps: laps.length, median, cv: Math.sqrt(variance) / mean };
}
