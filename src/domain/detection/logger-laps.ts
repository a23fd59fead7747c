/**
 * The logger's own laps (the start/finish crossings an AiM, RaceChrono, TrackAddict, Harry's LapTimer or Alfano file
 * carries) next to ours (detected from gates): where the file's own line is, and lap by lap how the two timings
 * agree. All times are ms of session time (since the first fix).
 */
import { hasZone } from '../value-format/wall-clock';
import type { LoggerLap } from '../file-formats/import-types';
import type { GatePoint, PositionColumns } from '../session-types';
import { headingOfVectorDeg } from '../geo/heading';
import { createLocalProjection } from '../geo/local-projection';
import { fixTimesMs } from './fix-times';

/**
 * The logger's start/finish crossings in ms of session time: the start and end of every lap it timed that
 * says when it started (a lap given only by its length cannot be placed), ascending, shared ends once.
 * `startedAt` is the session's first fix (ISO; without a zone it is a wall clock, read like the laps' starts).
 */
export function loggerCrossingsMs(laps: readonly LoggerLap[], startedAt: string): number[] {
  const start = Date.parse(hasZone(startedAt) ? startedAt : `${startedAt}Z`);
  if (!Number.isFinite(start)) return [];
  const out: number[] = [];
  for (const lap of laps) {
    if (lap.startEpochMs === undefined || !(lap.durationMs > 0)) continue;
    out.push(lap.startEpochMs - start, lap.startEpochMs + lap.durationMs - start);
  }
  out.sort((a, b) => a - b);
  return out.filter((t, i) => i === 0 || t - out[i - 1] > 1);
}

/** Position at a session time, interpolated between the two fixes around it; null outside the trace. */
function positionAtMs(positions: PositionColumns, timeMs: number): GatePoint | null {
  const times = fixTimesMs(positions);
  const n = positions.count;
  if (n === 0 || !(timeMs >= times[0]) || !(timeMs <= times[n - 1])) return null;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= timeMs) lo = mid;
    else hi = mid;
  }
  const span = times[hi] - times[lo];
  const f = span > 0 ? (timeMs - times[lo]) / span : 0;
  return {
    lat: positions.lat[lo] + f * (positions.lat[hi] - positions.lat[lo]),
    lon: positions.lon[lo] + f * (positions.lon[hi] - positions.lon[lo]),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The start/finish gate centre the logger used: the median of the trace's positions at its crossings (the
 * median, so one crossing timed late, or an in-lap through the pit lane, does not move it). Null with fewer
 * than two crossings on the trace.
 */
export function gateFromLoggerLaps(positions: PositionColumns, crossingsMs: readonly number[]): GatePoint | null {
  const points = crossingsMs.map((t) => positionAtMs(positions, t)).filter((p): p is GatePoint => p !== null);
  if (points.length < 2) return null;
  return { lat: median(points.map((p) => p.lat)), lon: median(points.map((p) => p.lon)) };
}

/** How far the line may be slid along the track to fit the logger's laps, metres (1 s late at 40 m/s and more). */
const MAX_SLIDE_M = 40;
/** How far it may be turned from square to the traffic, degrees (a logger's line drawn across the track at a slant). */
const MAX_TURN_DEG = 15;
/** The trace around each logger crossing looked at while fitting, ms either side. */
const FIT_WINDOW_MS = 4000;

export interface FittedLine {
  gate: GatePoint;
  /** Direction of travel across the line (its normal), degrees clockwise from north. */
  headingDeg: number;
}

/**
 * The logger's line is where its crossings place it, but a file that only says between which rows a lap changed
 * places them up to a sample late, a line slid along the track times laps of different speed there differently
 * (a slow in-lap by tenths), and a line turned a little times laps that cross it at different places across the
 * track differently. So the line through `gate` square to `direction` is slid along the track, then turned, then
 * slid again finely, to where our lap times best match the logger's (least squares over its laps; the smallest
 * move among equals): that is where the logger's own line is.
 */
