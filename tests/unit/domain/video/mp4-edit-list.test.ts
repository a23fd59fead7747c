import { describe, expect, it } from 'vitest';
import { withPictureEditList } from '../../../../src/domain/video/mp4-edit-list';

/** A box: 4-byte size, 4-letter type, then its body. */
function box(type: string, ...body: Uint8Array[]): Uint8Array {
  const size = 8 + body.reduce((n, b) => n + b.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  [...type].forEach((c, i) => (out[4 + i] = c.charCodeAt(0)));
  let at = 8;
  for (const b of body) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}
const u32s = (...values: number[]) => {
  const out = new Uint8Array(values.length * 4);
  values.forEach((v, i) => new DataView(out.buffer).setUint32(i * 4, v));
  return out;
};
const ascii = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

/** A version-0 moov as mp4-muxer writes it: movie timescale 1000, a 20 s picture track at 57600, a sound track. */
function moov(): Uint8Array {
  const mvhd = box('mvhd', u32s(0, 0, 0, 1000, 20_000));
  const trak = (handler: string, timescale: number) =>
    box('trak', box('tkhd', u32s(0, 0, 0, 1, 0, 20_000)), box('mdia', box('mdhd', u32s(0, 0, 0, timescale, 20 * timescale)), box('hdlr', u32s(0, 0), ascii(handler), u32s(0, 0, 0))));
  return box('moov', mvhd, trak('soun', 48_000), trak('vide', 57_600));
}

function typeAt(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(...bytes.subarray(at + 4, at + 8));
}

describe('an edit list added to a joined video’s index', () => {
  it('shows the picture from its lead at 0: an elst after the picture track’s header, the boxes around it grown to fit', () => {
    const before = moov();
    const after = withPictureEditList(before, 80_000);
    const view = new DataView(after.buffer);
    expect(after.length).toBe(before.length + 36);
    expect(view.getUint32(0)).toBe(after.length);
    // moov > mvhd, trak (sound, untouched), trak (picture): tkhd, then the new edts.
    const mvhdSize = view.getUint32(8);
    const soundAt = 8 + mvhdSize;
    const soundSize = view.getUint32(soundAt);
    expect(soundSize).toBe(new DataView(before.buffer).getUint32(soundAt));
    const pictureAt = soundAt + soundSize;
    expect(typeAt(after, pictureAt)).toBe('trak');
    expect(view.getUint32(pictureAt)).toBe(new DataView(before.buffer).getUint32(pictureAt) + 36);
    const edtsAt = pictureAt + 8 + view.getUint32(pictureAt + 8);
    expect(typeAt(after, edtsAt)).toBe('edts');
    expect(typeAt(after, edtsAt + 8)).toBe('elst');
    expect(view.getUint32(edtsAt + 20)).toBe(1);
    // Shown for the track's length less the lead (movie timescale), from 80 ms of the track's own time (57600 units a second).
    expect(view.getUint32(edtsAt + 24)).toBe(20_000 - 80);
    expect(view.getInt32(edtsAt + 28)).toBe(4_608);
    expect(view.getUint16(edtsAt + 32)).toBe(1);
    expect(typeAt(after, edtsAt + 36)).toBe('mdia');
    // The picture now ends 80 ms earlier: its header's and its media's durations say so; the movie's is the sound's.
    expect(view.getUint32(pictureAt + 8 + 28)).toBe(20_000 - 80);
    const mdhdAt = edtsAt + 36 + 8;
    expect(typeAt(after, mdhdAt)).toBe('mdhd');
    expect(view.getUint32(mdhdAt + 24)).toBe(20 * 57_600 - 4_608);
    expect(view.getUint32(8 + 24)).toBe(20_000);
  });

  it('leaves an index alone without a lead, or when its picture already has an edit list', () => {
    const plain = moov();
    expect(withPictureEditList(plain, 0)).toBe(plain);
    const once = withPictureEditList(plain, 80_000);
    expect(withPictureEditList(once, 80_000)).toBe(once);
  });

  it('refuses bytes that are not a whole moov box', () => {
    expect(() => withPictureEditList(moov().subarray(0, 40), 80_000)).toThrow(RangeError);
  });
});
