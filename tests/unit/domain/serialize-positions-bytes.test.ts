import { describe, expect, it } from 'vitest';
import { serializePositions } from '../../../src/domain/serialize-session';
import { serializePositionsBytes } from '../../../src/domain/serialize-positions-bytes';
import { coordinatesE7Fingerprint, positionsTextFingerprint } from '../../../src/domain/file-formats/positions-fingerprint';
import { mulberry32 } from '../../../src/domain/random';
import { syntheticSession } from '../../helpers/synthetic-session';
import type { PositionColumns } from '../../../src/domain/session-types';

const utf8 = (s: string) => new TextEncoder().encode(s);

/** Columns of awkward values: ties at the 7th and 2nd decimal, negatives, zeros, huge and missing numbers. */
function awkwardColumns(n: number, seed: number): PositionColumns {
  const random = mulberry32(seed);
  const special = [0.125, -0.375, -2.5, 1.005, 41.00000005, -8.44450005, 44.94928, 5e-8, -5e-8, 0, -0, 89.99999999, -179.99999995, 1e-9];
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const speedKmh = new Float32Array(n);
  const timeMs = new Float64Array(n);
  const lap = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const pick = random() < 0.2;
    lat[i] = pick ? special[i % special.length] % 90 : (random() - 0.5) * 180;
    lon[i] = pick ? special[(i * 7) % special.length] : Math.round((random() - 0.5) * 360 * 1e7) / 1e7;
    speedKmh[i] = pick ? [0.125, 0.005, 999.995, 0][i % 4] : random() * 300;
    timeMs[i] = i === 5 ? Number.NaN : i * 40.5 - (i === 7 ? 1e16 : 0);
    lap[i] = i === 3 ? -2 : Math.floor(i / 100) * 1_000_003;
  }
  return { count: n, lap, timeMs, lat, lon, speedKmh, distanceM: new Float64Array(n) };
}

describe('nmea text written straight to bytes', () => {
  it('gives the same bytes as encoding the text writer, line for line, for a synthetic session', () => {
    const p = syntheticSession({ fixes: 30_000, seed: 3 }).positions;
    // (Buffer.equals: a deep equality of 700 kB of bytes takes the test runner seconds.)
    expect(Buffer.from(serializePositionsBytes(p).bytes).equals(utf8(serializePositions(p)))).toBe(true);
  });

  it('writes whole lines far longer than usual (huge values written with 40 decimals)', () => {
    const n = 3000;
    const p: PositionColumns = {
      count: n,
      lap: new Int32Array(n).fill(-2_147_483_648),
      timeMs: new Float64Array(n).fill(-Number.MAX_VALUE),
      lat: new Float64Array(n).map((_, i) => -9.99e20 + i * 1e6),
      lon: new Float64Array(n).map((_, i) => -9.98e20 - i * 1e6),
      speedKmh: new Float32Array(n).fill(3.4e38),
      distanceM: new Float64Array(n),
    };
    const options = { coordinateDecimals: 40, speedDecimals: 40 };
    expect(Buffer.from(serializePositionsBytes(p, options).bytes).equals(utf8(serializePositions(p, options)))).toBe(true);
  });

  it('gives the same bytes for ties, negatives, zeros, NaN times and huge values, with every option', () => {
    const p = awkwardColumns(5000, 11);
    for (const options of [{}, { withTime: false }, { coordinateDecimals: 6, speedDecimals: 1 }, { eol: '\r\n' as const }, { coordinateDecimals: 0, speedDecimals: 0 }, { coordinateDecimals: 20, speedDecimals: 20 }]) {
      const bytes = serializePositionsBytes(p, options).bytes;
      const text = serializePositions(p, options);
      if (new TextDecoder().decode(bytes) !== text) {
        const a = new TextDecoder().decode(bytes).split('\n');
        const b = text.split('\n');
        const k = a.findIndex((line, i) => line !== b[i]);
        throw new Error(`line ${k + 1} with ${JSON.stringify(options)}: ${a[k]} !== ${b[k]}`);
      }
    }
  });

  it('writes nothing for no fixes', () => {
    expect(serializePositionsBytes(awkwardColumns(0, 1)).bytes.length).toBe(0);
  });

  it('gives the coordinates as written, so their fingerprint is the one of the text read back', () => {
    for (const p of [syntheticSession({ fixes: 5000, seed: 9 }).positions, awkwardColumns(3000, 5)]) {
      // Laps, times and speeds the reader accepts (it skips a line it cannot take): only the coordinates matter here.
      const readable = { ...p, lap: new Int32Array(p.count), timeMs: p.timeMs.map((_, i) => i * 40), speedKmh: new Float32Array(p.count).fill(50) };
      const { bytes, coordinatesE7 } = serializePositionsBytes(readable);
      expect(coordinatesE7Fingerprint(coordinatesE7!)).toBe(positionsTextFingerprint(new TextDecoder().decode(bytes)));
    }
    expect(serializePositionsBytes(awkwardColumns(10, 1), { coordinateDecimals: 6 }).coordinatesE7).toBeNull();
  });
});
