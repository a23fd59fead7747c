import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignLines, applyAlignment } from '../../../../src/domain/coaching/align-lines';
import { drivableOptimal, JoinChooser } from '../../../../src/domain/coaching/drivable-optimal';
import { envelopePolygon, ggEnvelope } from '../../../../src/domain/coaching/gg-envelope';
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import { LAP_M, lapFromProfile, racingProfile } from './coaching-track';

/** A lap whose speed wobbles around a racing profile: amplitude and phase per lap. */
const wobblyLap = (amp: number, phase: number, corner: number) => {
  const base = racingProfile({ cornerMs: corner });
  return lapFromProfile((s) => Math.max(3, base(s) * (1 + amp * Math.sin((s / LAP_M) * 2 * Math.PI * 3 + phase))));
};

describe('the drivable optimal lap', () => {
  it('lies between the sum of the best micro-sectors and the best lap, for any laps (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amp: fc.double({ min: 0, max: 0.08, noNaN: true }), phase: fc.double({ min: 0, max: 6.28, noNaN: true }), corner: fc.double({ min: 17, max: 23, noNaN: true }) }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 20, max: 50 }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (specs, sectorM, tolerance) => {
          const laps = specs.map((s) => wobblyLap(s.amp, s.phase, s.corner));
          const o = drivableOptimal(laps, { sectorM, speedToleranceKmh: tolerance });
          if (!o) return false;
          const best = Math.min(...laps.map((l) => l.timeMs[l.count - 1]));
          return o.sumOfBestMs <= o.timeMs + 1e-6 && o.timeMs <= best + 1e-6 && Math.abs(o.bestLapMs - best) < 1e-9;
        },
      ),
      { numRuns: 12 },
    );
  });

  it('is never faster than the sum of the best micro-sectors, which is never slower than the sum of the three best sectors (property)', () => {
    // Three sectors' boundaries are micro-sector boundaries too (3 x k micro-sectors): the best of every short piece
    // adds up to no more than the best of every long one, so the micro-sectors' sum is the true lower bound.
    fc.assert(
      fc.property(
        fc.array(fc.record({ amp: fc.double({ min: 0, max: 0.08, noNaN: true }), phase: fc.double({ min: 0, max: 6.28, noNaN: true }), corner: fc.double({ min: 17, max: 23, noNaN: true }) }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 6, max: 15 }),
        (specs, k) => {
          const laps = specs.map((s) => wobblyLap(s.amp, s.phase, s.corner));
          const threeSectors = drivableOptimal(laps, { sectorM: LAP_M / 3 })!;
          const micro = drivableOptimal(laps, { sectorM: LAP_M / (3 * k) })!;
          const best = Math.min(...laps.map((l) => l.timeMs[l.count - 1]));
          expect(threeSectors.sectorCount).toBe(3);
          expect(micro.sumOfBestMs).toBeLessThanOrEqual(threeSectors.sumOfBestMs + 1e-6);
          expect(micro.sumOfBestMs).toBeLessThanOrEqual(micro.timeMs + 1e-6);
          expect(micro.timeMs).toBeLessThanOrEqual(best + 1e-6);
        },
      ),
      { numRuns: 10 },
    );
  });

  it('can be faster than the sum of the three best sectors: the laps trade the lead inside every sector', () => {
    // Each lap is quick where the other is slow, three times a lap: no lap wins a whole sector by much, so the three
    // sectors' sum is about a lap's time, while the micro-sectors pick the quick half of each swing.
    const laps = [wobblyLap(0.04, 0, 20), wobblyLap(0.04, Math.PI, 20), wobblyLap(0.03, 1.5, 20)];
    const threeSectors = drivableOptimal(laps, { sectorM: LAP_M / 3 })!;
    const drivable = drivableOptimal(laps, { sectorM: LAP_M / 30 })!;
    expect(drivable.timeMs).toBeLessThan(threeSectors.sumOfBestMs - 500);
    expect(drivable.sumOfBestMs).toBeLessThanOrEqual(drivable.timeMs);
    expect(drivable.timeMs).toBeLessThanOrEqual(drivable.bestLapMs);
  });

  it('joins laps only where their speeds match: with no tolerance it is the best lap, with any and no join charge it is the sum of best', () => {
    const laps = [wobblyLap(0.05, 0, 20), wobblyLap(0.05, 3, 20), wobblyLap(0.03, 1.5, 21)];
    const strict = drivableOptimal(laps, { speedToleranceKmh: 0 });
    const loose = drivableOptimal(laps, { speedToleranceKmh: 1000, joinZ: 0 });
    const best = Math.min(...laps.map((l) => l.timeMs[l.count - 1]));
    expect(strict?.timeMs).toBeCloseTo(best, 6);
    expect(loose?.timeMs).toBeCloseTo(loose?.sumOfBestMs ?? NaN, 6);
    expect(loose!.sumOfBestMs).toBeLessThan(best - 100);
    const normal = drivableOptimal(laps);
    expect(normal!.timeMs).toBeGreaterThanOrEqual(loose!.timeMs - 1e-6);
    expect(normal!.timeMs).toBeLessThanOrEqual(best + 1e-6);
    // Every join of the chosen chain is between speeds within the tolerance.
    const o = normal!;
    for (let k = 1; k < o.sectorCount; k++) {
      const a = laps[o.lapOfSector[k - 1]];
      const b = laps[o.lapOfSector[k]];
      const at = (l: typeof a) => {
        const d = (o.boundaryM[k] / o.boundaryM[o.sectorCount]) * l.distanceM[l.count - 1];
        let j = 0;
        while (j < l.count - 2 && l.distanceM[j + 1] < d) j++;
        const f = (d - l.distanceM[j]) / (l.distanceM[j + 1] - l.distanceM[j]);
        return l.speedKmh[j] + f * (l.speedKmh[j + 1] - l.speedKmh[j]);
      };
      expect(Math.abs(at(a) - at(b))).toBeLessThanOrEqual(3 + 1e-3);
    }
  });

  it('chooses every join as scanning all laps in order of cost for the first with a matching speed does (property)', () => {
    /** The straightforward choice: laps sorted by cost (stable), the first that is b or within the tolerance. */
    const scan = (cost: Float64Array, speed: Float64Array, tolerance: number) => {
      const order = Int32Array.from(cost, (_, j) => j).sort((a, b) => (cost[a] === cost[b] ? 0 : cost[a] < cost[b] ? -1 : 1));
      return Int32Array.from(speed, (v, b) => order.find((a) => a === b || Math.abs(speed[a] - v) <= tolerance)!);
    };
    // Few distinct values, so that equal costs, equal speeds, speeds exactly the tolerance apart and missed gates
    // (NaN) and missed sectors (Infinity) all come up.
    const costs = fc.oneof(fc.integer({ min: 0, max: 6 }).map((c) => c * 1000), fc.constant(Infinity), fc.double({ min: 0, max: 1e5, noNaN: true }));
    const speeds = fc.oneof(fc.integer({ min: 0, max: 40 }).map((v) => 100 + v * 0.5), fc.constant(NaN), fc.double({ min: 0, max: 300, noNaN: true }));
    fc.assert(
      fc.property(fc.array(fc.tuple(costs, speeds), { minLength: 1, maxLength: 60 }), fc.constantFrom(0, 0.5, 1, 3, 7, -1, NaN), (laps, tolerance) => {
        const cost = Float64Array.from(laps, ([c]) => c);
        const speed = Float64Array.from(laps, ([, v]) => v);
        // One gate (index 1 of 2 per lap), as the dynamic programme lays the speeds out.
        const strided = new Float64Array(2 * laps.length);
        speed.forEach((v, j) => (strided[2 * j + 1] = v));
        const out = new Int32Array(laps.length);
        new JoinChooser(laps.length).choose(cost, strided, 2, 1, tolerance, out);
        expect(Array.from(out)).toEqual(Array.from(scan(cost, speed, tolerance)));
      }),
      { numRuns: 500 },
    );
  });

  it('is a trace ending at the optimal time and the reference length, with time and distance never going back', () => {
    const laps = [wobblyLap(0.05, 0, 20), wobblyLap(0.05, 2, 20)];
    const o = drivableOptimal(laps, { sectorM: 25 })!;
    const t = o.trace;
    expect(t.timeMs[0]).toBe(0);
    expect(t.timeMs[t.count - 1]).toBeCloseTo(o.timeMs, 6);
    expect(t.distanceM[t.count - 1]).toBeCloseTo(o.boundaryM[o.sectorCount], 6);
    for (let k = 1; k < t.count; k++) {
      expect(t.timeMs[k]).toBeGreaterThanOrEqual(t.timeMs[k - 1]);
      expect(t.distanceM[k]).toBeGreaterThan(t.distanceM[k - 1]);
    }
    expect(o.sectorCount).toBe(Math.round(o.boundaryM[o.sectorCount] / 25));
  });

  it('times micro-sectors at the same places on track even when a lap measured its distance wrong', () => {
    // The same drive twice; the second lap's distance jumped 6 m at 300 m (a GNSS glitch), so its length is 6 m
    // longer and the same fraction of each lap's length is a different place on track after the glitch.
    const lap = wobblyLap(0.03, 1, 20);
    const glitched = { ...lap, distanceM: lap.distanceM.map((d) => (d > 300 ? d + 6 : d)) };
    const time = lap.timeMs[lap.count - 1];
    const o = drivableOptimal([lap, glitched], { sectorM: 25 })!;
    expect(o.sumOfBestMs).toBeCloseTo(time, 0);
    expect(o.timeMs).toBeCloseTo(time, 0);
  });

  it('leaves out of a micro-sector a lap that did not drive through its gates (a lap cut across the infield)', () => {
    // Two laps each faster in places; the slower one wanders up to 60 m off the track (south) over 200 m around a
    // micro-sector it would otherwise give the optimal lap.
    const [a, b] = [wobblyLap(0.05, 0, 20), wobblyLap(0.05, 3, 20)];
    const [best, other] = a.timeMs[a.count - 1] < b.timeMs[b.count - 1] ? [a, b] : [b, a];
    const loose = drivableOptimal([best, other], { sectorM: 25, speedToleranceKmh: 1000 })!;
    let taken = -1;
    for (let k = 0; k < loose.sectorCount && taken < 0; k++) if (loose.lapOfSector[k] === 1 && loose.boundaryM[k] > 150 && loose.boundaryM[k] < LAP_M - 150) taken = k;
    expect(taken).toBeGreaterThanOrEqual(0);
    const centre = (loose.boundaryM[taken] + loose.boundaryM[taken + 1]) / 2;
    const projection = createLocalProjection(other.lat[0], other.lon[0]);
    const away = (d: number) => (Math.abs(d - centre) < 100 ? 60 * Math.cos((Math.PI * (d - centre)) / 200) : 0);
    const cut = { ...other, lat: other.lat.map((v, i) => projection.lat(projection.y(v) - away(other.distanceM[i]))) };
    const o = drivableOptimal([best, cut], { sectorM: 25, speedToleranceKmh: 1000 })!;
    for (let k = 0; k < o.sectorCount; k++) if (o.boundaryM[k] > centre - 40 && o.boundaryM[k + 1] < centre + 40) expect(o.lapOfSector[k]).toBe(0);
    expect(o.lapOfSector[taken]).toBe(0);
    expect(Number.isFinite(o.timeMs)).toBe(true);
    expect(Number.isFinite(o.sumOfBestMs)).toBe(true);
  });

  it('has nothing to say without a lap', () => {
    expect(drivableOptimal([])).toBeNull();
  });
});

