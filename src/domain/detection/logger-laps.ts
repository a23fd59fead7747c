/**
 * The logger's own laps (the start/finish crossings an AiM, RaceChrono, TrackAddict, Harry's LapTimer or Alfano file
 * carries) next to ours (detected from gates): where the file's own line is, and lap by lap how the two timings
 * agree. All times are ms of session time (since the first fix).
 */
import { hasZone } from '../format/wall-clock';
import type { LoggerLap } from '../formats/import-types';
import type { GatePoint, PositionColumns } from '../session-types';
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
