/**
 * GPS5 streams of one GPMF payload (one MP4 sample of a GoPro's metadata track, about one second). A GPS stream
 * (STRM) holds, before its GPS5 samples: SCAL (divisors, one per GPS5 field or one for all), GPSU (UTC time of the
 * payload, 'yymmddhhmmss.sss'), GPSF (fix: 0 none, 2 2D, 3 3D) and GPSP (dilution of precision x 100). Each GPS5
 * sample is five signed 32-bit integers: latitude and longitude (degrees), altitude (metres), 2D and 3D speed
 * (m/s), each divided by its SCAL.
 *
 * Cameras from the HERO11 on also write GPS9 (the HERO13 only GPS9): a complex entry whose TYPE is 'lllllllSS',
 * i.e. the five GPS5 fields, then days since 2000-01-01, seconds since midnight (UTC), DOP and fix for EACH
 * fix, each divided by its SCAL. A stream with GPS9 is read from it (each fix then carries its own time).
 */
import { childEntries, isNested, numericValues, readKlvEntries, structValues, textValue, type KlvEntry } from './klv';

/** One payload's GPS fixes, scaled to real units. */
export interface Gps5Block {
  /** UTC of the payload (GPSU), epoch ms; NaN when the stream carries none or it is unreadable. */
  gpsuEpochMs: number;
  /** GPSF: 0 no fix, 2 two-dimensional, 3 three-dimensional; NaN when absent. */
  fix: number;
  /** GPSP / 100 (dimensionless); NaN when absent. */
  dop: number;
  /** Number of GPS5 samples. */
  count: number;
  /** count x 5 values: lat deg, lon deg, altitude m, 2D speed m/s, 3D speed m/s. */
  values: Float64Array;
  /** GPS9 only: each fix's own UTC time (epoch ms), fix type and DOP. */
  perFix?: { epochMs: Float64Array; fix: Uint8Array; dop: Float32Array };
}

/** Fields per GPS5 sample. */
export const GPS5_FIELDS = 5;

/** The GPS5 blocks of one payload, in file order (one per GPS stream; a GoPro has one). */
export function readGps5Blocks(payload: Uint8Array): Gps5Block[] {
  const blocks: Gps5Block[] = [];
  for (const device of readKlvEntries(payload)) {
    if (device.key !== 'DEVC' || !isNested(device)) continue;
    for (const stream of childEntries(payload, device)) {
      if (stream.key !== 'STRM' || !isNested(stream)) continue;
      const block = readGpsStream(payload, childEntries(payload, stream));
      if (block) blocks.push(block);
    }
  }
  return blocks;
}

function readGpsStream(payload: Uint8Array, entries: KlvEntry[]): Gps5Block | null {
  const gps9 = entries.find((e) => e.key === 'GPS9');
  if (gps9) return readGps9(payload, entries, gps9);
  const gps5 = entries.find((e) => e.key === 'GPS5');
  if (!gps5) return null;
  let scal: Float64Array = new Float64Array([1]);
  let gpsuEpochMs = NaN;
  let fix = NaN;
  let dop = NaN;
  for (const e of entries) {
    if (e === gps5) break;
    if (e.key === 'SCAL') scal = numericValues(payload, e);
    else if (e.key === 'GPSU') gpsuEpochMs = parseGpsu(textValue(payload, e));
    else if (e.key === 'GPSF') fix = numericValues(payload, e)[0] ?? NaN;
    else if (e.key === 'GPSP') dop = (numericValues(payload, e)[0] ?? NaN) / 100;
  }
  const raw = numericValues(payload, gps5);
  const count = Math.floor(raw.length / GPS5_FIELDS);
  const values = new Float64Array(count * GPS5_FIELDS);
  for (let f = 0; f < GPS5_FIELDS; f++) {
    const divisor = scal.length >= GPS5_FIELDS ? scal[f] : scal[0];
    const d = divisor === 0 || !Number.isFinite(divisor) ? 1 : divisor;
    for (let i = 0; i < count; i++) values[i * GPS5_FIELDS + f] = raw[i * GPS5_FIELDS + f] / d;
  }
  return { gpsuEpochMs, fix, dop, count, values };
}

/** GPS9 fields: the five of GPS5, then days since 2000, seconds since midnight, DOP, fix. */
const GPS9_FIELDS = 9;
const EPOCH_2000_MS = Date.UTC(2000, 0, 1);
const DAY_MS = 86_400_000;

function readGps9(payload: Uint8Array, entries: KlvEntry[], gps9: KlvEntry): Gps5Block {
  let scal: Float64Array = new Float64Array([1]);
  let typeChars = '';
  let gpsuEpochMs = NaN;
  for (const e of entries) {
    if (e === gps9) break;
    if (e.key === 'SCAL') scal = numericValues(payload, e);
    else if (e.key === 'TYPE') typeChars = textValue(payload, e);
    else if (e.key === 'GPSU') gpsuEpochMs = parseGpsu(textValue(payload, e));
  }
  const raw = gps9.type === '?' ? structValues(payload, gps9, typeChars) : numericValues(payload, gps9);
  const count = Math.floor(raw.length / GPS9_FIELDS);
  const scaled = (i: number, f: number) => {
    const divisor = scal.length >= GPS9_FIELDS ? scal[f] : scal[0];
    return raw[i * GPS9_FIELDS + f] / (divisor === 0 || !Number.isFinite(divisor) ? 1 : divisor);
  };
  const values = new Float64Array(count * GPS5_FIELDS);
  const perFix = { epochMs: new Float64Array(count), fix: new Uint8Array(count), dop: new Float32Array(count) };
  for (let i = 0; i < count; i++) {
    for (let f = 0; f < GPS5_FIELDS; f++) values[i * GPS5_FIELDS + f] = scaled(i, f);
    perFix.epochMs[i] = EPOCH_2000_MS + scaled(i, 5) * DAY_MS + Math.round(scaled(i, 6) * 1000);
    perFix.dop[i] = scaled(i, 7);
    perFix.fix[i] = scaled(i, 8);
  }
  const fix = count > 0 ? perFix.fix[0] : NaN;
  return { gpsuEpochMs: count > 0 ? perFix.epochMs[0] : gpsuEpochMs, fix, dop: count > 0 ? perFix.dop[0] : NaN, count, values, perFix };
}

/**
 * GPSU text 'yymmddhhmmss.sss' (UTC, years from 2000) to epoch ms; NaN when malformed.
 * @internal Exported for its tests.
 */
export function parseGpsu(text: string): number {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2}(?:\.\d+)?)/.exec(text.trim());
  if (!m) return NaN;
  const [year, month, day, hour, minute] = [2000 + Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  const seconds = Number(m[6]);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || seconds >= 61) return NaN;
  return Date.UTC(year, month - 1, day, hour, minute) + Math.round(seconds * 1000);
}
