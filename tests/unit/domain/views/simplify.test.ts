import { describe, expect, it } from 'vitest';
import { simplifyIndices } from '../../../../src/domain/views/simplify';
import { isDomainError } from '../../../../src/domain/errors';
import { mulberry32 } from '../../../../src/domain/random';

/** Distance from (px, py) to the segment a-b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

function circle(points: number, radius: number) {
  const x = new Float64Array(points);
  const y = new Float64Array(points);
  for (let i = 0; i < points; i++) {
    const a = (2 * Math.PI * i) / (points - 1);
    x[i] = radius * Math.cos(a);
    y[i] = radius * Math.sin(a);
  }
  return { x, y };
}

describe('simplifyIndices (Ramer-Douglas-Peucker)', () => {
  it('returns a run of two points or fewer unchanged', () => {
    expect(Array.from(simplifyIndices([], [], 0, 0, 1))).toEqual([]);
    expect(Array.from(simplifyIndices([5], [5], 0, 1, 1))).toEqual([0]);
    expect(Array.from(simplifyIndices([0, 1, 2, 3], [0, 0, 0, 0], 1, 3, 10))).toEqual([1, 2]);
  });

  it('is exact on a short input whose every point bends the line more than the tolerance', () => {
    const x = [0, 1, 2, 3, 4, 5];
    const y = [0, 2, 0, 2, 0, 2];
    expect(Array.from(simplifyIndices(x, y, 0, 6, 0.5))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('reduces a straight line with noise below the tolerance to its two endpoints', () => {
    const rand = mulberry32(7);
    const n = 5000;
    const x = Float64Array.from({ length: n }, (_, i) => i * 0.5);
    const y = Float64Array.from({ length: n }, () => (rand() - 0.5) * 0.2);
    y[0] = y[n - 1] = 0; // noise of +-0.1 around the chord between exact endpoints
    expect(Array.from(simplifyIndices(x, y, 0, n, 0.15))).toEqual([0, n - 1]);
  });

  it('keeps every dropped point within the tolerance of the kept polyline', () => {
    const rand = mulberry32(3);
    const n = 3000;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 1; i < n; i++) {
      x[i] = x[i - 1] + rand();
      y[i] = y[i - 1] + (rand() - 0.5) * 3;
    }
    const tol = 0.75;
    const kept = simplifyIndices(x, y, 0, n, tol);
    expect(kept.length).toBeLessThan(n);
    for (let k = 1; k < kept.length; k++) {
      const a = kept[k - 1];
      const b = kept[k];
      for (let i = a + 1; i < b; i++) expect(segmentDistance(x[i], y[i], x[a], y[a], x[b], y[b])).toBeLessThanOrEqual(tol + 1e-9);
    }
  });

  it('keeps a circle to the chord count its tolerance allows (a bound on the output size)', () => {
    const radius = 100;
    const tol = 0.25;
    const { x, y } = circle(20_000, radius);
    const kept = simplifyIndices(x, y, 0, x.length, tol);
    // A chord of angle theta deviates r(1 - cos(theta / 2)) from its arc: the fewest chords within tol is
    // 2 pi / theta. Recursive splitting may use up to twice that (halves are not optimal), never more.
    const theta = 2 * Math.acos(1 - tol / radius);
    const optimal = Math.ceil((2 * Math.PI) / theta);
    expect(kept.length).toBeGreaterThanOrEqual(optimal);
    expect(kept.length).toBeLessThanOrEqual(2 * optimal + 2);
  });

  it('always keeps the endpoints and the forced indices, ignoring forced indices outside the range', () => {
    const n = 1000;
    const x = Float64Array.from({ length: n }, (_, i) => i);
    const y = new Float64Array(n);
    const kept = Array.from(simplifyIndices(x, y, 100, 900, 1, [500, 250, 250, 5, 950]));
    expect(kept).toEqual([100, 250, 500, 899]);
  });

  it('keeps the tip of a hairpin that doubles back along the same line', () => {
    const x = [0, 1, 2, 3, 4, 5, 4, 3, 2, 1, 0];
    const y = new Array(11).fill(0);
    expect(Array.from(simplifyIndices(x, y, 0, 11, 0.1))).toEqual([0, 5, 10]);
  });

  it('rejects a negative tolerance with a domain error', () => {
    try {
      simplifyIndices([0, 1, 2], [0, 1, 2], 0, 3, -1);
      expect.unreachable();
    } catch (e) {
      expect(isDomainError(e) && e.code).toBe('invalid-argument');
    }
  });
});