describe('aligned lines', () => {
  it('recover a 3 m shift of a lap against itself', () => {
    const lap = lapFromProfile(racingProfile());
    const shifted = lapFromProfile(racingProfile(), 3);
    const a = alignLines(shifted, lap)!;
    expect(a.eastM).toBeCloseTo(-3, 2);
    expect(a.northM).toBeCloseTo(0, 2);
    expect(a.rotationRad).toBeCloseTo(0, 4);
    expect(a.rmsBeforeM).toBeCloseTo(3, 2);
    expect(a.rmsAfterM).toBeLessThan(0.01);
  });

  it('undo any small shift and rotation, and moving the lap by the fit puts it on the reference (property)', () => {
    const lap = lapFromProfile(racingProfile());
    const projection = createLocalProjection(lap.lat[0], lap.lon[0]);
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -0.05, max: 0.05, noNaN: true }), (dx, dy, angle) => {
        const cos = Math.cos(angle);
        const sin = Math.sin(angle);
        const moved = { ...lap, lat: new Float64Array(lap.count), lon: new Float64Array(lap.count) };
        for (let i = 0; i < lap.count; i++) {
          const x = projection.x(lap.lon[i]);
          const y = projection.y(lap.lat[i]);
          moved.lon[i] = projection.lon(cos * x - sin * y + dx);
          moved.lat[i] = projection.lat(sin * x + cos * y + dy);
        }
        const a = alignLines(moved, lap)!;
        const back = applyAlignment(moved, a);
        let worst = 0;
        for (let i = 0; i < lap.count; i += 50) {
          worst = Math.max(worst, Math.hypot(projection.x(back.lon[i]) - projection.x(lap.lon[i]), projection.y(back.lat[i]) - projection.y(lap.lat[i])));
        }
        return Math.abs(a.rotationRad + angle) < 1e-3 && worst < 0.05;
      }),
      { numRuns: 30 },
    );
  });
});

