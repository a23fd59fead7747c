import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cumulativeDistanceM, distanceM } from '../../../../src/domain/geo/distance';
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import {
  bearingDeg,
  headingDifferenceDeg,
  headingOfVectorDeg,
  normaliseDeg,
} from '../../../../src/domain/geo/heading';

describe('distance', () => {
  it('measures one degree of latitude as about 111.2 km and is zero between identical points', () => {
    expect(distanceM(0, 0, 1, 0)).toBeCloseTo(111_195, -1);
    expect(distanceM(41.5, -8.4, 41.5, -8.4)).toBe(0);
  });

  it('shrinks a degree of longitude with the cosine of the latitude', () => {
    expect(distanceM(60, 10, 60, 11) / distanceM(0, 10, 0, 11)).toBeCloseTo(0.5, 3);
  });

  it('accumulates along a trace and skips non-finite points', () => {
    const lat = [0, 0.001, NaN, 0.002];
    const lon = [0, 0, 0, 0];
    const d = cumulativeDistanceM(lat, lon);
    expect(d[0]).toBe(0);
    expect(d[1]).toBeCloseTo(111.195, 2);
    expect(d[2]).toBe(d[1]);
    expect(d[3]).toBeCloseTo(222.39, 1);
  });

  it('is symmetric and obeys the triangle inequality', () => {
    const point = fc.tuple(fc.double({ min: -80, max: 80, noNaN: true }), fc.double({ min: -179, max: 179, noNaN: true }));
    fc.assert(
      fc.property(point, point, point, ([a, b], [c, d], [e, f]) => {
        const ab = distanceM(a, b, c, d);
        expect(Math.abs(ab - distanceM(c, d, a, b))).toBeLessThan(1e-6);
        expect(distanceM(a, b, e, f)).toBeLessThanOrEqual(ab + distanceM(c, d, e, f) + 1e-6);
      }),
    );
  });
});

describe('local projection', () => {
  it('maps the origin to (0, 0) and agrees with the great-circle distance within 0.1 % at 2 km', () => {
    const p = createLocalProjection(41.57, 44.95);
    expect(p.x(44.95)).toBe(0);
    expect(p.y(41.57)).toBe(0);
    const lat = 41.58;
    const lon = 44.965;
    const planar = Math.hypot(p.x(lon), p.y(lat));
    expect(Math.abs(planar - distanceM(41.57, 44.95, lat, lon)) / planar).toBeLessThan(1e-3);
  });

  it('round-trips any point near the origin', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -70, max: 70, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: -3000, max: 3000, noNaN: true }),
        fc.double({ min: -3000, max: 3000, noNaN: true }),
        (lat0, lon0, x, y) => {
          const p = createLocalProjection(lat0, lon0);
          expect(p.x(p.lon(x))).toBeCloseTo(x, 6);
          expect(p.y(p.lat(y))).toBeCloseTo(y, 6);
        },
      ),
    );
  });
});

describe('heading', () => {
  it('gives 0 for north, 90 for east, 180 for south and 270 for west', () => {
    expect(bearingDeg(0, 0, 1, 0)).toBeCloseTo(0, 9);
    expect(bearingDeg(0, 0, 0, 1)).toBeCloseTo(90, 9);
    expect(bearingDeg(1, 0, 0, 0)).toBeCloseTo(180, 9);
    expect(bearingDeg(0, 1, 0, 0)).toBeCloseTo(270, 9);
    expect(headingOfVectorDeg(0, 1)).toBe(0);
    expect(headingOfVectorDeg(1, 0)).toBe(90);
    expect(headingOfVectorDeg(-1, 0)).toBe(270);
    expect(bearingDeg(5, 5, 5, 5)).toBeNaN();
    expect(headingOfVectorDeg(0, 0)).toBeNaN();
  });

  it('normalises into [0, 360) and takes the shortest signed difference', () => {
    expect(normaliseDeg(-90)).toBe(270);
    expect(normaliseDeg(720)).toBe(0);
    expect(headingDifferenceDeg(350, 10)).toBe(20);
    expect(headingDifferenceDeg(10, 350)).toBe(-20);
    fc.assert(
      fc.property(fc.double({ min: -1e4, max: 1e4, noNaN: true }), fc.double({ min: -1e4, max: 1e4, noNaN: true }), (a, b) => {
        const d = headingDifferenceDeg(a, b);
        expect(d).toBeGreaterThan(-180);
        expect(d).toBeLessThanOrEqual(180);
        const gap = Math.abs(normaliseDeg(a + d) - normaliseDeg(b));
        expect(Math.min(gap, 360 - gap)).toBeLessThan(1e-6);
      }),
    );
  });
});
