/** The columnar codec's decoder (columnar-codec.ts describes the format). */
import {
  ByteSink,
  digitCount,
  growProjected,
  INT_LIMIT as INT_LIMIT_VALUE,
  MINUS as MINUS_BYTE,
  NL as NL_BYTE,
  SEMI as SEMI_BYTE,
  SLACK as SLACK_BYTES,
  writeDigits,
  ZERO as ZERO_BYTE,
} from './columnar-byte-sink';
import { ColumnarTextError, type ColumnarText } from './columnar-format';

// Module-local bindings of the shared constants: an imported binding read inside the loops below costs more.
const SEMI = SEMI_BYTE;
const NL = NL_BYTE;
const MINUS = MINUS_BYTE;
const ZERO = ZERO_BYTE;
const INT_LIMIT = INT_LIMIT_VALUE;
const SLACK = SLACK_BYTES;

/**
 * The text back, exactly, as its UTF-8 bytes (the server stores bytes: a string of a 7 h session's 25 MB made, then
 * encoded again, cost the upload a few hundred ms). `maxBytes` bounds its size, checked as it is built, so a small
 * body cannot expand into an unbounded text (differences of big numbers expand ~8 times). Throws ColumnarTextError.
 * Each field is read and written in one loop over its bytes (no indexOf, no string per field).
 *
 * `into`: the buffer to write into, the result a view of it from its start (the server passes shared memory of
 * `maxBytes`, so the text is written once, where the database write reads it: growing a buffer of its own and
 * copying the result out cost a 7 h upload ~150 ms of memory the machine had to map afresh). Without it, or when
 * it fills up before `maxBytes`, the decoder grows a buffer of its own.
 */
export function decodeColumnarBytes(value: ColumnarText, maxBytes: number, into?: Uint8Array): Uint8Array {
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
  const out = new ByteSink(into ?? col.reduce((n, c) => n + c.length, lineCount), maxBytes);
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
  return out.buf.subarray(0, out.len);
}
