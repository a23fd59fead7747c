/**
 * A fingerprint of a session's track: the same fixes give the same fingerprint whatever file they came in (the
 * device's own files, or a GPX, CSV, KML... exported from it and imported back), so the library can recognise data
 * it already holds. It covers the fix count and every fix's latitude and longitude to 1e-7 degree: the precision the
 * device writes and our stored texts and exports keep, so a copy rounds to the very same integers, not times, laps or speeds: KML spreads times over a lap, and laps
 * are re-detected on import. Not a cryptographic hash: it tells copies apart from other sessions, nothing more.
 */
import { parsePositionsText } from '../parse-positions';
import type { PositionColumns } from '../session-types';

/** The fingerprint's running state: `mix` each value in order, then `hex` (16 hex digits). */
interface FingerprintMixer {
  mix(value: number): void;
  hex(): string;
}

/** The two lanes' starting values. */
const SEED_A = 0x811c9dc5;
const SEED_B = 0x01000193 ^ 0x5bd1e995;

/** 16 hex digits of the two lanes. */
function hexOf(a: number, b: number): string {
  const hex = (x: number) => (x >>> 0).toString(16).padStart(8, '0');
  return hex(a) + hex(b);
}

/** Two 32-bit FNV-1a lanes with different seeds over integers (each value's low 32 bits as bytes, then its high part). */
function fingerprintMixer(): FingerprintMixer {
  let a = SEED_A;
  let b = SEED_B;
  return {
    mix(value: number) {
      let v = value | 0;
      for (let k = 0; k < 4; k++) {
        const byte = v & 0xff;
        a = Math.imul(a ^ byte, 0x01000193);
        b = Math.imul(b ^ byte, 0x01000193) ^ (b >>> 15);
        v >>>= 8;
      }
      const high = Math.floor(value / 2 ** 32) | 0;
      a = Math.imul(a ^ high, 0x01000193);
      b = Math.imul(b ^ (high & 0xffff), 0x01000193) ^ (b >>> 13);
    },
    hex: () => hexOf(a, b),
  };
}

/** 16 hex digits over the fix count, then every fix's latitude and longitude rounded to 1e-7 degree. */
export function positionsFingerprint(positions: Pick<PositionColumns, 'count' | 'lat' | 'lon'>): string {
  const m = fingerprintMixer();
  m.mix(positions.count);
  for (let i = 0; i < positions.count; i++) {
    m.mix(Math.round(positions.lat[i] * 1e7));
    m.mix(Math.round(positions.lon[i] * 1e7));
  }
  return m.hex();
}

/**
 * The same fingerprint from coordinates already in 1e-7 degrees (latitude and longitude interleaved), as the
 * byte writer of the stored text gives them (serialize-positions-bytes.ts): what the text reads back as.
 */
export function coordinatesE7Fingerprint(coordinatesE7: Int32Array): string {
  // The mixer's steps written out for 32-bit integers (whose high part is their sign), the lanes in local
  // variables: an import runs this once over 360,000 values, mostly before the optimising compiler has caught up.
  let a = SEED_A;
  let b = SEED_B;
  const n = coordinatesE7.length;
  for (let i = -1; i < n; i++) {
    const value = i < 0 ? n / 2 : coordinatesE7[i];
    let v = value;
    for (let k = 0; k < 4; k++) {
      const byte = v & 0xff;
      a = Math.imul(a ^ byte, 0x01000193);
      b = Math.imul(b ^ byte, 0x01000193) ^ (b >>> 15);
      v >>>= 8;
    }
    const high = value < 0 ? -1 : 0;
    a = Math.imul(a ^ high, 0x01000193);
    b = Math.imul(b ^ (high & 0xffff), 0x01000193) ^ (b >>> 13);
  }
  return hexOf(a, b);
}

/**
 * The fingerprint of a device-format position text (as stored): positions read back from the text, as every
 * analysis of the stored session reads them. Fingerprinting an import's own numbers instead could differ in the
 * last rounding (x * 1e7 lands on .5 where the text's 7 decimals rounded the other way).
 * @internal Exported for its tests.
 */
export function positionsTextFingerprint(nmeaText: string): string {
  return positionsFingerprint(parsePositionsText(nmeaText, { maxIssues: 0 }).positions);
}
