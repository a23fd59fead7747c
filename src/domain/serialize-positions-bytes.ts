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
  bytes: Uint8Array;
  /** Latitude and longitude of every fix as written, interleaved, in 1e-7 degrees; null unless written with 7 decimals. */
  coordinatesE7: Int32Array | null;
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];
const MINUS = 45;
const DOT = 46;
const SEMI = 59;
const ZERO = 48;
/** More than the longest line the writer can produce from numbers in range (the exact sizes are checked per line). */
const LINE_RESERVE = 160;

class ByteWriter {
  bytes: Uint8Array;
  at = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(256, capacity));
  }

  /** Room for one more line of any length `reserve` allows. */
  reserve(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.at + n));
    next.set(this.bytes.subarray(0, this.at));
    this.bytes = next;
  }

  /** An ASCII string (numbers written the slow way: exponent forms, NaN, huge values). */
  ascii(s: string): void {
    this.reserve(s.length);
    for (let k = 0; k < s.length; k++) this.bytes[this.at++] = s.charCodeAt(k);
  }

  /** A non-negative integer below 2^53, in decimal. */
  digits(n: number): void {
    if (n < 10) {
      this.bytes[this.at++] = ZERO + n;
      return;
    }
    let len = 1;
    for (let p = 10; p <= n && len < 16; p *= 10) len++;
    let end = this.at + len;
    this.at = end;
    while (len-- > 0) {
      const q = Math.floor(n / 10);
      this.bytes[--end] = ZERO + (n - q * 10);
      n = q;
    }
  }

  /** `String(value)` of an integer-valued number (Math.round's result). */
  integer(value: number): void {
    if (value >= 0 && value < 2 ** 53) this.digits(value);
    else if (value < 0 && value > -(2 ** 53)) {
      this.bytes[this.at++] = MINUS;
      this.digits(-value);
    } else this.ascii(String(value));
  }

  /**
   * fixed(value, decimals) of serialize-session.ts; returns the value as written scaled by 10^decimals (an
   * integer; the written text parsed and scaled back for the rare values written by toFixed).
   */
  fixed(value: number, decimals: number): number {
    const scale = POW10[decimals];
    const scaled = Math.abs(value) * scale;
    const n = Math.round(scaled);
    if (scale === undefined || !(n < 2 ** 52) || Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6) {
      const s = fixedByToFixed(value, decimals);
      this.ascii(s);
      return Math.round(Number(s) * (scale ?? 10 ** decimals));
    }
    if (n === 0) {
      this.bytes[this.at++] = ZERO;
      return 0;
    }
    if (value < 0) this.bytes[this.at++] = MINUS;
    const whole = Math.floor(n / scale);
    let part = n - whole * scale;
    this.digits(whole);
    if (part !== 0) {
      let places = decimals;
      while (part % 10 === 0) {
        part /= 10;
        places--;
      }
      this.bytes[this.at++] = DOT;
      const end = this.at + places;
      for (let k = end - 1; k >= this.at; k--) {
        const q = Math.floor(part / 10);
        this.bytes[k] = ZERO + (part - q * 10);
        part = q;
      }
      this.at = end;
    }
    return value < 0 ? -n : n;
  }
}

export function serializePositionsBytes(columns: PositionColumns, options: SerializePositionsOptions = {}): PositionsBytes {
  const count = columns.count;
  const withTime = options.withTime ?? (count > 0 && !Number.isNaN(columns.timeMs[0]));
  const cd = options.coordinateDecimals ?? 7;
  const sd = options.speedDecimals ?? 2;
  const crlf = (options.eol ?? '\n') === '\r\n';
  const e7 = cd === 7 ? new Int32Array(2 * count) : null;
  const w = new ByteWriter(count * 48);
  const { lap, timeMs, lat, lon, speedKmh } = columns;
  for (let i = 0; i < count; i++) {
    w.reserve(LINE_RESERVE);
    w.integer(lap[i]);
    w.bytes[w.at++] = SEMI;
    if (withTime) {
      w.integer(Math.round(timeMs[i]));
      w.bytes[w.at++] = SEMI;
    }
    const la = w.fixed(lat[i], cd);
    w.bytes[w.at++] = SEMI;
    const lo = w.fixed(lon[i], cd);
    w.bytes[w.at++] = SEMI;
    w.fixed(speedKmh[i], sd);
    if (crlf) w.bytes[w.at++] = 13;
    w.bytes[w.at++] = 10;
    if (e7) {
      e7[2 * i] = la;
      e7[2 * i + 1] = lo;
    }
  }
  return { bytes: w.bytes.slice(0, w.at), coordinatesE7: e7 };
}
