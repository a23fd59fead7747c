/**
 * A lossless, column-wise form of a line-and-field text, used to upload a session's position text (issue 5: a 7 h
 * session must take <= 7 MB on the wire; Chromium's CompressionStream has gzip but no brotli).
 *
 * The position text is one line per fix, fields separated by ';' (`lap;ms;lat;lon;speed`). Row by row, gzip sees
 * every line's ever-changing digits; column by column, each column repeats itself far more (the lap column is
 * one value for thousands of lines). Columns whose every value is a canonical integer (no sign on 0, no leading
 * zeros, <= 15 digits) travel as differences of consecutive values: the 25 Hz time column becomes '40;40;40...'.
 * On the 7 h benchmark session this takes the gzip-compressed upload from 7.07 MB to about 4.3 MB.
 *
 * It is exact for ANY string (not only well-formed position text): lines are what lies between '\n', fields what
 * lies between ';' in a line, so a field never contains either, and '\r', spaces, odd lines and a missing or extra
 * final newline all come back byte for byte. The server decodes it before anything else sees the body, so it
 * stores, hashes and parses exactly the text the device wrote.
 *
 * This module has no zod (the analysis worker encodes upload bodies with it); columnar-text.ts adds the schema.
 */
export interface ColumnarText {
  format: 'columns-v1';
  /** Field counts of the lines, run-length encoded: `[fields, lines, fields, lines, ...]` (every line has >= 1 field). */
  shape: number[];
  /** Column j: field j of every line that has more than j fields, in line order, joined by ';'. */
  columns: string[];
  /** Indexes of the columns sent as differences of consecutive integers (the first against 0); 0 <= values < 10^15. */
  deltas: number[];
}

/** Media type of a session upload (POST/PUT /sessions) whose `coordinates` is a ColumnarText instead of a string. */
export const COLUMNAR_SESSION_MEDIA_TYPE = 'application/vnd.astro.session-columns+json';

/** Why a ColumnarText could not be decoded: malformed, or decoding to more than the allowed length. */
export class ColumnarTextError extends Error {
  constructor(
    readonly code: 'COLUMNAR_INVALID' | 'COLUMNAR_TOO_LARGE',
    message: string,
  ) {
    super(message);
    this.name = 'ColumnarTextError';
  }
}

const SEMI = 0x3b;
const NL = 0x0a;
const MINUS = 0x2d;
const ZERO = 0x30;
/** Integers stay below this (15 digits) so every sum and difference is exact in a double. */
const INT_LIMIT = 1e15;
/** Room made before a field so the hot loops write without a check per byte: ';', '-' and 16 digits fit. */
const SLACK = 32;
/** Below this, `(x / 10) | 0` is an exact integer division (faster than Math.floor on a double). */
const INT32_LIMIT = 2 ** 31;

/** Decimal digits of a non-negative integer below 10^16. */
function digitCount(x: number): number {
  let n = 1;
  for (let p = 10; x >= p; p *= 10) n++;
  return n;
}

