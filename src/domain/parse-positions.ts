/**
 * Parser for the device's nmea file (device-protocol.md, 'File contents'): one fix a line,
 * `<lap>;<timeMs>;<lat>;<lon>;<kmh>`, or `<lap>;<lat>;<lon>;<kmh>` when the optional timeMs is omitted
 * (timeMs becomes NaN). `\n` ends a line, `\r\n` is tolerated, empty lines are skipped.
 *
 * Why it looks like this: a 7 h session is 630,000 lines (~25 MB). The parser is one pass over the raw bytes
 * (no TextDecoder, no split, no per-line strings or objects) writing straight into typed columns that grow
 * geometrically; numbers are accumulated digit by digit as an integer mantissa and divided once by a power of
 * ten, which is exact (the same double as `Number(text)`) for up to 15 significant digits. Cumulative distance
 * is a second tight pass over the lat/lon columns (geo-distance.ts). Notes: performance-facts.md.
 *
 * Two line parsers share that arithmetic. The fast one (`scanLines`) expects the shape the device writes,
 * `<lap>;<timeMs>;[-]<d>.<d>;[-]<d>.<d>;[-]<d>[.<d>]` + `\n` or `\r\n` (unsigned lap and timeMs, at most 9
 * digits in each run, 1-3 integer digits for lat/lon), in straight-line code with int32 accumulators and no
 * per-field bookkeeping. At the first byte that does not fit it hands the whole line to the generic one
 * (`parseLineGeneric`: 4 or 5 fields, signs, long digit runs, blank lines, corrupt lines and their reports), so
 * both give the same doubles for every line the fast one accepts (tests compare them with a reference parse).
 *
 * Corrupt lines (wrong field count, a non-number, lap not a non-negative integer, latitude/longitude out of
 * range) are skipped and reported with their 1-based line number; never a throw. Only the first
 * `maxIssues` are listed, `corruptLines` counts them all.
 */
import { COS_BAND_DEG, DEG, EARTH_RADIUS_M } from './geo-distance';

const DEG_TO_M = DEG * EARTH_RADIUS_M;
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

/** Digits bytes[from, to) as a double (for parts too long for int32). */
function slowDigits(bytes: Uint8Array, from: number, to: number): number {
  let x = 0;
  for (let k = from; k < to; k++) x = x * 10 + (bytes[k] - 48);
  return x;
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

export function parsePositionsBytes(bytes: Uint8Array, options: ParsePositionsOptions = {}): ParsedPositions {
  const maxIssues = options.maxIssues ?? 1000;
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) return { positions: emptyPositions(), issues: [], corruptLines: 0 };
  const state = newState(bytes, maxIssues);
  // Every complete line ends with '\n', so no line parser needs an index check inside a line. A trailing line
  // without '\n' (a failed transfer, or a file without a final newline) is copied with one appended.
  const lastNl = bytes.lastIndexOf(NL);
  if (lastNl >= 0) scanLines(state, bytes, lastNl + 1);
  if (lastNl + 1 < bytes.length) {
    const tail = new Uint8Array(bytes.length - lastNl);
    tail.set(bytes.subarray(lastNl + 1));
    tail[tail.length - 1] = NL;
    scanLines(state, tail, tail.length);
  }
  return finish(state);
}

