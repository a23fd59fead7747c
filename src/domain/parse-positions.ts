/**
 * Parser for the device's nmea file (docs/device-protocol.md, 'File contents'): one fix a line,
 * `<lap>;<timeMs>;<lat>;<lon>;<kmh>`, or `<lap>;<lat>;<lon>;<kmh>` when the optional timeMs is omitted
 * (timeMs becomes NaN). `\n` ends a line, `\r\n` is tolerated, empty lines are skipped.
 *
 * Why it looks like this: a 7 h session is 630,000 lines (~25 MB). The parser is one pass over the raw bytes
 * (no TextDecoder, no split, no per-line strings or objects) writing straight into typed columns that grow
 * geometrically; numbers are accumulated digit by digit as an integer mantissa and divided once by a power of
 * ten, which is exact (the same double as `Number(text)`) for up to 15 significant digits. Cumulative distance
 * is a second tight pass over the lat/lon columns (geo-distance.ts).
 *
 * Two line parsers share that arithmetic. The fast one (`scanLines`) expects the shape the device writes,
 * `<lap>;<timeMs>;[-]<d>.<d>;[-]<d>.<d>;[-]<d>[.<d>]` + `\n` or `\r\n` (unsigned lap and timeMs, at most 9
 * digits in each run, 1-3 integer digits for lat/lon), in straight-line code with int32 accumulators and no
 * per-field bookkeeping. At the first byte that does not fit it hands the whole line to the generic one
 * (`parseLineGeneric` in parse-positions-generic.ts: 4 or 5 fields, signs, long digit runs, blank lines, corrupt
 * lines and their reports), so both give the same doubles for every line the fast one accepts (tests compare them
 * with a reference parse). The scan state, its column growth and the shared byte codes: parse-positions-state.ts.
 *
 * Corrupt lines (wrong field count, a non-number, lap not a non-negative integer, latitude/longitude out of
 * range, a speed below 0 or above 500 km/h, a time past a day's session) are skipped and reported with their 1-based line number; never a throw. Only the first
 * `maxIssues` are listed, `corruptLines` counts them all.
 */
import { COS_BAND_DEG, DEG, EARTH_RADIUS_M } from './geo-distance';
import { parseLineGeneric } from './parse-positions-generic';
import { MAX_SPEED_KMH as SHARED_MAX_SPEED_KMH, MAX_TIME_MS as SHARED_MAX_TIME_MS } from './physical-bounds';
import {
  CR as CR_BYTE,
  DOT as DOT_BYTE,
  MINUS as MINUS_BYTE,
  NL as NL_BYTE,
  POW10 as SHARED_POW10,
  SEMI as SEMI_BYTE,
  emptyPositions,
  growState,
  newState,
  type ScanState,
} from './parse-positions-state';


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

// Module-local bindings of the shared constants: an imported binding read inside scanLines' loop costs more.
const NL = NL_BYTE;
const CR = CR_BYTE;
const SEMI = SEMI_BYTE;
const DOT = DOT_BYTE;
const MINUS = MINUS_BYTE;
const POW10 = SHARED_POW10;
const MAX_SPEED_KMH = SHARED_MAX_SPEED_KMH;
const MAX_TIME_MS = SHARED_MAX_TIME_MS;

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
  // The state's counters and columns in locals, read back from it only after it grew or the generic parser ran.
  let { count, capacity, lap: lapCol, timeMs: timeCol, lat: latCol, lon: lonCol, speedKmh: speedCol, lineNo } = s;
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
      // Outside physical bounds (a speed no vehicle here reaches, a time beyond a day's session): the generic
      // parser reports the line as damaged.
      if (v > MAX_SPEED_KMH || (neg && v !== 0) || time > MAX_TIME_MS) break fast;
      if (count === capacity) {
        s.count = count;
        growState(s);
        ({ capacity, lap: lapCol, timeMs: timeCol, lat: latCol, lon: lonCol, speedKmh: speedCol } = s);
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
    ({ count, capacity, lap: lapCol, timeMs: timeCol, lat: latCol, lon: lonCol, speedKmh: speedCol } = s);
  }
  s.count = count;
  s.lineNo = lineNo;
}
/**
 * Cumulative distance, a second tight pass over the lat/lon columns (kept out of the scanner's loop: there the
 * extra live doubles cost more than this whole pass).
 * @internal Exported for its tests.
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
