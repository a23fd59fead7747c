/**
 * Writes GPMF KLV bytes for tests, straight from the layout GoPro publishes (8-byte header: FourCC, type char,
 * struct size, big-endian repeat; data padded to 4 bytes), so the reader is checked against bytes it did not make.
 */
export function klv(key: string, type: string, structSize: number, repeat: number, data: Uint8Array): Uint8Array {
  const padded = (data.length + 3) & ~3;
  const out = new Uint8Array(8 + padded);
  for (let i = 0; i < 4; i++) out[i] = key.charCodeAt(i);
  out[4] = type === '\0' ? 0 : type.charCodeAt(0);
  out[5] = structSize;
  out[6] = repeat >> 8;
  out[7] = repeat & 0xff;
  out.set(data, 8);
  return out;
}

export function nested(key: string, children: Uint8Array[]): Uint8Array {
  const body = concat(children);
  // A nested entry's struct size is 1 and its repeat the byte count (GoPro's own writer does the same).
  return klv(key, '\0', 1, body.length, body);
}

export function int32s(values: number[]): Uint8Array {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  values.forEach((v, i) => view.setInt32(i * 4, v));
  return new Uint8Array(view.buffer);
}

function uint16s(values: number[]): Uint8Array {
  const view = new DataView(new ArrayBuffer(values.length * 2));
  values.forEach((v, i) => view.setUint16(i * 2, v));
  return new Uint8Array(view.buffer);
}

export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** One GPS payload like a GoPro's: DEVC > STRM > SCAL, GPSU, GPSF, GPSP, GPS5. Fixes in real units. */
export function gpsPayload(gpsu: string, fix: number, fixes: [number, number, number, number, number][]): Uint8Array {
  const scal = [10_000_000, 10_000_000, 1000, 1000, 100];
  const raw = fixes.flatMap((f) => f.map((v, i) => Math.round(v * scal[i])));
  return nested('DEVC', [
    klv('DVID', 'L', 4, 1, int32s([1])),
    klv('DVNM', 'c', 1, 8, ascii('Test Cam')),
    nested('STRM', [
      klv('STNM', 'c', 1, 12, ascii('GPS (Lat., L')),
      klv('SCAL', 'l', 4, 5, int32s(scal)),
      klv('GPSU', 'U', 16, 1, ascii(gpsu)),
      klv('GPSF', 'L', 4, 1, int32s([fix])),
      klv('GPSP', 'S', 2, 1, uint16s([154])),
      klv('GPS5', 'l', 20, fixes.length, int32s(raw)),
    ]),
  ]);
}

/**
 * One GPS9 payload like a HERO11-13's: SCAL (9 divisors), TYPE 'lllllllSS', then per fix the GPS5 fields, days
 * since 2000-01-01, seconds since midnight, DOP and fix type. `fixes`: [lat, lon, alt, 2D, 3D, epochMs, fix].
 */
export function gps9Payload(fixes: [number, number, number, number, number, number, number][]): Uint8Array {
  const scal = [10_000_000, 10_000_000, 1000, 1000, 100, 1, 1000, 100, 1];
  const view = new DataView(new ArrayBuffer(32 * fixes.length));
  fixes.forEach((f, i) => {
    const sinceEpoch = f[5] - Date.UTC(2000, 0, 1);
    const days = Math.floor(sinceEpoch / 86_400_000);
    const fields = [...f.slice(0, 5).map((v, k) => Math.round(v * scal[k])), days, Math.round(((sinceEpoch - days * 86_400_000) / 1000) * 1000)];
    fields.forEach((v, k) => view.setInt32(i * 32 + k * 4, v));
    view.setUint16(i * 32 + 28, 154);
    view.setUint16(i * 32 + 30, f[6]);
  });
  return nested('DEVC', [
    klv('DVID', 'L', 4, 1, int32s([1])),
    nested('STRM', [
      klv('SCAL', 'l', 4, 9, int32s(scal)),
      klv('TYPE', 'c', 1, 9, ascii('lllllllSS')),
      klv('GPS9', '?', 32, fixes.length, new Uint8Array(view.buffer)),
    ]),
  ]);
}