interface ScanState {
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

/** Digit byte minus '0' of the separators the fast path checks for. */
const D_SEMI = SEMI - 48;
const D_DOT = DOT - 48;
const D_NL = NL - 48;
const D_CR = CR - 48;

/**
 * Parses the lines in bytes[0, end), where bytes[end - 1] is '\n', continuing s.count and s.lineNo.
 *
 * The fast path is straight-line code for the device's line shape (see the module comment). Each digit loop
 * stops at the first non-digit and that byte is checked against the expected separator before anything else is
 * read, so the fast path never reads past its line's '\n'; any mismatch (`break fast`) re-reads the whole line
 * with parseLineGeneric. Digit runs are capped at 9, so the int32 accumulators (`| 0`: no overflow checks)
 * are exact, and mantissa and division are the generic parser's, so both produce the same doubles.
 */
function scanLines(s: ScanState, bytes: Uint8Array, end: number): void {
  let count = s.count;
  let capacity = s.capacity;
  let lapCol = s.lap;
  let timeCol = s.timeMs;
  let latCol = s.lat;
  let lonCol = s.lon;
  let speedCol = s.speedKmh;
  let lineNo = s.lineNo;
  let i = 0;
  while (i < end) {
    const start = i;
    lineNo++;
    fast: {
      // <lap>; 1-9 digits
      let d = bytes[i] - 48;
      let lap = 0;
      while (d >>> 0 < 10) {
        lap = (lap * 10 + d) | 0;
        d = bytes[++i] - 48;
      }
      if (d !== D_SEMI || (i - start - 1) >>> 0 > 8) break fast;
      // <timeMs>; 1-9 digits
      let k = ++i;
      d = bytes[i] - 48;
      let time = 0;
      while (d >>> 0 < 10) {
        time = (time * 10 + d) | 0;
        d = bytes[++i] - 48;
      }
      if (d !== D_SEMI || (i - k - 1) >>> 0 > 8) break fast;
      // [-]<lat>; 1-3 integer digits, '.', 1-9 fraction digits
      let neg = bytes[++i] === MINUS;
      if (neg) i++;
      k = i;
      d = bytes[i] - 48;
      let whole = 0;
      while (d >>> 0 < 10) {
        whole = (whole * 10 + d) | 0;
        d = bytes[++i] - 48;
      }
      if (d !== D_DOT || (i - k - 1) >>> 0 > 2) break fast;
      k = ++i;
      d = bytes[i] - 48;
      let frac = 0;
      while (d >>> 0 < 10) {
        frac = (frac * 10 + d) | 0;
        d = bytes[++i] - 48;
      }
      let n = i - k;
      if (d !== D_SEMI || (n - 1) >>> 0 > 8) break fast;
      let p = POW10[n];
      let v = (whole * p + frac) / p;
      const lat = neg ? -v : v;
      // [-]<lon>; the same
      neg = bytes[++i] === MINUS;
      if (neg) i++;
      k = i;
      d = bytes[i] - 48;
      whole = 0;
      while (d >>> 0 < 10) {
        whole = (whole * 10 + d) | 0;
        d = bytes[++i] - 48;
      }
      if (d !== D_DOT || (i - k - 1) >>> 0 > 2) break fast;
      k = ++i;
      d = bytes[i] - 48;
      frac = 0;
      while (d >>> 0 < 10) {
        frac = (frac * 10 + d) | 0;
        d = bytes[++i] - 48;
      }
      n = i - k;
      if (d !== D_SEMI || (n - 1) >>> 0 > 8) break fast;
      p = POW10[n];
      v = (whole * p + frac) / p;
      const lon = neg ? -v : v;
      if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) break fast;
      // [-]<kmh> 1-9 integer digits, optionally '.' and 1-9 fraction digits, then '\n' or '\r\n'
      neg = bytes[++i] === MINUS;
      if (neg) i++;
      k = i;
      d = bytes[i] - 48;
      whole = 0;
      while (d >>> 0 < 10) {
        whole = (whole * 10 + d) | 0;
        d = bytes[++i] - 48;
      }
      if ((i - k - 1) >>> 0 > 8) break fast;
      v = whole;
      if (d === D_DOT) {
        k = ++i;
        d = bytes[i] - 48;
        frac = 0;
        while (d >>> 0 < 10) {
          frac = (frac * 10 + d) | 0;
          d = bytes[++i] - 48;
        }
        n = i - k;
        if ((n - 1) >>> 0 > 8) break fast;
        p = POW10[n];
        v = (whole * p + frac) / p;
      }
      if (d === D_NL) i++;
      else if (d === D_CR && bytes[i + 1] === NL) i += 2;
      else break fast;
      if (count === capacity) {
        s.count = count;
        growState(s);
        capacity = s.capacity;
        lapCol = s.lap;
        timeCol = s.timeMs;
        latCol = s.lat;
        lonCol = s.lon;
        speedCol = s.speedKmh;
      }
      lapCol[count] = lap;
      timeCol[count] = time;
      latCol[count] = lat;
      lonCol[count] = lon;
      speedCol[count] = neg ? -v : v;
      count++;
      continue;
    }
    s.count = count;
    i = parseLineGeneric(s, bytes, start, lineNo);
    count = s.count;
    capacity = s.capacity;
    lapCol = s.lap;
    timeCol = s.timeMs;
    latCol = s.lat;
    lonCol = s.lon;
    speedCol = s.speedKmh;
  }
  s.count = count;
  s.lineNo = lineNo;
}

