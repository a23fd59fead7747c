/**
 * The byte parser (a fast path for the device's line shape plus a generic line parser, parse-positions.ts)
 * against a deliberately plain reference: split into lines and fields, a regular expression per field,
 * Number() for the value. Every column value (Object.is, so -0 and NaN count), the distance column, the
 * corrupt-line count and every reported line number and reason must match, on generated valid files and on the
 * same files with random bytes overwritten.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePositionsBytes } from '../../../src/domain/parse-positions';
import { bandedStepDistanceM, newCosBand } from '../../../src/domain/geo-distance';
import { syntheticSession } from '../../helpers/synthetic-session';
import { serializePositions } from '../../../src/domain/serialize-session';

const REASON = {
  fields: 'expected 4 or 5 fields',
  number: 'a field is not a number',
  lap: 'lap is not a non-negative integer',
  range: 'latitude or longitude out of range',
  time: 'timeMs is not a time within a day of the session start',
  speed: 'speed is not between 0 and 500 km/h',
};

/** What the file format allows for one field (a sign, digits, an optional '.', at least one digit). */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

interface Reference {
  lap: number[];
  timeMs: number[];
  lat: number[];
  lon: number[];
  speedKmh: number[];
  distanceM: number[];
  issues: { line: number; reason: string }[];
}

/** The straightforward parse, one byte = one character (latin1), so any byte sequence is a string. */
function referenceParse(bytes: Uint8Array): Reference {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  const r: Reference = { lap: [], timeMs: [], lat: [], lon: [], speedKmh: [], distanceM: [], issues: [] };
  const lines = text.split('\n');
  // A final '\n' ends the last line; it does not start an empty one.
  if (lines[lines.length - 1] === '') lines.pop();
  lines.forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') return;
    const fields = line.split(';');
    const reason = ((): keyof typeof REASON | null => {
      if (!fields.every((f) => NUMBER.test(f))) return 'number';
      if (fields.length !== 4 && fields.length !== 5) return 'fields';
      const values = fields.map(Number);
      const off = fields.length - 4;
      if (/\.\d/.test(fields[0]) || values[0] < 0 || values[0] > 2147483647) return 'lap';
      const [lat, lon] = [values[1 + off], values[2 + off]];
      if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) return 'range';
      if (off === 1 && (values[1] < 0 || values[1] >= 24 * 3600 * 1000)) return 'time';
      if (!(values[3 + off] >= 0 && values[3 + off] <= 500)) return 'speed';
      r.lap.push(values[0] | 0);
      r.timeMs.push(off === 1 ? values[1] : NaN);
      r.lat.push(lat);
      r.lon.push(lon);
      r.speedKmh.push(Math.fround(values[3 + off]));
      return null;
    })();
    if (reason !== null) r.issues.push({ line: index + 1, reason: REASON[reason] });
  });
  let d = 0;
  const band = newCosBand();
  r.lat.forEach((lat, k) => {
    if (k > 0) d += bandedStepDistanceM(r.lat[k - 1], r.lon[k - 1], lat, r.lon[k], band);
    r.distanceM.push(d);
  });
  return r;
}

function expectSameAsReference(bytes: Uint8Array): void {
  const { positions, issues, corruptLines } = parsePositionsBytes(bytes, { maxIssues: Infinity });
  const ref = referenceParse(bytes);
  expect(issues).toEqual(ref.issues);
  expect(corruptLines).toBe(ref.issues.length);
  expect(positions.count).toBe(ref.lat.length);
  for (const column of ['lap', 'timeMs', 'lat', 'lon', 'speedKmh', 'distanceM'] as const) {
    const got = positions[column];
    expect(got.length).toBe(positions.count);
    for (let k = 0; k < positions.count; k++) {
      if (!Object.is(got[k], ref[column][k])) expect.fail(`${column}[${k}]: ${got[k]} but the reference has ${ref[column][k]}`);
    }
  }
}

const encode = (s: string) => new TextEncoder().encode(s);

