import { describe, expect, it } from 'vitest';
import { decodeColumnarText } from '../../helpers/columnar-text';
import { ColumnarTextError, columnarTextSchema, decodeColumnarBytes, encodeColumnarText } from '../../../src/contracts/columnar-text';
import type { ColumnarText } from '../../../src/contracts/columnar-format';
import { MAX_COLUMNS, MAX_SHAPE_RUNS } from '../../../src/contracts/session-bounds';

const LIMIT = 40 * 1024 * 1024;
function encode(text: string): ColumnarText {
  const c = encodeColumnarText(text);
  if (!c) throw new Error('not encodable');
  return c;
}
const roundTrip = (text: string) => decodeColumnarText(JSON.parse(JSON.stringify(encode(text))) as ColumnarText, LIMIT);

/** Position text as the device writes it: `lap;ms;lat;lon;speed`, 25 Hz. */
function positions(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += `${Math.floor(i / 1500)};${i * 40};${(41.5847 - i * 1.3e-6).toFixed(7)};-8.4483475;${(45 + (i % 7) / 100).toString()}\n`;
  return s;
}

describe('columnar text', () => {
  it('gives back exactly the text it was given, for device text and for any odd text', () => {
    const odd = [
      '',
      '\n',
      '\n\n',
      ';',
      ';;\n;',
      'no separators at all',
      'a;b\r\nc;d\r\n',
      '1;2;3\n4;5;6\n',
      '-5;-999999999999999\n999999999999999;0\n0;-1',
      '0;0;41.5;-8.4;45\n1;40;41.5;-8.4\n2;80;41.5;-8.4;45;extra\n\n3;120;;;\n',
      '007;08;-0;+5;1e3;0x10;1.50;-0.0\n1;2;3;4;5;6;7;8',
      '999999999999999;-999999999999999\n-999999999999999;999999999999999\n',
      '1000000000000000;2\n3;4',
      'çãé;日本;🏁\n1;2',
      ' 1; 2 \n3 ;4',
      positions(3000),
      positions(3000).slice(0, -1),
    ];
    for (const text of odd) expect(roundTrip(text), JSON.stringify(text.slice(0, 80))).toBe(text);
  });

  it('rebuilds the very UTF-8 bytes of the text, which the server stores as they are', () => {
    for (const text of [positions(3_000), 'a;ü;€\n1;2;3\n', '1;-2\n3;🏁']) {
      const c = encode(text);
      expect(Buffer.from(decodeColumnarBytes(c, LIMIT)).equals(Buffer.from(text, 'utf8')), text.slice(0, 20)).toBe(true);
    }
  });

  it('writes into the buffer it is given, from its start, and grows a buffer of its own when that one is too small', () => {
    const text = positions(3_000);
    const bytes = Buffer.from(text, 'utf8');
    const into = new Uint8Array(LIMIT).fill(0x7a);
    const written = decodeColumnarBytes(encode(text), LIMIT, into);
    expect(written.buffer).toBe(into.buffer);
    expect(written.byteOffset).toBe(0);
    expect(Buffer.from(written).equals(bytes)).toBe(true);
    const small = new Uint8Array(100);
    const grown = decodeColumnarBytes(encode(text), LIMIT, small);
    expect(grown.buffer).not.toBe(small.buffer);
    expect(Buffer.from(grown).equals(bytes)).toBe(true);
  });

  it('sends the integer columns of device text as differences and the others as they are', () => {
    const c = encode(positions(100));
    expect(c.shape).toEqual([5, 100, 1, 1]);
    // Column 0 also holds the empty line after the final '\n' (not an integer), so only the time column qualifies.
    expect(c.deltas).toEqual([1]);
    expect(c.columns[1].split(';').slice(0, 4)).toEqual(['0', '40', '40', '40']);
    expect(c.columns[2].split(';')[0]).toBe('41.5847000');
  });

  it('never sends a column as differences when one value is not a canonical integer', () => {
    for (const odd of ['007', '-0', '+5', '1.0', '1000000000000000', ' 5']) {
      const c = encode(`1;2\n${odd};4\n5;6`);
      expect(c.deltas, odd).toEqual([1]);
      expect(decodeColumnarText(c, LIMIT)).toBe(`1;2\n${odd};4\n5;6`);
    }
  });

  it('refuses malformed input with a typed error instead of guessing', () => {
    const good = encode('1;2\n3;4\n5;6');
    const bad: Array<Partial<ColumnarText>> = [
      { shape: [] },
      { shape: [2] },
      { shape: [2, 0] },
      { shape: [3, 3] },
      { shape: [2, 4] },
      { shape: [2, 2] },
      { columns: ['1;3;5', '2;4'] },
      { deltas: [5] },
      { deltas: [0, 0] },
      { columns: ['1;x;2', '2;2;2'] },
      { columns: ['1;2;2', '2;-0;2'] },
      { columns: ['999999999999999;1;0', '2;2;2'] },
    ];
    for (const patch of bad) {
      const value = { ...good, ...patch };
      expect(() => decodeColumnarText(value, LIMIT), JSON.stringify(patch)).toThrow(ColumnarTextError);
      try {
        decodeColumnarText(value, LIMIT);
      } catch (e) {
        expect((e as ColumnarTextError).code).toBe('COLUMNAR_INVALID');
      }
    }
  });

  it('gives back columns that stop being integers late, negative steps, and fields longer than any buffer, up to exactly the limit', () => {
    let text = '';
    for (let i = 0; i < 5000; i++) text += `${i === 4000 ? '12.5' : 5000 - i * 3};${-i * 7};${i % 97 === 0 ? 'x'.repeat(70_000 + i) : 'abc'}\n`;
    const c = encode(text);
    expect(c.deltas).toEqual([1]);
    const bytes = new TextEncoder().encode(text).length;
    expect(decodeColumnarText(JSON.parse(JSON.stringify(c)) as ColumnarText, bytes)).toBe(text);
    expect(() => decodeColumnarText(c, bytes - 1)).toThrow(expect.objectContaining({ code: 'COLUMNAR_TOO_LARGE' }));
  });

  it('declines a text with a lone surrogate (no exact UTF-8 form) instead of altering it', () => {
    expect(encodeColumnarText('1;2\n\uD83C;3')).toBeNull();
    expect(encodeColumnarText('1;2\n\uDFC1;3')).toBeNull();
    expect(encodeColumnarText('1;2\n\uD83C\uDFC1;3')).not.toBeNull();
  });

  it('stops building a text longer than the limit, however small the input (differences expand)', () => {
    const lines = 200_000;
    const bomb: ColumnarText = { format: 'columns-v1', shape: [1, lines], columns: ['100000000000000' + ';0'.repeat(lines - 1)], deltas: [0] };
    expect(decodeColumnarText(bomb, 16 * lines)).toHaveLength(16 * lines - 1);
    expect(() => decodeColumnarText(bomb, 1_000_000)).toThrow(expect.objectContaining({ code: 'COLUMNAR_TOO_LARGE' }));
    // A shape claiming more lines than the limit could hold is refused before anything is built.
    expect(() => decodeColumnarText({ format: 'columns-v1', shape: [1, 2_000_001], columns: [''], deltas: [] }, 1_000_000)).toThrow(
      expect.objectContaining({ code: 'COLUMNAR_TOO_LARGE' }),
    );
  });
});

