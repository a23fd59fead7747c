/**
 * Byte-level helpers of the columnar codec (columnar-codec.ts): the separator and digit byte codes, decimal
 * digits written straight into a buffer, and ByteSink, the growing output buffer of both encoder and decoder.
 *
 * The encoder and decoder re-bind the constants as module-local consts (reading an imported binding inside a hot
 * loop costs more in V8 than reading a local one).
 */
import { ColumnarTextError } from './columnar-format';

export const SEMI = 0x3b;
export const NL = 0x0a;
export const MINUS = 0x2d;
export const ZERO = 0x30;
/** Integers stay below this (15 digits) so every sum and difference is exact in a double. */
export const INT_LIMIT = 1e15;
/** Room made before a field so the hot loops write without a check per byte: ';', '-' and 16 digits fit. */
export const SLACK = 32;
/** Below this, `(x / 10) | 0` is an exact integer division (faster than Math.floor on a double). */
const INT32_LIMIT = 2 ** 31;

/** Decimal digits of a non-negative integer below 10^16. */
export function digitCount(x: number): number {
  let n = 1;
  for (let p = 10; x >= p; p *= 10) n++;
  return n;
}

/** Writes the `digits` decimal digits of the non-negative integer `x` at buf[at...], returns the end. */
export function writeDigits(buf: Uint8Array, at: number, x: number, digits: number): number {
  const end = at + digits;
  let i = end - 1;
  if (x < INT32_LIMIT) {
    while (i >= at) {
      const q = (x / 10) | 0;
      buf[i--] = ZERO + x - q * 10;
      x = q;
    }
  } else {
    while (i >= at) {
      const q = Math.floor(x / 10);
      buf[i--] = ZERO + x - q * 10;
      x = q;
    }
  }
  return end;
}

/** An append-only byte buffer that doubles as it fills; `cap` bounds it (the decoder's output limit). */
export class ByteSink {
  buf: Uint8Array;
  len = 0;
  /** `initial`: a first size, or the buffer to write into (replaced only if it fills up before `cap`). */
  constructor(
    initial: number | Uint8Array,
    readonly cap = Infinity,
  ) {
    this.buf = typeof initial === 'number' ? new Uint8Array(Math.max(16, Math.min(initial, cap))) : initial;
  }
  /** Room for `need` more bytes (the exact count about to be written): throws when that passes `cap`. */
  reserve(need: number): Uint8Array {
    const want = this.len + need;
    if (want <= this.buf.length) return this.buf;
    if (want > this.cap) throw new ColumnarTextError('COLUMNAR_TOO_LARGE', `The text is longer than ${this.cap} bytes.`);
    return this.grow(want);
  }
  /**
   * Up to `need` bytes of room without throwing: grows, but never past `cap`, so near the limit the buffer may
   * have less room than asked (callers then take the exact, checked path: reserve, copyField, int).
   */
  room(need: number): Uint8Array {
    const want = this.len + need;
    if (want <= this.buf.length || this.buf.length >= this.cap) return this.buf;
    return this.grow(want);
  }
  /** Doubles the buffer until it holds `want` bytes, clipped to `cap`, keeping what is written. */
  private grow(want: number): Uint8Array {
    let size = this.buf.length * 2;
    while (size < want) size *= 2;
    const next = new Uint8Array(Math.min(size, this.cap));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
    return next;
  }
  /** Room for `total` bytes in all (a projection of the final size, clipped to `cap`): one copy now, not several doublings. */
  expect(total: number): void {
    const size = Math.min(Math.ceil(total), this.cap);
    if (size <= this.buf.length) return;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
  /**
   * Copies src[from...] up to (not including) the next ';' - or '\n' too when `stopAtNl` - or `end`, preceded by
   * `sep` unless it is -1; returns where it stopped. Finds the field's end and copies it in the same loop.
   */
  copyField(sep: number, src: Uint8Array, from: number, end: number, stopAtNl: boolean): number {
    let buf = this.reserve(1);
    let at = this.len;
    if (sep >= 0) buf[at++] = sep;
    let i = from;
    for (;;) {
      // As far as both the source and the room left allow, with no other check per byte.
      const stop = Math.min(end, i + (buf.length - at));
      if (stopAtNl) {
        for (; i < stop; i++) {
          const b = src[i];
          if (b === SEMI || b === NL) break;
          buf[at++] = b;
        }
      } else {
        for (; i < stop; i++) {
          const b = src[i];
          if (b === SEMI) break;
          buf[at++] = b;
        }
      }
      if (i < stop || i === end) break;
      this.len = at;
      buf = this.reserve(1);
    }
    this.len = at;
    return i;
  }
  /** The decimal form of a safe integer, preceded by `sep` unless it is -1. */
  int(sep: number, v: number): void {
    const negative = v < 0;
    const x = negative ? -v : v;
    const digits = digitCount(x);
    const buf = this.reserve(digits + 2);
    let at = this.len;
    if (sep >= 0) buf[at++] = sep;
    if (negative) buf[at++] = MINUS;
    this.len = writeDigits(buf, at, x, digits);
  }
  text(): string {
    return new TextDecoder().decode(this.buf.subarray(0, this.len));
  }
}

/**
 * Grows a sink that is out of room to what it will need in all, projected from how far the input has got
 * (`done` of `total`, plus 2%): a few copies of the buffer in all instead of doublings (a 7 h session's columns
 * are megabytes; doubling also over-allocates up to 2x). Never past `cap` (see ByteSink.room).
 */
export function growProjected(sink: ByteSink, done: number, total: number): Uint8Array {
  const projected = done > 0 ? (sink.len * total * 1.02) / done + 1024 : 0;
  sink.expect(Math.max(projected, sink.len + SLACK, sink.buf.length * 1.25));
  return sink.buf;
}
