import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { haversineM, stepDistanceM } from '../../../src/domain/geo-distance';

describe('geo distance', () => {
  it('measures one degree of latitude as about 111.2 km', () => {
    expect(haversineM(0, 0, 1, 0)).toBeCloseTo(111195, -1);
    expect(stepDistanceM(0, 0, 1, 0)).toBeCloseTo(111195, -1);
  });

  it('is zero for the same point and symmetric', () => {
    expect(stepDistanceM(41.5, -8.4, 41.5, -8.4)).toBe(0);
    expect(stepDistanceM(41.5, -8.4, 41.6, -8.3)).toBeCloseTo(stepDistanceM(41.6, -8.3, 41.5, -8.4), 9);
  });

  it('stays within 1e-6 of haversine for steps under 1 km below 85 degrees of latitude', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0.5, max: 1000, noNaN: true }),
        (lat, lon, bearing, metres) => {
          const dLat = (metres * Math.cos(bearing)) / 111195;
          const dLon = (metres * Math.sin(bearing)) / (111195 * Math.cos((lat * Math.PI) / 180));
          const lat2 = Math.max(-85, Math.min(85, lat + dLat));
          const h = haversineM(lat, lon, lat2, lon + dLon);
          const s = stepDistanceM(lat, lon, lat2, lon + dLon);
          expect(Math.abs(s - h)).toBeLessThanOrEqual(1e-6 * h + 1e-9);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