describe('columnar bounds', () => {
  it('the encoder gives up (plain text is sent) on a line of more fields or more runs than the server takes', () => {
    expect(encodeColumnarText(`${';'.repeat(MAX_COLUMNS - 1)}\n`)).not.toBeNull();
    expect(encodeColumnarText(`${';'.repeat(MAX_COLUMNS)}\n`)).toBeNull();
    // Alternating 1 and 2 fields: each line starts a run (no final newline: it would start one more).
    const runs = 'a\nb;c\n'.repeat(MAX_SHAPE_RUNS / 2).slice(0, -1);
    expect(encodeColumnarText(runs)).not.toBeNull();
    expect(encodeColumnarText(`${runs}\na`)).toBeNull();
  });

  it('the schema refuses arrays over their bounds by their length alone', () => {
    const ok = { format: 'columns-v1', shape: [1, 1], columns: ['x'], deltas: [] };
    expect(columnarTextSchema.safeParse(ok).success).toBe(true);
    expect(columnarTextSchema.safeParse({ ...ok, columns: new Array(MAX_COLUMNS + 1).fill('') }).success).toBe(false);
    expect(columnarTextSchema.safeParse({ ...ok, deltas: new Array(MAX_COLUMNS + 1).fill(0) }).success).toBe(false);
    expect(columnarTextSchema.safeParse({ ...ok, shape: new Array(2 * MAX_SHAPE_RUNS + 2).fill(1) }).success).toBe(false);
  });
});