/** Field values of the line parseLineGeneric is reading (one parser runs at a time). */
const VALS = new Float64Array(MAX_FIELDS + 1);

/**
 * Parses (or reports, or skips when blank) the line starting at bytes[i], which has a '\n' at or after i, as
 * line number `lineNo`; appends a good fix to s. Returns the index after the line's '\n'.
 */
function parseLineGeneric(s: ScanState, bytes: Uint8Array, i: number, lineNo: number): number {
  let c = bytes[i];
  if (c === NL) return i + 1;
  if (c === CR && bytes[i + 1] === NL) return i + 2;
  const vals = VALS;
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
    // Integer and fraction digits accumulate as int32 (a short dependency chain); a part longer than 9 digits
    // would overflow and is re-read in doubles. mant = int * 10^scale + frac is exact below 2^53, and one
    // division by 10^scale then gives the correctly rounded double, the same as Number(text).
    const first = i;
    let whole = 0;
    let d = c - 48;
    while (d >>> 0 < 10) {
      whole = (whole * 10 + d) | 0;
      c = bytes[++i];
      d = c - 48;
    }
    let digits = i - first;
    let v = digits > 9 ? slowDigits(bytes, first, i) : whole;
    if (c === DOT) {
      const frac = ++i;
      let part = 0;
      c = bytes[i];
      d = c - 48;
      while (d >>> 0 < 10) {
        part = (part * 10 + d) | 0;
        c = bytes[++i];
        d = c - 48;
      }
      const scale = i - frac;
      digits += scale;
      if (scale > 0) {
        if (scale > 9) part = slowDigits(bytes, frac, i);
        v = scale < 23 ? (v * POW10[scale] + part) / POW10[scale] : (v * 10 ** scale + part) / 10 ** scale;
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
      if (s.count === s.capacity) growState(s);
      const k = s.count;
      s.lap[k] = lap;
      s.timeMs[k] = t;
      s.lat[k] = lat;
      s.lon[k] = lon;
      s.speedKmh[k] = vals[3 + off];
      s.count = k + 1;
    }
  }
  if (bad !== null) report(s, lineNo, bad);
  // Past the end of this line (already at its '\n' for a good line).
  while (bytes[i] !== NL) i++;
  return i + 1;
}

/**
 * Cumulative distance, a second tight pass over the lat/lon columns (kept out of the scanner's loop: there the
 * extra live doubles cost more than this whole pass).
 */
export function cumulativeDistance(lat: Float64Array, lon: Float64Array, count: number, out: Float64Array): void {
  if (count <= 0) return;
  out[0] = 0;
  // bandedStepDistanceM written out, its band and the previous fix in locals (same operations, so the same doubles;
  // tested): the call with its band array cost ~2x this loop.
  const k = DEG_TO_M;
  let bandLat = NaN;
  let cos = NaN;
  let lat1 = lat[0];
  let lon1 = lon[0];
  let d = 0;
  for (let i = 1; i < count; i++) {
    const lat2 = lat[i];
    const lon2 = lon[i];
    const mid = (lat1 + lat2) * 0.5;
    if (!(Math.abs(mid - bandLat) <= COS_BAND_DEG)) {
      bandLat = mid;
      cos = Math.cos(mid * DEG);
    }
    const x = (lon2 - lon1) * cos;
    const y = lat2 - lat1;
    d += Math.sqrt(x * x + y * y) * k;
    out[i] = d;
    lat1 = lat2;
    lon1 = lon2;
  }
}

function finish(s: ScanState): ParsedPositions {
  const { count, capacity } = s;
  cumulativeDistance(s.lat, s.lon, count, s.distanceM);
  // A subarray keeps (and transfers) the whole buffer: fine for the few % the estimate adds, but a copy is
  // cheaper in memory once more than 10 % would be wasted.
  const trim = <T extends Int32Array | Float64Array | Float32Array>(a: T): T =>
    (capacity > count * 1.1 + 1024 ? a.slice(0, count) : a.subarray(0, count)) as T;
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
