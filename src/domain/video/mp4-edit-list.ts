/**
 * Adds an edit list to the picture track of an MP4 index (moov box) written without one: a picture with B-frames
 * is presented from its first frame's presentation time, not 0, and an edit list whose media time is that lead
 * tells the player to show that frame at 0, as the camera's own file does. The moov box grows by 36 bytes (edts
 * holding a one-entry elst, placed after the track header); nothing it points into moves, as the media data
 * comes before it. The picture's durations are shortened by the lead, as it now ends that much earlier.
 */

const EDTS_BYTES = 36;

function boxAt(view: DataView, at: number): { size: number; type: string } {
  const size = view.getUint32(at);
  const type = String.fromCharCode(view.getUint8(at + 4), view.getUint8(at + 5), view.getUint8(at + 6), view.getUint8(at + 7));
  return { size, type };
}

/** The children of the box spanning [start, end) whose header is `header` bytes (8 for a plain box). */
function children(view: DataView, start: number, end: number): { at: number; size: number; type: string }[] {
  const out: { at: number; size: number; type: string }[] = [];
  for (let at = start; at + 8 <= end; ) {
    const { size, type } = boxAt(view, at);
    if (size < 8 || at + size > end) throw new RangeError(`A damaged ${type} box at ${at}.`);
    out.push({ at, size, type });
    at += size;
  }
  return out;
}

/** The handler type of a trak ('vide', 'soun', ...). */
function handlerOf(view: DataView, trak: { at: number; size: number }): string | null {
  const mdia = children(view, trak.at + 8, trak.at + trak.size).find((b) => b.type === 'mdia');
  const hdlr = mdia ? children(view, mdia.at + 8, mdia.at + mdia.size).find((b) => b.type === 'hdlr') : undefined;
  // hdlr: header 8, version and flags 4, pre_defined 4, then the handler type.
  return hdlr ? boxAt(view, hdlr.at + 8 + 8 - 4).type : null;
}

/** Where a duration field is: tkhd after times, track id and a reserved word; mvhd and mdhd after times and timescale. */
function durationAt(view: DataView, boxStart: number, kind: 'tkhd' | 'mvhd' | 'mdhd'): { at: number; long: boolean } {
  const long = view.getUint8(boxStart + 8) === 1;
  const skip = kind === 'tkhd' ? (long ? 24 : 16) : long ? 20 : 12;
  return { at: boxStart + 12 + skip, long };
}

function readDuration(view: DataView, boxStart: number, kind: 'tkhd' | 'mvhd' | 'mdhd'): number {
  const { at, long } = durationAt(view, boxStart, kind);
  return long ? Number(view.getBigUint64(at)) : view.getUint32(at);
}

function writeDuration(view: DataView, boxStart: number, kind: 'tkhd' | 'mvhd' | 'mdhd', value: number): void {
  const { at, long } = durationAt(view, boxStart, kind);
  if (long) view.setBigUint64(at, BigInt(Math.max(0, Math.round(value))));
  else view.setUint32(at, Math.max(0, Math.round(value)));
}

/** The timescale of an mvhd or mdhd box (after its creation and modification times). */
function timescaleOf(view: DataView, boxStart: number): number {
  return view.getUint32(boxStart + 12 + (view.getUint8(boxStart + 8) === 1 ? 16 : 8));
}

/**
 * The moov box with an edit list on its picture track that shows the picture from `leadUs` (microseconds of the
 * track's own time) at 0. Returns the box unchanged when the lead is 0 or the picture track already has an edit
 * list.
 */
export function withPictureEditList(moov: Uint8Array, leadUs: number): Uint8Array {
  if (!(leadUs > 0)) return moov;
  const view = new DataView(moov.buffer, moov.byteOffset, moov.byteLength);
  const top = boxAt(view, 0);
  if (top.type !== 'moov' || top.size !== moov.byteLength) throw new RangeError('Not a whole moov box.');
  const boxes = children(view, 8, moov.byteLength);
  const mvhd = boxes.find((b) => b.type === 'mvhd');
  const trak = boxes.find((b) => b.type === 'trak' && handlerOf(view, b) === 'vide');
  if (!mvhd || !trak) return moov;
  const inside = children(view, trak.at + 8, trak.at + trak.size);
  const tkhd = inside.find((b) => b.type === 'tkhd');
  const mdia = inside.find((b) => b.type === 'mdia');
  const mdhd = mdia ? children(view, mdia.at + 8, mdia.at + mdia.size).find((b) => b.type === 'mdhd') : undefined;
  if (!tkhd || !mdhd || inside.some((b) => b.type === 'edts')) return moov;
  const mediaTime = Math.round((leadUs * timescaleOf(view, mdhd.at)) / 1e6);
  const leadMovieUnits = Math.round((leadUs * timescaleOf(view, mvhd.at)) / 1e6);
  const insertAt = tkhd.at + tkhd.size;
  const out = new Uint8Array(moov.byteLength + EDTS_BYTES);
  out.set(moov.subarray(0, insertAt), 0);
  out.set(moov.subarray(insertAt), insertAt + EDTS_BYTES);
  const o = new DataView(out.buffer);
  o.setUint32(0, moov.byteLength + EDTS_BYTES);
  o.setUint32(trak.at, trak.size + EDTS_BYTES);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => o.setUint8(at + i, c.charCodeAt(0)));
  o.setUint32(insertAt, EDTS_BYTES);
  ascii(insertAt + 4, 'edts');
  o.setUint32(insertAt + 8, EDTS_BYTES - 8);
  ascii(insertAt + 12, 'elst');
  o.setUint32(insertAt + 16, 0); // version 0, no flags
  o.setUint32(insertAt + 20, 1); // one entry
  const shown = Math.max(0, readDuration(view, tkhd.at, 'tkhd') - leadMovieUnits);
  o.setUint32(insertAt + 24, shown);
  o.setInt32(insertAt + 28, mediaTime);
  o.setUint16(insertAt + 32, 1); // rate 1.0
  o.setUint16(insertAt + 34, 0);
  // The durations the muxer wrote run to the last frame's presentation end, lead included: shown from 0 now, the
  // picture ends a lead earlier (the media's length is then the sum of its frames', as a camera writes it).
  writeDuration(o, tkhd.at, 'tkhd', shown);
  writeDuration(o, mdhd.at + (mdhd.at >= insertAt ? EDTS_BYTES : 0), 'mdhd', readDuration(view, mdhd.at, 'mdhd') - mediaTime);
  let longest = shown;
  for (const other of boxes) {
    if (other.type !== 'trak' || other.at === trak.at) continue;
    const header = children(view, other.at + 8, other.at + other.size).find((c) => c.type === 'tkhd');
    if (header) longest = Math.max(longest, readDuration(view, header.at, 'tkhd'));
  }
  writeDuration(o, mvhd.at, 'mvhd', longest);
  return out;
}
