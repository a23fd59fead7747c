import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromUtf8, utf8, utf8Length } from '../../../src/device/protocol/text';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

describe("the codec's own UTF-8", () => {
  it('encodes every string exactly as TextEncoder does, lone surrogates included', () => {
    const samples = ['', 'GET_SESSION_DATA', 'DATA_51413_', 'Café;Ñandú', '€', '😀;x', '\ud800', 'a\udc00b', '\ud83d\ud83d', 'x\ud83d'];
    for (const s of samples) {
      expect(Array.from(utf8(s)), JSON.stringify(s)).toEqual(Array.from(encoder.encode(s)));
      expect(utf8Length(s), JSON.stringify(s)).toBe(encoder.encode(s).length);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
        const expected = encoder.encode(s);
        expect(Array.from(utf8(s))).toEqual(Array.from(expected));
        expect(utf8Length(s)).toBe(expected.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('decodes any bytes exactly as TextDecoder does, short and long, ASCII or not', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1500 }), fc.boolean(), (raw, ascii) => {
        const bytes = ascii ? raw.map((b) => b & 0x7f) : raw;
        expect(fromUtf8(bytes)).toBe(decoder.decode(bytes));
      }),
      { numRuns: 1000 },
    );
    expect(fromUtf8(utf8('VERSION;1.2.3'))).toBe('VERSION;1.2.3');
  });
});
