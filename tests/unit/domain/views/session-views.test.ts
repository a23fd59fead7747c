import { describe, expect, it } from 'vitest';
import { analyseSession } from '../../../../src/domain/analysis/analyse-session';
import { syntheticSession } from '../../../helpers/synthetic-session';
import { sectorSplitIndices, sessionViews } from '../../../../src/domain/views/session-views';

const { positions, laps } = syntheticSession({ fixes: 25 * 60 * 10, seed: 4 });
const analysis = analyseSession(laps, positions);
const drawn = analysis.laps.filter((l) => l.endIndex > l.startIndex);
const views = sessionViews(positions, drawn);

const range = (offsets: Uint32Array, k: number) => [offsets[k], offsets[k + 1]] as const;

describe('sessionViews (whole-session map traces and speed series, downsampled)', () => {
  it('keeps far fewer points than fixes, per lap at most its fixes plus the closing one', () => {
    expect(views.lapNumbers).toEqual(Int32Array.from(drawn, (l) => l.lapNumber));
    expect(views.inputFixes).toBeGreaterThan(14_000);
    expect(views.map.index.length).toBeLessThan(views.inputFixes / 4);
    expect(views.speed.distanceM.length).toBeLessThan(views.inputFixes / 4);
    drawn.forEach((lap, k) => {
      const [a, b] = range(views.map.lapOffsets, k);
      expect(b - a).toBeLessThanOrEqual(lap.endIndex - lap.startIndex + 1);
      expect(b - a).toBeGreaterThanOrEqual(2);
    });
  });

  it('keeps every lap boundary: a lap starts on its first fix and ends on the next lap first fix', () => {
    drawn.forEach((lap, k) => {
      const [a, b] = range(views.map.lapOffsets, k);
      expect(views.map.index[a]).toBe(lap.startIndex);
      expect(views.map.index[b - 1]).toBe(Math.min(lap.endIndex, positions.count - 1));
      const [sa, sb] = range(views.speed.lapOffsets, k);
      expect(views.speed.distanceM[sa]).toBe(0);
      const end = Math.min(lap.endIndex, positions.count - 1);
      expect(views.speed.distanceM[sb - 1]).toBeCloseTo(positions.distanceM[end] - positions.distanceM[lap.startIndex], 1);
    });
  });

  it('keeps each lap min and max speed fixes in both views', () => {
    drawn.forEach((lap, k) => {
      const end = Math.min(lap.endIndex + 1, positions.count);
      const speeds = Array.from(positions.speedKmh.subarray(lap.startIndex, end));
      const [a, b] = range(views.map.lapOffsets, k);
      const mapSpeeds = Array.from(views.map.speedKmh.subarray(a, b));
      expect(Math.min(...mapSpeeds)).toBe(Math.min(...speeds));
      expect(Math.max(...mapSpeeds)).toBe(Math.max(...speeds));
      const [sa, sb] = range(views.speed.lapOffsets, k);
      const chartSpeeds = Array.from(views.speed.speedKmh.subarray(sa, sb));
      expect(Math.min(...chartSpeeds)).toBe(Math.min(...speeds));
      expect(Math.max(...chartSpeeds)).toBe(Math.max(...speeds));
    });
  });

  it('keeps the sector gate crossings and points the sector offsets at them', () => {
    let checked = 0;
    drawn.forEach((lap, k) => {
      const [s2, s3] = sectorSplitIndices(positions, lap);
      if (s2 >= lap.endIndex) return;
      checked++;
      expect(views.map.index[views.map.sectorOffsets[2 * k]]).toBe(s2);
      expect(views.map.index[views.map.sectorOffsets[2 * k + 1]]).toBe(s3);
    });
    // Laps without sector crossings are skipped above; the session must still have some that have them.
    expect(checked).toBeGreaterThan(0);
  });

  it('stays within the tolerance of the full trace (map, local metres)', () => {
    const tol = 0.2;
    const lap = drawn[2];
    const k = 2;
    const [a, b] = range(views.map.lapOffsets, k);
    const mPerDegLat = 111_195;
    const mPerDegLon = mPerDegLat * Math.cos((positions.lat[lap.startIndex] * Math.PI) / 180);
    const xy = (i: number) => [positions.lon[i] * mPerDegLon, positions.lat[i] * mPerDegLat];
    for (let j = a + 1; j < b; j++) {
      const [ax, ay] = xy(views.map.index[j - 1]);
      const [bx, by] = xy(views.map.index[j]);
      for (let i = views.map.index[j - 1] + 1; i < views.map.index[j]; i++) {
        const [px, py] = xy(i);
        const dx = bx - ax;
        const dy = by - ay;
        const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
        // 1 % slack for the simple spherical scale used here against the WGS84 projection of the views.
        expect(Math.hypot(px - ax - t * dx, py - ay - t * dy)).toBeLessThanOrEqual(tol * 1.01 + 1e-6);
      }
    }
  });

  it('is exact on a short lap whose fixes all matter, and empty for a lap without fixes', () => {
    // Five fixes zig-zagging 10 m either side of a line: every one bends the trace far more than the tolerance.
    const zig = {
      count: 5,
      lap: new Int32Array(5).fill(1),
      timeMs: Float64Array.from([0, 40, 80, 120, 160]),
      lat: Float64Array.from([41.5, 41.5001, 41.5002, 41.5003, 41.5004]),
      lon: Float64Array.from([-8.4, -8.3998, -8.4, -8.3998, -8.4]),
      speedKmh: Float32Array.from([60, 10, 60, 10, 60]),
      distanceM: Float64Array.from([0, 20, 40, 60, 80]),
    };
    const laps = [
      { lapNumber: 1, startIndex: 0, endIndex: 5, sectors: [{ timeMs: 0 }, { timeMs: 0 }, { timeMs: 0 }] },
      { lapNumber: 2, startIndex: 0, endIndex: 0, sectors: [] },
    ];
    const short = sessionViews(zig, laps);
    expect(Array.from(short.map.index)).toEqual([0, 1, 2, 3, 4]);
    expect(Array.from(short.map.lapOffsets)).toEqual([0, 5, 5]);
    expect(Array.from(short.speed.speedKmh)).toEqual([60, 10, 60, 10, 60]);
    expect(Array.from(short.speed.lapOffsets)).toEqual([0, 5, 5]);
  });

  it('skips placeholder fixes (0/0 and NaN) instead of drawing them', () => {
    const broken = { ...positions, lat: positions.lat.slice(), lon: positions.lon.slice() };
    const lap = drawn[1];
    for (let i = lap.startIndex + 10; i < lap.startIndex + 20; i++) broken.lat[i] = broken.lon[i] = 0;
    broken.lat[lap.startIndex + 30] = NaN;
    const v = sessionViews(broken, [lap]);
    for (const i of v.map.index) expect(Number.isFinite(broken.lat[i]) && broken.lat[i] !== 0).toBe(true);
  });

  // How fast it is belongs to the benchmarks (npm run bench -- domain), not to a test.
  it('downsamples a 2 h session (180,000 fixes) to under a quarter of its fixes', () => {
    const big = syntheticSession({ fixes: 25 * 3600 * 2, seed: 9 });
    const a = analyseSession(big.laps, big.positions);
    const v = sessionViews(big.positions, a.laps);
    expect(v.map.index.length).toBeLessThan(big.positions.count / 4);
    expect(v.map.index.length).toBeGreaterThan(0);
  });
});