export function fitLineToLoggerLaps(positions: PositionColumns, crossingsMs: readonly number[], gate: GatePoint, direction: { dx: number; dy: number }): FittedLine {
  const times = fixTimesMs(positions);
  const projection = createLocalProjection(gate.lat, gate.lon);
  // The fixes around each logger crossing, in metres from the gate.
  const passes = crossingsMs.map((c) => {
    const from = lowerBound(times, c - FIT_WINDOW_MS);
    const to = lowerBound(times, c + FIT_WINDOW_MS);
    const x: number[] = [];
    const y: number[] = [];
    for (let i = from; i < to; i++) {
      x.push(projection.x(positions.lon[i]));
      y.push(projection.y(positions.lat[i]));
    }
    return { from, x, y };
  });
  // Our crossing of the line through (d along the direction) with its normal turned by `turn` radians, near crossing k.
  const crossingAt = (k: number, d: number, turn: number): number => {
    const { from, x, y } = passes[k];
    const nx = direction.dx * Math.cos(turn) + direction.dy * Math.sin(turn);
    const ny = direction.dy * Math.cos(turn) - direction.dx * Math.sin(turn);
    const offset = d * (direction.dx * nx + direction.dy * ny);
    for (let j = 0; j + 1 < x.length; j++) {
      const a = x[j] * nx + y[j] * ny - offset;
      const b = x[j + 1] * nx + y[j + 1] * ny - offset;
      if (a < 0 && b >= 0) return times[from + j] + (a / (a - b)) * (times[from + j + 1] - times[from + j]);
    }
    return NaN;
  };
  const fit = (d: number, turn: number) => {
    let cost = 0;
    let laps = 0;
    let previous = crossingAt(0, d, turn);
    for (let k = 0; k + 1 < crossingsMs.length; k++) {
      const next = crossingAt(k + 1, d, turn);
      const diff = next - previous - (crossingsMs[k + 1] - crossingsMs[k]);
      previous = next;
      if (!Number.isFinite(diff)) continue;
      cost += diff * diff;
      laps++;
    }
    return { cost, laps };
  };
  let best = { d: 0, turn: 0, cost: Infinity, laps: 0 };
  const tryMove = (d: number, turn: number) => {
    const { cost, laps } = fit(d, turn);
    const moved = Math.abs(d) + Math.abs(turn) * 100;
    const bestMoved = Math.abs(best.d) + Math.abs(best.turn) * 100;
    if (laps > 0 && (laps > best.laps || (laps === best.laps && (cost < best.cost - 1e-6 || (Math.abs(cost - best.cost) <= 1e-6 && moved < bestMoved))))) {
      best = { d, turn, cost, laps };
    }
  };
  for (let d = -MAX_SLIDE_M; d <= MAX_SLIDE_M + 1e-9; d += 0.5) tryMove(d, 0);
  const slid = best.d;
  for (let deg = -MAX_TURN_DEG; deg <= MAX_TURN_DEG + 1e-9; deg += 0.5) tryMove(slid, (deg * Math.PI) / 180);
  const turned = best.turn;
  for (let d = slid - 2; d <= slid + 2 + 1e-9; d += 0.05) tryMove(d, turned);
  const nx = direction.dx * Math.cos(best.turn) + direction.dy * Math.sin(best.turn);
  const ny = direction.dy * Math.cos(best.turn) - direction.dx * Math.sin(best.turn);
  return {
    gate: { lat: projection.lat(best.d * direction.dy), lon: projection.lon(best.d * direction.dx) },
    headingDeg: headingOfVectorDeg(nx, ny),
  };
}

/** The first index whose time is at least `t`. */
function lowerBound(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface LoggerLapMatch {
  /** Our lap number (1-based: lap k runs from our crossing k - 1 to crossing k). */
  lapNumber: number;
  oursMs: number;
  loggerMs: number;
  /** oursMs - loggerMs. */
  diffMs: number;
}

export interface LoggerLapComparison {
  /** Laps both timed (their start and end crossings each within the match window of the other's). */
  matches: LoggerLapMatch[];
  /** Complete laps of the logger (crossings - 1). */
  loggerLapCount: number;
  /** Largest |diffMs| over the matches (0 when none). */
  maxAbsDiffMs: number;
}

/** How far apart two crossings may be and still be the same passage of the line: well under any lap. */
const MATCH_WINDOW_MS = 3000;

/**
 * Lap by lap comparison of our start/finish crossings with the logger's. A logger lap matches our lap when
 * both its crossings have one of ours within the match window, and those two are consecutive.
 */
export function compareLoggerLaps(oursCrossingsMs: ArrayLike<number>, loggerCrossingsMs: readonly number[], windowMs = MATCH_WINDOW_MS): LoggerLapComparison {
  const nearest = (t: number): number => {
    let best = -1;
    let bestD = windowMs;
    for (let i = 0; i < oursCrossingsMs.length; i++) {
      const d = Math.abs(oursCrossingsMs[i] - t);
      if (d <= bestD) {
        best = i;
        bestD = d;
      }
    }
    return best;
  };
  const ours = loggerCrossingsMs.map(nearest);
  const matches: LoggerLapMatch[] = [];
  for (let j = 0; j + 1 < loggerCrossingsMs.length; j++) {
    const a = ours[j];
    const b = ours[j + 1];
    if (a < 0 || b !== a + 1) continue;
    const oursMs = oursCrossingsMs[b] - oursCrossingsMs[a];
    const loggerMs = loggerCrossingsMs[j + 1] - loggerCrossingsMs[j];
    matches.push({ lapNumber: b, oursMs, loggerMs, diffMs: oursMs - loggerMs });
  }
  return {
    matches,
    loggerLapCount: Math.max(0, loggerCrossingsMs.length - 1),
    maxAbsDiffMs: matches.reduce((m, x) => Math.max(m, Math.abs(x.diffMs)), 0),
  };
}

/**
 * For a stored session (positions numbered by lap): the logger's time of each of our laps, by lap number. Our lap
 * k is matched to the logger lap whose start crossing is nearest the first fix of lap k (within the match
 * window, so as late as one fix still matches); laps with no such logger lap are absent.
 */
export function loggerLapTimesByLap(positions: PositionColumns, loggerCrossingsMs: readonly number[], windowMs = MATCH_WINDOW_MS): Map<number, number> {
  const out = new Map<number, number>();
  const times = fixTimesMs(positions);
  let previous = 0;
  for (let i = 0; i < positions.count; i++) {
    const lap = positions.lap[i];
    if (lap > 0 && lap !== previous) {
      let best = -1;
      let bestD = windowMs;
      for (let j = 0; j + 1 < loggerCrossingsMs.length; j++) {
        const d = Math.abs(loggerCrossingsMs[j] - times[i]);
        if (d <= bestD) {
          best = j;
          bestD = d;
        }
      }
      if (best >= 0 && !out.has(lap)) out.set(lap, loggerCrossingsMs[best + 1] - loggerCrossingsMs[best]);
    }
    previous = lap;
  }
  return out;
}