/** Writes the `digits` decimal digits of the non-negative integer `x` at buf[at...], returns the end. */
function writeDigits(buf: Uint8Array, at: number, x: number, digits: number): number {
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
class ByteSink {
  buf: Uint8Array;
  len = 0;
  constructor(
    initial: number,
    readonly cap = Infinity,
  ) {
    this.buf = new Uint8Array(Math.max(16, Math.min(initial, cap)));
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

/** A lone UTF-16 surrogate has no UTF-8 form, so such a text could not come back exactly (and the device never writes one). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** String.prototype.isWellFormed (ES2024: Chromium 111, Node 20) is a fast scan; the regex is the fallback. */
function hasUtf8Form(text: string): boolean {
  const s = text as string & { isWellFormed?: () => boolean };
  return typeof s.isWellFormed === 'function' ? s.isWellFormed() : !LONE_SURROGATE.test(text);
}

/**
 * Grows a sink that is out of room to what it will need in all, projected from how far the input has got
 * (`done` of `total`, plus 2%): a few copies of the buffer in all instead of doublings (a 7 h session's columns
 * are megabytes; doubling also over-allocates up to 2x). Never past `cap` (see ByteSink.room).
 */
function growProjected(sink: ByteSink, done: number, total: number): Uint8Array {
  const projected = done > 0 ? (sink.len * total * 1.02) / done + 1024 : 0;
  sink.expect(Math.max(projected, sink.len + SLACK, sink.buf.length * 1.25));
  return sink.buf;
}

/**
 * One column while encoding. It holds the differences of its values while every value so far is a canonical
 * integer (no sign on 0, no leading zeros, <= 15 digits); at the first other value it turns into the plain
 * values, rebuilt from those differences (a canonical integer's text is its decimal form), and stays plain.
 */
class EncodeColumn {
  readonly sink: ByteSink;
  delta = true;
  prev = 0;
  count = 0;
  constructor(initial: number) {
    this.sink = new ByteSink(initial);
  }
  toPlain(): void {
    const src = this.sink.buf;
    const end = this.sink.len;
    const plain = new ByteSink(end * 2);
    let acc = 0;
    let i = 0;
    for (let k = 0; k < this.count; k++) {
      const buf = plain.buf.length - plain.len >= SLACK ? plain.buf : plain.room(SLACK);
      let at = plain.len;
      if (k > 0) buf[at++] = SEMI;
      const negative = src[i] === MINUS;
      if (negative) i++;
      let d = 0;
      for (; i < end; i++) {
        const b = src[i];
        if (b === SEMI) break;
        d = d * 10 + (b - ZERO);
      }
      i++;
      acc += negative ? -d : d;
      let x = acc;
      if (x < 0) {
        buf[at++] = MINUS;
        x = -x;
      }
      plain.len = writeDigits(buf, at, x, digitCount(x));
    }
    this.sink.buf = plain.buf;
    this.sink.len = plain.len;
    this.delta = false;
  }
}

/**
 * The text column by column, or null for the rare text that has no exact UTF-8 form (send it as it is then).
 * One pass over the UTF-8 bytes ('\n' and ';' never occur inside a multi-byte character) that finds each field's
 * end and, while its column may still be integers, parses it in the same step; no string per field, no second
 * copy of an integer column. A 7 h session (25 MB): ~110-130 ms in Node (was 170-250 ms on the same machine).
 */
export function encodeColumnarText(text: string): ColumnarText | null {
  if (!hasUtf8Form(text)) return null;
  const bytes = new TextEncoder().encode(text);
  const n = bytes.length;
  const shape: number[] = [];
  const columns: EncodeColumn[] = [];
  let field = 0;
  let i = 0;
  // One iteration per field; the input ends with a virtual '\n'. Each field is parsed (integer columns) or
  // copied in one loop over its bytes, written straight into its column's buffer.
  for (;;) {
    if (field === columns.length) columns.push(new EncodeColumn(n >> 3));
    const col = columns[field];
    const sink = col.sink;
    let buf = sink.buf.length - sink.len >= SLACK ? sink.buf : growProjected(sink, i, n);
    let at = sink.len;
    if (col.count > 0) buf[at++] = SEMI;
    const start = i;
    let b = NL;
    let plain = !col.delta;
    if (!plain) {
      const negative = i < n && bytes[i] === MINUS;
      if (negative) i++;
      const digitsFrom = i;
      let v = 0;
      for (; i < n; i++) {
        b = bytes[i];
        const d = b - ZERO;
        if (d < 0 || d > 9) break;
        v = v * 10 + d;
      }
      if (i === n) b = NL;
      const digits = i - digitsFrom;
      if ((b === SEMI || b === NL) && digits >= 1 && digits <= 15 && !(bytes[digitsFrom] === ZERO && (digits > 1 || negative))) {
        if (negative) v = -v;
        let x = v - col.prev;
        col.prev = v;
        if (x < 0) {
          buf[at++] = MINUS;
          x = -x;
        }
        if (x < 10) buf[at++] = ZERO + x;
        else at = writeDigits(buf, at, x, digitCount(x));
      } else {
        // Not an integer column after all: its values so far as text, then this field as it is.
        col.toPlain();
        buf = sink.room(SLACK);
        at = sink.len;
        if (col.count > 0) buf[at++] = SEMI;
        i = start;
        plain = true;
      }
    }
    if (plain) {
      for (;;) {
        const stop = Math.min(n, i + (buf.length - at));
        for (; i < stop; i++) {
          b = bytes[i];
          if (b === SEMI || b === NL) break;
          buf[at++] = b;
        }
        if (i < stop) break;
        if (i === n) {
          b = NL;
          break;
        }
        sink.len = at;
        buf = growProjected(sink, i, n);
      }
    }
    sink.len = at;
    col.count++;
    field++;
    if (b === NL) {
      if (shape.length && shape[shape.length - 2] === field) shape[shape.length - 1]++;
      else shape.push(field, 1);
      field = 0;
    }
    if (i >= n) break;
    i++;
  }
  const deltas: number[] = [];
  // A column of one integer is the same text either way (its difference against 0 is itself): sent as is.
  columns.forEach((c, j) => {
    if (c.delta && c.count >= 2) deltas.push(j);
  });
  return { format: 'columns-v1', shape, columns: columns.map((c) => c.sink.text()), deltas };
}

/**
 * The text back, exactly. `maxBytes` bounds its UTF-8 size, checked as it is built, so a small body cannot expand
 * into an unbounded text (differences of big numbers expand ~8 times). Throws ColumnarTextError.
 * Each field is read and written in one loop over its bytes (no indexOf, no string per field).
 */
export function decodeColumnarText(value: ColumnarText, maxBytes: number): string {
  const invalid = (why: string) => new ColumnarTextError('COLUMNAR_INVALID', `Invalid columnar text: ${why}.`);
  const { shape, columns, deltas } = value;
  if (shape.length === 0 || shape.length % 2 !== 0) throw invalid('shape must hold (fields, lines) pairs');
  const expected = new Array<number>(columns.length).fill(0);
  let lineCount = 0;
  for (let r = 0; r < shape.length; r += 2) {
    const fields = shape[r];
    const run = shape[r + 1];
    if (!Number.isSafeInteger(fields) || !Number.isSafeInteger(run) || fields < 1 || run < 1) throw invalid('shape counts must be positive integers');
    if (fields > columns.length) throw invalid(`a line has ${fields} fields but there are ${columns.length} columns`);
    lineCount += run;
    // Every line but the last ends with '\n': more lines than that cannot fit in maxBytes.
    if (lineCount - 1 > maxBytes) throw new ColumnarTextError('COLUMNAR_TOO_LARGE', `The text is longer than ${maxBytes} bytes.`);
    for (let j = 0; j < fields; j++) expected[j] += run;
  }
  const isDelta = new Array<boolean>(columns.length).fill(false);
  for (const j of deltas) {
    if (!Number.isInteger(j) || j < 0 || j >= columns.length || isDelta[j]) throw invalid('bad delta column index');
    isDelta[j] = true;
  }
  const encoder = new TextEncoder();
  const col = columns.map((c, j) => {
    if (expected[j] === 0 && c !== '') throw invalid(`column ${j} holds values no line uses`);
    return encoder.encode(c);
  });
  // Positions fit in an int32 (a string's length does); sums stay plain numbers (small integers in practice).
  const pos = new Int32Array(columns.length);
  const acc = new Array<number>(columns.length).fill(0);
  const out = new ByteSink(col.reduce((n, c) => n + c.length, lineCount), maxBytes);
  let line = 0;
  for (let r = 0; r < shape.length; r += 2) {
    const fields = shape[r];
    const run = shape[r + 1];
    for (let k = 0; k < run; k++, line++) {
      for (let j = 0; j < fields; j++) {
        // A line's first field carries the '\n' before it; the first line has none.
        const sep = j > 0 ? SEMI : line > 0 ? NL : -1;
        const c = col[j];
        const len = c.length;
        let i = pos[j];
        if (i > len) throw invalid(`column ${j} holds fewer values than the shape says`);
        const buf = out.buf.length - out.len >= SLACK ? out.buf : growProjected(out, line, lineCount);
        // Near maxBytes there may be less room: then the exact, checked writes (copyField, int).
        const roomy = buf.length - out.len >= SLACK;
        if (!isDelta[j]) {
          if (!roomy) {
            pos[j] = out.copyField(sep, c, i, len, false) + 1;
            continue;
          }
          let at = out.len;
          if (sep >= 0) buf[at++] = sep;
          const stop = Math.min(len, i + (buf.length - at));
          for (; i < stop; i++) {
            const b = c[i];
            if (b === SEMI) break;
            buf[at++] = b;
          }
          out.len = at;
          if (i === stop && i < len) i = out.copyField(-1, c, i, len, false);
          pos[j] = i + 1;
          continue;
        }
        // A difference: optional '-', 1 to 16 digits, no leading zero, not '-0'.
        const negative = i < len && c[i] === MINUS;
        if (negative) i++;
        const digitsFrom = i;
        let d = 0;
        let b = SEMI;
        for (; i < len; i++) {
          b = c[i];
          const digit = b - ZERO;
          if (digit < 0 || digit > 9) break;
          d = d * 10 + digit;
        }
        const digits = i - digitsFrom;
        if ((i < len && b !== SEMI) || digits < 1 || digits > 16 || (c[digitsFrom] === ZERO && (digits > 1 || negative))) {
          throw invalid(`column ${j} holds a value that is not an integer difference`);
        }
        pos[j] = i + 1;
        const v = acc[j] + (negative ? -d : d);
        if (!(Math.abs(v) < INT_LIMIT)) throw invalid(`column ${j} adds up out of range`);
        acc[j] = v;
        if (!roomy) {
          out.int(sep, v);
          continue;
        }
        let at = out.len;
        if (sep >= 0) buf[at++] = sep;
        let x = v;
        if (x < 0) {
          buf[at++] = MINUS;
          x = -x;
        }
        out.len = writeDigits(buf, at, x, digitCount(x));
      }
    }
  }
  for (let j = 0; j < columns.length; j++) {
    if (expected[j] > 0 && pos[j] !== col[j].length + 1) throw invalid(`column ${j} holds more values than the shape says`);
  }
  return out.text();
}
