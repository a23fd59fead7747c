/**
 * Parser for the device's nmea file (device-protocol.md, 'File contents'): one fix a line,
 * `<lap>;<timeMs>;<lat>;<lon>;<kmh>`, or `<lap>;<lat>;<lon>;<kmh>` when the optional timeMs is omitted
 * (timeMs becomes NaN). `\n` ends a line, `\r\n` is tolerated, empty lines are skipped.
 *
 * Why it looks like this: a 7 h session is 630,000 lines (~25 MB). The parser is one pass over the raw bytes
 * (no TextDecoder, no split, no per-line strings or objects) writing straight into typed columns that grow
 * geometrically; numbers are accumulated digit by digit as an integer mantissa and divided once by a power of
 * ten, which is exact (the same double as `Number(text)`) for up to 15 significant digits. Cumulative distance
 * is computed in the same pass (geo-distance.ts). Notes: performance-facts.md.
 *
 * Corrupt lines (wrong field count, a non-number, lap not a non-negative integer, latitude/longitude out of
 * range) are skipped and reported with their 1-based line number; never a throw. Only the first
 * `maxIssues` are listed, `corruptLines` counts them all.
 */
import { stepDistanceM } from './geo-distance';
import type { ParseIssue, PositionColumns } from './session-types';

export interface ParsedPositions {
  positions: PositionColumns;
  issues: ParseIssue[];
  /** Every corrupt line, including those beyond the listed `issues`. */
  corruptLines: number;
}

export interface ParsePositionsOptions {
  /** How many issues to list (default 1000); the rest are only counted. */
  maxIssues?: number;
}

const NL = 10;
const CR = 13;
const SEMI = 59;
const DOT = 46;
const MINUS = 45;
const PLUS = 43;
const MAX_FIELDS = 5;

const POW10 = new Float64Array(23);
for (let k = 0; k < POW10.length; k++) POW10[k] = 10 ** k;

const REASONS = {
  fields: 'expected 4 or 5 fields',
  number: 'a field is not a number',
  lap: 'lap is not a non-negative integer',
  range: 'latitude or longitude out of range',
  time: 'timeMs is not a non-negative number',
} as const;

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

/** Estimated number of lines: bytes over the mean line length of the first 64 KiB, plus slack. */
function estimateLines(bytes: Uint8Array): number {
  const n = bytes.length;
  const sample = Math.min(n, 65536);
  let lines = 0;
  for (let i = 0; i < sample; i++) if (bytes[i] === NL) lines++;
  if (lines === 0) return 64;
  return Math.ceil((n / sample) * lines * 1.03) + 64;
}

export function parsePositionsBytes(bytes: Uint8Array, options: ParsePositionsOptions = {}): ParsedPositions {
  const maxIssues = options.maxIssues ?? 1000;
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) return { positions: emptyPositions(), issues: [], corruptLines: 0 };
  const state = newState(bytes, maxIssues);
  // Fast path over every complete line: each ends with '\n', so the scanner needs no bounds checks. A trailing
  // line without '\n' (a failed transfer, or a file without a final newline) is copied with one appended.
  const lastNl = bytes.lastIndexOf(NL);
  if (lastNl >= 0) scan(state, bytes, lastNl + 1, 0);
  if (lastNl + 1 < bytes.length) {
    const tail = new Uint8Array(bytes.length - lastNl);
    tail.set(bytes.subarray(lastNl + 1));
    tail[tail.length - 1] = NL;
    scan(state, tail, tail.length, state.lineNo);
  }
  return finish(state);
}

interface ScanState {
  capacity: number;
  count: number;
  lineNo: number;
  lap: Int32Array;
  timeMs: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  speedKmh: Float32Array;
  distanceM: Float64Array;
  dist: number;
  issues: ParseIssue[];
  maxIssues: number;
  corruptLines: number;
}

function newState(bytes: Uint8Array, maxIssues: number): ScanState {
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
    dist: 0,
    issues: [],
    maxIssues,
    corruptLines: 0,
  };
}

function growState(s: ScanState): void {
  s.capacity = Math.ceil(s.capacity * 1.5) + 64;
  s.lap = grow(s.lap, s.capacity);
  s.timeMs = grow(s.timeMs, s.capacity);
  s.lat = grow(s.lat, s.capacity);
  s.lon = grow(s.lon, s.capacity);
  s.speedKmh = grow(s.speedKmh, s.capacity);
  s.distanceM = grow(s.distanceM, s.capacity);
}

function report(s: ScanState, line: number, reason: keyof typeof REASONS): void {
  s.corruptLines++;
  if (s.issues.length < s.maxIssues) s.issues.push({ line, reason: REASONS[reason] });
}

