/**
 * The generic line parser of the positions parser (parse-positions.ts): any line the fast path does not take
 * (4 or 5 fields, signs, long digit runs, blank lines, corrupt lines and their reports).
 */
import {
  CR as CR_BYTE,
  DOT as DOT_BYTE,
  MINUS as MINUS_BYTE,
  NL as NL_BYTE,
  PLUS as PLUS_BYTE,
  POW10 as SHARED_POW10,
  SEMI as SEMI_BYTE,
  growState,
  type ScanState,
} from './parse-positions-state';
import { MAX_SPEED_KMH, MAX_TIME_MS } from './physical-bounds';

// Module-local bindings of the shared constants: an imported binding read inside the loops below costs more.
const NL = NL_BYTE;
const CR = CR_BYTE;
const SEMI = SEMI_BYTE;
const DOT = DOT_BYTE;
const MINUS = MINUS_BYTE;
const PLUS = PLUS_BYTE;
const POW10 = SHARED_POW10;
const MAX_FIELDS = 5;

const REASONS = {
  fields: 'expected 4 or 5 fields',
  number: 'a field is not a number',
  lap: 'lap is not a non-negative integer',
  range: 'latitude or longitude out of range',
  time: 'timeMs is not a time within a day of the session start',
  speed: 'speed is not between 0 and 500 km/h',
} as const;

/** Digits bytes[from, to) as a double (for parts too long for int32). */
function slowDigits(bytes: Uint8Array, from: number, to: number): number {
  let x = 0;
  for (let k = from; k < to; k++) x = x * 10 + (bytes[k] - 48);
  return x;
}

function report(s: ScanState, line: number, reason: keyof typeof REASONS): void {
  s.corruptLines++;
  if (s.issues.length < s.maxIssues) s.issues.push({ line, reason: REASONS[reason] });
}

/** Field values of the line parseLineGeneric is reading (one parser runs at a time). */
const VALS = new Float64Array(MAX_FIELDS + 1);

/**
 * Parses (or reports, or skips when blank) the line starting at bytes[i], which has a '\n' at or after i, as
 * line number `lineNo`; appends a good fix to s. Returns the index after the line's '\n'.
 */
export function parseLineGeneric(s: ScanState, bytes: Uint8Array, i: number, lineNo: number): number {
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
    else if (t < 0 || t > MAX_TIME_MS) bad = 'time';
    else if (!(vals[3 + off] >= 0 && vals[3 + off] <= MAX_SPEED_KMH)) bad = 'speed';
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