describe('the g-g envelope', () => {
  it('is the largest combined g in each direction', () => {
    const n = 720;
    const lon = new Float32Array(n);
    const lat = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const a = (i / n) * 2 * Math.PI;
      const r = i % 2 === 0 ? 1.2 : 0.5;
      lat[i] = r * Math.cos(a);
      lon[i] = r * Math.sin(a);
    }
    const radius = ggEnvelope(lon, lat);
    expect(radius.length).toBe(36);
    for (const r of radius) expect(r).toBeCloseTo(1.2, 5);
    const polygon = envelopePolygon(radius);
    expect(Math.hypot(...polygon[9])).toBeCloseTo(1.2, 5);
    // Braking only: the sectors around -pi/2 (straight down) are filled, the others empty.
    const braking = ggEnvelope(new Float32Array([-0.9, -1.1]), new Float32Array([0, 0.01]));
    expect(Math.max(...braking)).toBeCloseTo(Math.hypot(1.1, 0.01), 5);
    expect(braking.filter((r) => r > 0).length).toBeLessThanOrEqual(2);
  });

  it('puts every point in the same sector as the exact atan2 does, on the sectors\' edges too (property)', () => {
    const width = (2 * Math.PI) / 36;
    const exact = (lon: Float32Array, lat: Float32Array) => {
      const radius = new Float32Array(36);
      for (let i = 0; i < lon.length; i++) {
        const r = Math.sqrt(lat[i] * lat[i] + lon[i] * lon[i]);
        if (!(r > 0)) continue;
        const k = Math.min(35, Math.floor((Math.atan2(lon[i], lat[i]) + Math.PI) / width));
        radius[k] = Math.max(radius[k], r);
      }
      return radius;
    };
    // Directions anywhere, and directions on an edge give or take a few ulps (where an approximation would slip).
    const direction = fc.oneof(fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.tuple(fc.integer({ min: -18, max: 18 }), fc.integer({ min: -4, max: 4 })).map(([k, e]) => k * width + e * 1e-15));
    fc.assert(
      fc.property(fc.array(fc.tuple(direction, fc.double({ min: 0, max: 3, noNaN: true })), { minLength: 1, maxLength: 200 }), (points) => {
        const lon = Float32Array.from(points, ([a, r]) => r * Math.sin(a));
        const lat = Float32Array.from(points, ([a, r]) => r * Math.cos(a));
        expect(Array.from(ggEnvelope(lon, lat))).toEqual(Array.from(exact(lon, lat)));
      }),
      { numRuns: 200 },
    );
    expect(Array.from(ggEnvelope(new Float32Array([-0, 0, 1, -1]), new Float32Array([-1, 1, -0, 0])))).toEqual(
      Array.from(exact(new Float32Array([-0, 0, 1, -1]), new Float32Array([-1, 1, -0, 0]))),
    );
  });
});

