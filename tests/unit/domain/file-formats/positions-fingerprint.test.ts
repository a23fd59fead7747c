import { describe, expect, it } from 'vitest';
import { coordinatesE7Fingerprint, positionsFingerprint } from '../../../../src/domain/file-formats/positions-fingerprint';
import { mulberry32 } from '../../../../src/domain/random';

describe('fingerprint of coordinates in 1e-7 degrees', () => {
  it('is the fingerprint of the same coordinates as degrees, negatives and the 32-bit extremes included', () => {
    const random = mulberry32(7);
    const extremes = [0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 900_000_000, -1_800_000_000, 255, -256];
    const n = 5000;
    const e7 = new Int32Array(2 * n).map((_, i) => (i < extremes.length ? extremes[i] : Math.round((random() - 0.5) * 2 ** 32)));
    const positions = { count: n, lat: new Float64Array(n).map((_, i) => e7[2 * i] / 1e7), lon: new Float64Array(n).map((_, i) => e7[2 * i + 1] / 1e7) };
    expect(coordinatesE7Fingerprint(e7)).toBe(positionsFingerprint(positions));
  });

  it('tells the fix count and the order of the coordinates apart', () => {
    const e7 = Int32Array.from([414_000_000, -84_000_000, 414_000_001, -84_000_002]);
    const swapped = Int32Array.from([414_000_001, -84_000_002, 414_000_000, -84_000_000]);
    expect(coordinatesE7Fingerprint(e7)).not.toBe(coordinatesE7Fingerprint(swapped));
    expect(coordinatesE7Fingerprint(e7)).not.toBe(coordinatesE7Fingerprint(e7.subarray(0, 2)));
  });
});