/**
 * Scans bytes[0, end) where bytes[end - 1] is '\n'; every inner loop stops at '\n' (not a digit, ';' or '.'),
 * so no index check is needed inside a line. `lineNo` is the number of lines before bytes[0].
 */
function scan(s: ScanState, bytes: Uint8Array, end: number, lineNo: number): void {
  const vals = new Float64Array(MAX_FIELDS + 1);
  let count = s.count;
  let capacity = s.capacity;
  let lapCol = s.lap;
  let timeCol = s.timeMs;
  let latCol = s.lat;
  let lonCol = s.lon;
  let speedCol = s.speedKmh;
  let distCol = s.distanceM;
  let dist = s.dist;
  let prevLat = count > 0 ? latCol[count - 1] : 0;
  let prevLon = count > 0 ? lonCol[count - 1] : 0;
  let i = 0;
  while (i < end) {
    lineNo++;
    let c = bytes[i];
    if (c === NL) {
      i++;
      continue;
    }
    if (c === CR && bytes[i + 1] === NL) {
      i += 2;
      continue;
    }
    let nf = 0;
    let bad: keyof typeof REASONS | null = null;
    let lapHasFraction = false;
    for (;;) {
      let neg = false;
      if (c === MINUS) {
        neg = true;
        c = bytes[++i];
      } else if (c === PLUS) {
        c = bytes[++i];
      }
      const first = i;
      let mant = 0;
      let d = c - 48;
      while (d >>> 0 < 10) {
        mant = mant * 10 + d;
        c = bytes[++i];
        d = c - 48;
      }
      let v = mant;
      let digits = i - first;
      if (c === DOT) {
        const frac = ++i;
        c = bytes[i];
        d = c - 48;
        while (d >>> 0 < 10) {
          mant = mant * 10 + d;
          c = bytes[++i];
          d = c - 48;
        }
        const scale = i - frac;
        digits += scale;
        if (scale > 0) {
          v = scale < 23 ? mant / POW10[scale] : mant / 10 ** scale;
          if (nf === 0) lapHasFraction = true;
        }
      }
      if (digits === 0) {
        bad = 'number';
        break;
      }
      if (nf <= MAX_FIELDS) vals[nf] = neg ? -v : v;
      nf++;
      if (c === SEMI) {
        c = bytes[++i];
        continue;
      }
      if (c !== NL && !(c === CR && bytes[i + 1] === NL)) bad = 'number';
      break;
    }
    if (bad === null && nf !== 4 && nf !== 5) bad = 'fields';
    if (bad === null) {
      const lap = vals[0];
      const off = nf - 4;
      const lat = vals[1 + off];
      const lon = vals[2 + off];
      const t = off === 1 ? vals[1] : NaN;
      if (lapHasFraction || lap < 0 || lap > 2147483647) bad = 'lap';
      else if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) bad = 'range';
      else if (t < 0 || t === Infinity) bad = 'time';
      else {
        if (count === capacity) {
          s.count = count;
          growState(s);
          capacity = s.capacity;
          lapCol = s.lap;
          timeCol = s.timeMs;
          latCol = s.lat;
          lonCol = s.lon;
          speedCol = s.speedKmh;
          distCol = s.distanceM;
        }
        if (count > 0) dist += stepDistanceM(prevLat, prevLon, lat, lon);
        lapCol[count] = lap;
        timeCol[count] = t;
        latCol[count] = lat;
        lonCol[count] = lon;
        speedCol[count] = vals[3 + off];
        distCol[count] = dist;
        prevLat = lat;
        prevLon = lon;
        count++;
      }
    }
    if (bad !== null) report(s, lineNo, bad);
    // Past the end of this line (already at its '\n' for a good line).
    while (bytes[i] !== NL) i++;
    i++;
  }
  s.count = count;
  s.dist = dist;
  s.lineNo = lineNo;
}

function finish(s: ScanState): ParsedPositions {
  const { count, capacity } = s;
  // Trim when the estimate overshot by more than 2 % (a subarray keeps, and transfers, the whole buffer).
  const trim = <T extends Int32Array | Float64Array | Float32Array>(a: T): T =>
    (capacity > count * 1.02 + 1024 ? a.slice(0, count) : a.subarray(0, count)) as T;
  return {
    positions: {
      count,
      lap: trim(s.lap),
      timeMs: trim(s.timeMs),
      lat: trim(s.lat),
      lon: trim(s.lon),
      speedKmh: trim(s.speedKmh),
      distanceM: trim(s.distanceM),
    },
    issues: s.issues,
    corruptLines: s.corruptLines,
  };
}

/** Convenience for text already in memory (the bytes path is the fast one). */
export function parsePositionsText(text: string, options?: ParsePositionsOptions): ParsedPositions {
  return parsePositionsBytes(new TextEncoder().encode(typeof text === 'string' ? text : ''), options);
}
