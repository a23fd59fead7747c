/**
 * The device's nmea text written straight into UTF-8 bytes: the very bytes `TextEncoder.encode(serializePositions(
 * columns))` gives (serialize-session.ts is the reference, tests compare both), without a string per field and line
 * and their join and encoding. A 2 h 25 Hz import writes 180,000 lines and 540,000 decimals: the string path took
 * most of an import's time.
 *
 * Beside the bytes it gives each latitude and longitude as written, in 1e-7 degrees (when coordinates are written
 * with 7 decimals): the integers the stored text reads back as, so the content fingerprint is taken from them
 * instead of parsing the text back (positions-fingerprint.ts).
 */
import { fixedByToFixed, type SerializePositionsOptions } from './serialize-session';
import type { PositionColumns } from './session-types';

interface PositionsBytes {
  /**
   * The text's bytes: a view on the buffer they were written into, which may run on past them (copying a 2 h
   * session's 7 MB to a buffer of their exact length cost more than a tenth of the writing).
   */
  bytes: Uint8Array;
  /** Latitude and longitude of every fix as written, interleaved, in 1e-7 degrees; null unless written with 7 decimals. */
  coordinatesE7: Int32Array | null;
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];
const MINUS = 45;
const DOT = 46;
const SEMI = 59;
const ZERO = 48;
/**
 * Room for a line beyond its decimals: a number written as String() or toFixed() is at most 24 characters plus its
 * decimals, and a line is five of them, four separators and CRLF (the writers below never grow the bytes).
 */
const LINE_RESERVE = 130;

/**
 * The writers below are plain functions over the output bytes and a position, returning the next position, rather
 * than methods of a writer object: an import runs them in a worker started for it, so most of the 180,000 lines
 * are written before the optimising compiler has caught up, and there every property read and call counts.
 */

/** Bytes with room for `need` from `at` (doubled when short), the first `at` kept. */
function withRoom(bytes: Uint8Array, at: number, need: number): Uint8Array {
  if (at + need <= bytes.length) return bytes;
  const next = new Uint8Array(Math.max(bytes.length * 2, at + need));
  next.set(bytes.subarray(0, at));
  return next;
}

/** An ASCII string (numbers written the slow way: exponent forms, NaN, huge values). */
function writeAscii(bytes: Uint8Array, at: number, s: string): number {
  for (let k = 0; k < s.length; k++) bytes[at++] = s.charCodeAt(k);
  return at;
}

/**
 * "00" to "99" as bytes, two per number: digits are written two at a time, halving the divisions (each one a
 * floating-point division and floor here, as the numbers go beyond 32 bits).
 */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, k) => ZERO + (k & 1 ? (k >> 1) % 10 : Math.floor((k >> 1) / 10)));

/** Writes the last `places` digits of the non-negative integer `n` (with leading zeros) ending before `end`. */
function writeDigitsBefore(bytes: Uint8Array, end: number, n: number, places: number): void {
  let k = end;
  while (places >= 2 && n > 0x7fffffff) {
    const q = Math.floor(n / 100);
    const pair = (n - q * 100) * 2;
    bytes[--k] = DIGIT_PAIRS[pair + 1];
    bytes[--k] = DIGIT_PAIRS[pair];
    n = q;
    places -= 2;
  }
  // Below 2^31 (every time, lap and decimal part of a fix): integer division.
  let m = n | 0;
  while (places >= 2) {
    const q = (m / 100) | 0;
    const pair = (m - q * 100) << 1;
    bytes[--k] = DIGIT_PAIRS[pair + 1];
    bytes[--k] = DIGIT_PAIRS[pair];
    m = q;
    places -= 2;
  }
  if (places === 1) bytes[--k] = ZERO + (m - ((m / 10) | 0) * 10);
}

/** A non-negative integer below 2^53, in decimal. */
function writeDigits(bytes: Uint8Array, at: number, n: number): number {
  if (n < 10) {
    bytes[at] = ZERO + n;
    return at + 1;
  }
  let len = 1;
  for (let p = 10; p <= n && len < 16; p *= 10) len++;
  const end = at + len;
  writeDigitsBefore(bytes, end, n, len);
  return end;
}

/** `String(value)` of an integer-valued number (Math.round's result). */
function writeInteger(bytes: Uint8Array, at: number, value: number): number {
  if (value >= 0 && value < 2 ** 53) return writeDigits(bytes, at, value);
  if (value < 0 && value > -(2 ** 53)) {
    bytes[at] = MINUS;
    return writeDigits(bytes, at + 1, -value);
  }
  return writeAscii(bytes, at, String(value));
}

/** The value the last writeFixed wrote, scaled by 10^decimals (an integer); a second result without an object per call. */
let lastScaled = 0;

/**
 * fixed(value, decimals) of serialize-session.ts; sets `lastScaled` to the value as written scaled by 10^decimals
 * (the written text parsed and scaled back for the rare values written by toFixed).
 */
function writeFixed(bytes: Uint8Array, at: number, value: number, decimals: number): number {
  const scale = POW10[decimals];
  const scaled = Math.abs(value) * scale;
  const n = Math.round(scaled);
  if (scale === undefined || !(n < 2 ** 52) || Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6) {
    const s = fixedByToFixed(value, decimals);
    lastScaled = Math.round(Number(s) * (scale ?? 10 ** decimals));
    return writeAscii(bytes, at, s);
  }
  lastScaled = value < 0 ? -n : n;
  if (n === 0) {
    bytes[at] = ZERO;
    return at + 1;
  }
  if (value < 0) bytes[at++] = MINUS;
  const whole = Math.floor(n / scale);
  let part = n - whole * scale;
  at = writeDigits(bytes, at, whole);
  if (part === 0) return at;
  let places = decimals;
  while (part % 10 === 0) {
    part /= 10;
    places--;
  }
  bytes[at] = DOT;
  const end = at + 1 + places;
  writeDigitsBefore(bytes, end, part, places);
  return end;
}

export function serializePositionsBytes(columns: PositionColumns, options: SerializePositionsOptions = {}): PositionsBytes {
  const count = columns.count;
  const withTime = options.withTime ?? (count > 0 && !Number.isNaN(columns.timeMs[0]));
  const cd = options.coordinateDecimals ?? 7;
  const sd = options.speedDecimals ?? 2;
  const crlf = (options.eol ?? '\n') === '\r\n';
  const e7 = cd === 7 ? new Int32Array(2 * count) : null;
  const lineReserve = LINE_RESERVE + 2 * cd + sd;
  let bytes: Uint8Array = new Uint8Array(Math.max(256, count * 48));
  let at = 0;
  const { lap, timeMs, lat, lon, speedKmh } = columns;
  for (let i = 0; i < count; i++) {
    if (at + lineReserve > bytes.length) bytes = withRoom(bytes, at, lineReserve);
    at = writeInteger(bytes, at, lap[i]);
    bytes[at++] = SEMI;
    if (withTime) {
      at = writeInteger(bytes, at, Math.round(timeMs[i]));
      bytes[at++] = SEMI;
    }
    at = writeFixed(bytes, at, lat[i], cd);
    const la = lastScaled;
    bytes[at++] = SEMI;
    at = writeFixed(bytes, at, lon[i], cd);
    const lo = lastScaled;
    bytes[at++] = SEMI;
    at = writeFixed(bytes, at, speedKmh[i], sd);
    if (crlf) bytes[at++] = 13;
    bytes[at++] = 10;
    if (e7) {
      e7[2 * i] = la;
      e7[2 * i + 1] = lo;
    }
  }
  return { bytes: bytes.subarray(0, at), coordinatesE7: e7 };
}
