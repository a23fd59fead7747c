/**
 * GPMF's KLV layout (GoPro Metadata Format, as published with gopro/gpmf-parser): every entry is an 8-byte header
 * (a FourCC key, one type character, the size of one sample's structure in bytes, a big-endian 16-bit repeat
 * count) followed by structSize x repeat bytes of big-endian data, padded to a multiple of 4. Type 0 means the
 * data is itself a list of KLV entries (DEVC, STRM). Nothing here knows what a key means.
 */

/** One KLV entry: where its data lies in the payload, and how to read it. */
export interface KlvEntry {
  /** Four ASCII characters, e.g. 'GPS5'. */
  key: string;
  /** The type character ('l', 'S', 'U', ...), or '\0' for a nested list. */
  type: string;
  /** Bytes of one sample's structure. */
  structSize: number;
  /** How many samples. */
  repeat: number;
  /** Offset of the data in the payload's bytes. */
  dataOffset: number;
  /** structSize x repeat (without padding). */
  dataLength: number;
}

/** Bytes of one value of each numeric type (the complex '?' and nested types have none). */
const GPMF_TYPE_SIZE: Readonly<Record<string, number>> = {
  b: 1,
  B: 1,
  c: 1,
  d: 8,
  f: 4,
  F: 4,
  G: 16,
  j: 8,
  J: 8,
  l: 4,
  L: 4,
  q: 4,
  Q: 8,
  s: 2,
  S: 2,
  U: 16,
};

/**
 * Thrown when a payload's entries run past its end (a damaged or truncated payload).
 * @internal Exported for its tests.
 */
export class GpmfFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GpmfFormatError';
  }
}

const HEADER_BYTES = 8;

/**
 * The entries of one level of a payload, from `start` to `end`. An entry whose data would run past `end` throws
 * GpmfFormatError; a zero key (padding some cameras leave at the end of a payload) ends the list.
 */
export function readKlvEntries(bytes: Uint8Array, start = 0, end = bytes.length): KlvEntry[] {
  const entries: KlvEntry[] = [];
  let at = start;
  while (at + HEADER_BYTES <= end) {
    if (bytes[at] === 0 && bytes[at + 1] === 0 && bytes[at + 2] === 0 && bytes[at + 3] === 0) break;
    const key = String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
    const type = String.fromCharCode(bytes[at + 4]);
    const structSize = bytes[at + 5];
    const repeat = (bytes[at + 6] << 8) | bytes[at + 7];
    const dataLength = structSize * repeat;
    const dataOffset = at + HEADER_BYTES;
    if (dataOffset + dataLength > end) {
      throw new GpmfFormatError(`GPMF entry ${printable(key)} runs past the end of its payload`);
    }
    entries.push({ key, type, structSize, repeat, dataOffset, dataLength });
    at = dataOffset + ((dataLength + 3) & ~3);
  }
  return entries;
}

/** The entries nested in a type-0 entry (DEVC, STRM). */
export function childEntries(bytes: Uint8Array, parent: KlvEntry): KlvEntry[] {
  return readKlvEntries(bytes, parent.dataOffset, parent.dataOffset + parent.dataLength);
}

/** True for an entry whose data is a list of entries. */
export function isNested(entry: KlvEntry): boolean {
  return entry.type === '\0';
}

/**
 * All values of a numeric entry in file order (structSize / typeSize values per sample, times repeat). 64-bit
 * integers are read as doubles (exact up to 2^53), Q fixed-point as their real value.
 */
export function numericValues(bytes: Uint8Array, entry: KlvEntry): Float64Array {
  const size = GPMF_TYPE_SIZE[entry.type];
  if (size === undefined || entry.type === 'c' || entry.type === 'U' || entry.type === 'G' || entry.type === 'F') {
    throw new GpmfFormatError(`GPMF entry ${printable(entry.key)} of type '${printable(entry.type)}' is not numeric`);
  }
  const count = Math.floor(entry.dataLength / size);
  const view = new DataView(bytes.buffer, bytes.byteOffset + entry.dataOffset, entry.dataLength);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const at = i * size;
    switch (entry.type) {
      case 'b':
        out[i] = view.getInt8(at);
        break;
      case 'B':
        out[i] = view.getUint8(at);
        break;
      case 's':
        out[i] = view.getInt16(at);
        break;
      case 'S':
        out[i] = view.getUint16(at);
        break;
      case 'l':
        out[i] = view.getInt32(at);
        break;
      case 'L':
        out[i] = view.getUint32(at);
        break;
      case 'f':
        out[i] = view.getFloat32(at);
        break;
      case 'd':
        out[i] = view.getFloat64(at);
        break;
      case 'j':
        out[i] = Number(view.getBigInt64(at));
        break;
      case 'J':
        out[i] = Number(view.getBigUint64(at));
        break;
      case 'q':
        out[i] = view.getInt32(at) / 65536;
        break;
      case 'Q':
        out[i] = Number(view.getBigInt64(at)) / 4294967296;
        break;
    }
  }
  return out;
}

/**
 * All values of a complex ('?') entry, whose sample structure the preceding TYPE entry spells as one type
 * character per field (e.g. GPS9's 'lllllllSS'): sample after sample, field after field. Throws GpmfFormatError
 * when the TYPE does not add up to the entry's structure size.
 */
export function structValues(bytes: Uint8Array, entry: KlvEntry, typeChars: string): Float64Array {
  const sizes = Array.from(typeChars, (c) => GPMF_TYPE_SIZE[c]);
  const total = sizes.reduce((n, size) => n + (size ?? NaN), 0);
  if (!(total === entry.structSize) || typeChars.includes('c') || typeChars.includes('U')) {
    throw new GpmfFormatError(`GPMF entry ${printable(entry.key)}: TYPE '${printable(typeChars)}' does not match its ${entry.structSize}-byte structure`);
  }
  const out = new Float64Array(entry.repeat * sizes.length);
  let k = 0;
  for (let sample = 0; sample < entry.repeat; sample++) {
    let at = entry.dataOffset + sample * entry.structSize;
    for (let f = 0; f < sizes.length; f++) {
      const single: KlvEntry = { key: entry.key, type: typeChars[f], structSize: sizes[f], repeat: 1, dataOffset: at, dataLength: sizes[f] };
      out[k++] = numericValues(bytes, single)[0];
      at += sizes[f];
    }
  }
  return out;
}

/** The text of a 'c' (or 'U') entry, trailing NULs removed. */
export function textValue(bytes: Uint8Array, entry: KlvEntry): string {
  let s = '';
  for (let i = 0; i < entry.dataLength; i++) {
    const c = bytes[entry.dataOffset + i];
    if (c === 0) break;
    s += String.fromCharCode(c);
  }
  return s;
}

function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}
