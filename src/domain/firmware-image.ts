/**
 * The ASTRO firmware image format (what the device verifies after the last firmware byte, and what the server
 * validates on upload). Pure: no IO, no crypto API (the app checks the sha256 of the whole file separately).
 *
 * Layout, little-endian:
 *   0   8  magic 'ASTROFW1'
 *   8   2  major   10 2 minor   12 2 patch
 *   14  4  payload length n
 *   18  n  payload (the program)
 *   18+n 4 CRC-32 (IEEE 802.3, as zlib) of bytes 0 .. 18+n-1
 */

const FIRMWARE_MAGIC = 'ASTROFW1';
const FIRMWARE_HEADER_BYTES = 18;
const FIRMWARE_TRAILER_BYTES = 4;
/** Upper bound on an image (the device's program flash is 4 MB). */
export const FIRMWARE_MAX_BYTES = 4 * 1024 * 1024;

export interface FirmwareImage {
  version: string;
  payload: Uint8Array;
}

type FirmwareImageErrorCode = 'too-short' | 'too-large' | 'bad-magic' | 'bad-length' | 'bad-checksum' | 'bad-version';
export type FirmwareParseResult = { ok: true; image: FirmwareImage } | { ok: false; code: FirmwareImageErrorCode };

let crcTable: Uint32Array | null = null;
function table(): Uint32Array {
  if (crcTable) return crcTable;
  crcTable = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crcTable[n] = c >>> 0;
  }
  return crcTable;
}

/**
 * CRC-32 (IEEE), the same value zlib's crc32 gives.
 * @internal Exported for its tests.
 */
export function crc32(bytes: Uint8Array): number {
  const t = table();
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = t[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function parseVersion(version: string): [number, number, number] | null {
  const m = /^(\d{1,5})\.(\d{1,5})\.(\d{1,5})$/.exec(version);
  if (!m) return null;
  const parts = [Number(m[1]), Number(m[2]), Number(m[3])] as [number, number, number];
  return parts.every((p) => p <= 0xffff) ? parts : null;
}

export type FirmwareBuildResult = { ok: true; bytes: Uint8Array } | { ok: false; code: 'bad-version' | 'too-large' };

/** Builds an image from a version 'major.minor.patch' and a payload. */
export function buildFirmwareImage(image: FirmwareImage): FirmwareBuildResult {
  const v = parseVersion(image.version);
  if (!v) return { ok: false, code: 'bad-version' };
  const total = FIRMWARE_HEADER_BYTES + image.payload.length + FIRMWARE_TRAILER_BYTES;
  if (total > FIRMWARE_MAX_BYTES) return { ok: false, code: 'too-large' };
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 8; i++) bytes[i] = FIRMWARE_MAGIC.charCodeAt(i);
  view.setUint16(8, v[0], true);
  view.setUint16(10, v[1], true);
  view.setUint16(12, v[2], true);
  view.setUint32(14, image.payload.length, true);
  bytes.set(image.payload, FIRMWARE_HEADER_BYTES);
  const end = FIRMWARE_HEADER_BYTES + image.payload.length;
  view.setUint32(end, crc32(bytes.subarray(0, end)), true);
  return { ok: true, bytes };
}

/** Verifies and reads an image; any defect is a typed code, never a throw. */
export function parseFirmwareImage(bytes: Uint8Array): FirmwareParseResult {
  if (bytes.length < FIRMWARE_HEADER_BYTES + FIRMWARE_TRAILER_BYTES) return { ok: false, code: 'too-short' };
  if (bytes.length > FIRMWARE_MAX_BYTES) return { ok: false, code: 'too-large' };
  for (let i = 0; i < 8; i++) if (bytes[i] !== FIRMWARE_MAGIC.charCodeAt(i)) return { ok: false, code: 'bad-magic' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(14, true);
  if (FIRMWARE_HEADER_BYTES + length + FIRMWARE_TRAILER_BYTES !== bytes.length) return { ok: false, code: 'bad-length' };
  const end = FIRMWARE_HEADER_BYTES + length;
  if (view.getUint32(end, true) !== crc32(bytes.subarray(0, end))) return { ok: false, code: 'bad-checksum' };
  const version = `${view.getUint16(8, true)}.${view.getUint16(10, true)}.${view.getUint16(12, true)}`;
  return { ok: true, image: { version, payload: bytes.slice(FIRMWARE_HEADER_BYTES, end) } };
}

/** A deterministic stand-in program of `size` bytes (what the server seeds on a fresh install). */
export function sampleFirmwarePayload(version: string, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let seed = 0x9e3779b9;
  for (let i = 0; i < version.length; i++) seed = Math.imul(seed ^ version.charCodeAt(i), 0x01000193) >>> 0;
  for (let i = 0; i < size; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    out[i] = seed & 0xff;
  }
  return out;
}
