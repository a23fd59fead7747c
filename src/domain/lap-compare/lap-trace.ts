/**
 * One lap as typed columns measured from its own start: time 0 and distance 0 at the start/finish crossing.
 * Lap comparison (resampling, delta time, corners) works on these, never on per-fix objects.
 */
import { stepDistanceM } from '../geo-distance';
import { fixTimesMs } from '../detection/fix-times';
import type { PositionColumns } from '../session-types';

export interface LapTrace {
  count: number;
  /** ms since the lap's start, non-decreasing, 0 first. */
  timeMs: Float64Array;
  /** metres driven since the lap's start, non-decreasing, 0 first. */
  distanceM: Float64Array;
  speedKmh: Float32Array;
  lat: Float64Array;
  lon: Float64Array;
}

/**
 * The part of a session between two times (e.g. a detected lap's crossing times), with points interpolated
 * exactly at `startMs` and `endMs` so the trace begins and ends on the gate line: its last time is the lap time.
 * Times outside the session are clamped to its first/last fix.
 * @internal Exported for its tests.
 */
export function extractLapTrace(
  positions: PositionColumns,
  startMs: number,
  endMs: number,
  /** fixTimesMs(positions), when the caller cuts many laps from one session (saves a pass over it each time). */
  times: Float64Array = fixTimesMs(positions),
): LapTrace {
  const n = positions.count;
  if (n === 0 || !(endMs > startMs)) return emptyTrace();
  const from = Math.max(startMs, times[0]);
  const to = Math.min(endMs, times[n - 1]);
  if (!(to > from)) return emptyTrace();
  // Fixes strictly inside (from, to): first..last-1.
  let first = firstIndexAfter(times, from);
  while (first < n && times[first] <= from) first++;
  const last = firstIndexAfter(times, to);
  const innerCount = Math.max(0, last - first);
  const count = innerCount + 2;
  const trace: LapTrace = {
    count,
    timeMs: new Float64Array(count),
    distanceM: new Float64Array(count),
    speedKmh: new Float32Array(count),
    lat: new Float64Array(count),
    lon: new Float64Array(count),
  };
  const put = (k: number, t: number, lat: number, lon: number, speed: number) => {
    trace.timeMs[k] = t - from;
    trace.lat[k] = lat;
    trace.lon[k] = lon;
    trace.speedKmh[k] = speed;
    trace.distanceM[k] = k === 0 ? 0 : trace.distanceM[k - 1] + stepDistanceM(trace.lat[k - 1], trace.lon[k - 1], lat, lon);
  };
  const at = (t: number) => interpolateAt(positions, times, t);
  const start = at(from);
  put(0, from, start.lat, start.lon, start.speed);
  for (let k = 0; k < innerCount; k++) {
    const i = first + k;
    put(k + 1, times[i], positions.lat[i], positions.lon[i], positions.speedKmh[i]);
  }
  const end = at(to);
  put(count - 1, to, end.lat, end.lon, end.speed);
  return trace;
}

/** All fixes of one lap number (device-numbered sessions), from the first to the first fix of the next lap. */
export function lapTraceByNumber(positions: PositionColumns, lapNumber: number): LapTrace {
  const times = fixTimesMs(positions);
  let first = -1;
  let end = -1;
  for (let i = 0; i < positions.count; i++) {
    if (positions.lap[i] === lapNumber) {
      if (first < 0) first = i;
      end = i + 1;
    }
  }
  if (first < 0) return emptyTrace();
  const endTime = end < positions.count ? times[end] : times[end - 1];
  return extractLapTrace(positions, times[first], endTime, times);
}

function emptyTrace(): LapTrace {
  return {
    count: 0,
    timeMs: new Float64Array(0),
    distanceM: new Float64Array(0),
    speedKmh: new Float32Array(0),
    lat: new Float64Array(0),
    lon: new Float64Array(0),
  };
}

/** Index of the first fix whose time is >= t (binary search; times are non-decreasing). */
function firstIndexAfter(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function interpolateAt(positions: PositionColumns, times: Float64Array, t: number): { lat: number; lon: number; speed: number } {
  const j = Math.min(Math.max(firstIndexAfter(times, t), 1), positions.count - 1);
  const i = j - 1;
  const span = times[j] - times[i];
  const f = span > 0 ? Math.min(1, Math.max(0, (t - times[i]) / span)) : 0;
  return {
    lat: positions.lat[i] + f * (positions.lat[j] - positions.lat[i]),
    lon: positions.lon[i] + f * (positions.lon[j] - positions.lon[i]),
    speed: positions.speedKmh[i] + f * (positions.speedKmh[j] - positions.speedKmh[i]),
  };
}