/** A decimal with `intDigits` integer and `fracDigits` fraction digits (at most 15 significant digits in all). */
const decimalArb = (maxInt: number, maxFrac: number) =>
  fc
    .tuple(fc.integer({ min: 1, max: maxInt }), fc.integer({ min: 0, max: maxFrac }), fc.constantFrom('', '', '', '-', '+'))
    .chain(([intDigits, fracDigits, sign]) =>
      fc
        .tuple(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: intDigits, maxLength: intDigits }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: fracDigits, maxLength: fracDigits }))
        .map(([i, f]) => `${sign}${i.join('')}${f.length ? `.${f.join('')}` : ''}`),
    );

/** Lines as the device writes them, and the variants the format allows (4 fields, signs, long runs, CRLF, blank). */
const lineArb = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.nat(999), fc.nat(99_999_999), decimalArb(2, 9), decimalArb(3, 9), decimalArb(3, 3)).map(([lap, t, lat, lon, kmh]) => `${lap};${t};${lat};${lon};${kmh}`) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(), fc.nat(), decimalArb(3, 11), decimalArb(3, 11), decimalArb(9, 3)).map(([lap, t, lat, lon, kmh]) => `${lap};${t};${lat};${lon};${kmh}`) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(999), decimalArb(2, 9), decimalArb(3, 9), decimalArb(3, 3)).map(([lap, lat, lon, kmh]) => `${lap};${lat};${lon};${kmh}`) },
  { weight: 1, arbitrary: fc.constantFrom('', '1.0;0;41;-8;1', '1.;0;41;-8;1', '-1;0;41;-8;1', '1;-40;41;-8;1', '2147483648;0;1;1;1', '0;0;.5;-.5;7.', '1;0;91;-8;1', '1;2;3;4;5;6', '1;2;3', '1;0;41.5;-8.5;1\r5', '1;0;41.5;-8.5;1.5\r\r') },
);

const fileArb = fc.tuple(fc.array(lineArb, { maxLength: 40 }), fc.constantFrom('\n', '\r\n'), fc.boolean()).map(([lines, eol, finalEol]) => lines.join(eol) + (finalEol && lines.length ? eol : ''));

describe('parsePositionsBytes against a plain reference parse', () => {
  it('gives the same columns, distances and issues on generated valid files', () => {
    fc.assert(fc.property(fileArb, (text) => expectSameAsReference(encode(text))), { numRuns: 400 });
  });

  it('gives the same columns, distances and issues after random bytes are overwritten', () => {
    const alphabet = fc.oneof(fc.constantFrom(...'0123456789;.-+\r\n'.split('').map((c) => c.charCodeAt(0))), fc.integer({ min: 0, max: 255 }));
    fc.assert(
      fc.property(fileArb, fc.array(fc.tuple(fc.nat(), alphabet), { minLength: 1, maxLength: 12 }), (text, mutations) => {
        const bytes = encode(text);
        if (bytes.length === 0) return;
        for (const [at, value] of mutations) bytes[at % bytes.length] = value;
        expectSameAsReference(bytes);
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same result on a generated session with mutated bytes', () => {
    const s = syntheticSession({ fixes: 3000, seed: 11 });
    const good = encode(serializePositions(s.positions));
    expectSameAsReference(good);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 40 }), (mutations) => {
        const bytes = good.slice();
        for (const [at, value] of mutations) bytes[at] = value;
        expectSameAsReference(bytes);
      }),
      { numRuns: 60 },
    );
  });

  it('grows its columns when the sampled parts of the file have longer lines than the rest', () => {
    // The capacity estimate samples four 16 KiB windows (start, thirds, end); long lines there and short lines
    // everywhere else make it ~4x too low, so the columns must grow several times.
    const target = 400_000;
    const w = 16384;
    const windows = [0, 1, 2, 3].map((k) => Math.floor(((target - w) * k) / 3));
    let text = '';
    let n = 0;
    while (text.length < target) {
      const inWindow = windows.some((from) => text.length >= from - 128 && text.length < from + w + 128);
      text += inWindow ? `${n % 7};${n * 40};41.1234567;-8.1234567;123.45\n` : `1;${n % 10};1;1;1\n`;
      n++;
    }
    const { positions } = parsePositionsBytes(encode(text));
    expect(positions.count).toBe(n);
    expectSameAsReference(encode(text));
  });
});
