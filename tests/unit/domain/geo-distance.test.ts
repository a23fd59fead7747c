import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bandedStepDistanceM, COS_BAND_DEG, haversineM, newCosBand, stepDistanceM } from '../../../src/domain/geo-distance';

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

  it('keeps a whole trace within 1e-5 of the haversine sum while reusing one cosine per latitude band (below 60 degrees)', () => {
    fc.assert(
      fc.property(fc.double({ min: -60, max: 60, noNaN: true }), fc.double({ min: -179, max: 179, noNaN: true }), fc.integer({ min: 1, max: 1 << 30 }), (lat0, lon0, seed) => {
        // A wandering 25 Hz trace of 5,000 fixes (~20 km) with steps up to 4 m in any direction.
        let lat = lat0;
        let lon = lon0;
        let x = seed;
        const next = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
        const band = newCosBand();
        let banded = 0;
        let exact = 0;
        for (let k = 0; k < 5000; k++) {
          const bearing = next() * 2 * Math.PI;
          const metres = next() * 4;
          const lat2 = lat + (metres * Math.cos(bearing)) / 111195;
          const lon2 = lon + (metres * Math.sin(bearing)) / (111195 * Math.cos((lat * Math.PI) / 180));
          banded += bandedStepDistanceM(lat, lon, lat2, lon2, band);
          exact += haversineM(lat, lon, lat2, lon2);
          lat = lat2;
          lon = lon2;
        }
        expect(Math.abs(banded - exact)).toBeLessThanOrEqual(1e-5 * exact + 1e-9);
      }),
      { numRuns: 200 },
    );
  });

  it('recomputes the cosine once the steps leave the band, and starts from an empty band', () => {
    const band = newCosBand();
    const lat = 41.5;
    expect(bandedStepDistanceM(lat, -8.4, lat, -8.39, band)).toBe(stepDistanceM(lat, -8.4, lat, -8.39));
    expect(band[0]).toBe(lat);
    bandedStepDistanceM(lat + COS_BAND_DEG / 2, -8.4, lat + COS_BAND_DEG / 2, -8.39, band);
    expect(band[0]).toBe(lat);
    bandedStepDistanceM(lat + 2 * COS_BAND_DEG, -8.4, lat + 2 * COS_BAND_DEG, -8.39, band);
    expect(band[0]).toBe(lat + 2 * COS_BAND_DEG);
  });
});
