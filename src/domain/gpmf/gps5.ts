/**
 * GPS5 streams of one GPMF payload (one MP4 sample of a GoPro's metadata track, about one second). A GPS stream
 * (STRM) holds, before its GPS5 samples: SCAL (divisors, one per GPS5 field or one for all), GPSU (UTC time of the
 * payload, 'yymmddhhmmss.sss'), GPSF (fix: 0 none, 2 2D, 3 3D) and GPSP (dilution of precision x 100). Each GPS5
 * sample is five signed 32-bit integers: latitude and longitude (degrees), altitude (metres), 2D and 3D speed
 * (m/s), each divided by its SCAL.
 */
import { childEntries, isNested, numericValues, readKlvEntries, textValue, type KlvEntry } from './klv';

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

/** GPSU text 'yymmddhhmmss.sss' (UTC, years from 2000) to epoch ms; NaN when malformed. */
export function parseGpsu(text: string): number {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2}(?:\.\d+)?)/.exec(text.trim());
  if (!m) return NaN;
  const [year, month, day, hour, minute] = [2000 + Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  const seconds = Number(m[6]);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || seconds >= 61) return NaN;
  return Date.UTC(year, month - 1, day, hour, minute) + Math.round(seconds * 1000);
}
