/**
 * The scan state of the positions parser (parse-positions.ts): the typed columns it writes into, their first
 * size and their geometric growth, and the byte codes and powers of ten both line parsers share.
 *
 * The line parsers re-bind these constants as module-local consts (reading an imported binding inside a hot loop
 * costs more in V8 than reading a local one).
 */
import type { ParseIssue, PositionColumns } from './session-types';

export const NL = 10;
export const CR = 13;
export const SEMI = 59;
export const DOT = 46;
export const MINUS = 45;
export const PLUS = 43;

export const POW10 = new Float64Array(23);
for (let k = 0; k < POW10.length; k++) POW10[k] = 10 ** k;

/** An empty set of columns (count 0). */
export function emptyPositions(): PositionColumns {
  return {
    count: 0,
    lap: new Int32Array(0),
    timeMs: new Float64Array(0),
    lat: new Float64Array(0),
    lon: new Float64Array(0),
    speedKmh: new Float32Array(0),
    distanceM: new Float64Array(0),
  };
}

function grow<T extends Int32Array | Float64Array | Float32Array>(a: T, capacity: number): T {
  const b = new (a.constructor as { new (n: number): T })(capacity);
  b.set(a);
  return b;
}

/**
 * Estimated number of lines: bytes over the mean line length of four 16 KiB samples spread over the file (the
 * first lines are shorter, their timeMs has fewer digits: a sample of the start alone overestimated a 7 h file
 * by 15 %, enough to make finish() copy every column), plus 2 % and 64 lines of slack. An underestimate only
 * costs a geometric grow.
 */
function estimateLines(bytes: Uint8Array): number {
  const n = bytes.length;
  const w = Math.min(n, 16384);
  let lines = 0;
  for (let k = 0; k < 4; k++) {
    const from = Math.floor(((n - w) * k) / 3);
    for (let i = from; i < from + w; i++) if (bytes[i] === NL) lines++;
  }
  if (lines === 0) return 64;
  return Math.ceil((n / (4 * w)) * lines * 1.02) + 64;
}

export interface ScanState {
  capacity: number;
  count: number;
  /** Lines seen so far (blank ones included): the next line's number is lineNo + 1. */
  lineNo: number;
  lap: Int32Array;
  timeMs: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  speedKmh: Float32Array;
  distanceM: Float64Array;
  issues: ParseIssue[];
  maxIssues: number;
  corruptLines: number;
}

export function newState(bytes: Uint8Array, maxIssues: number): ScanState {
  const capacity = estimateLines(bytes);
  return {
    capacity,
    count: 0,
    lineNo: 0,
    lap: new Int32Array(capacity),
    timeMs: new Float64Array(capacity),
    lat: new Float64Array(capacity),
    lon: new Float64Array(capacity),
    speedKmh: new Float32Array(capacity),
    distanceM: new Float64Array(capacity),
    issues: [],
    maxIssues,
    corruptLines: 0,
  };
}

export function growState(s: ScanState): void {
  s.capacity = Math.ceil(s.capacity * 1.5) + 64;
  s.lap = grow(s.lap, s.capacity);
  s.timeMs = grow(s.timeMs, s.capacity);
  s.lat = grow(s.lat, s.capacity);
  s.lon = grow(s.lon, s.capacity);
  s.speedKmh = grow(s.speedKmh, s.capacity);
  s.distanceM = grow(s.distanceM, s.capacity);
}
