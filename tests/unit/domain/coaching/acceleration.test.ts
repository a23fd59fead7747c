import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accelerationOf, STANDARD_G } from '../../../../src/domain/coaching/acceleration';
import { fullWindowSlopes, RESTART_EVERY, sgDerivative, sgSmooth } from '../../../../src/domain/coaching/savitzky-golay';
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';

/** A circle of radius r (m) driven at v (m/s), one fix every 40 ms; clockwise when `right`. */
function circle(r: number, v: number, seconds: number, right: boolean) {
  const count = Math.round(seconds * 25) + 1;
  const projection = createLocalProjection(45, 7);
  const track = { count, timeMs: new Float64Array(count), lat: new Float64Array(count), lon: new Float64Array(count), speedKmh: new Float32Array(count) };
  for (let i = 0; i < count; i++) {
    const t = i * 0.04;
    const a = (v / r) * t * (right ? 1 : -1);
    track.timeMs[i] = t * 1000;
    track.lat[i] = projection.lat(r * Math.cos(a));
    track.lon[i] = projection.lon(r * Math.sin(a));
    track.speedKmh[i] = v * 3.6;
  }
  return track;
}

const median = (values: ArrayLike<number>) => [...Array.from(values)].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('Savitzky-Golay filters', () => {
  it('reproduce a quadratic exactly and give its exact slope, also where the window shrinks at the ends', () => {
    const y = Float64Array.from({ length: 40 }, (_, i) => 0.5 * i * i - 3 * i + 2);
    const smooth = sgSmooth(y, 6);
    const slope = sgDerivative(y, 6);
    for (let i = 0; i < 40; i++) expect(smooth[i]).toBeCloseTo(y[i], 9);
    for (let i = 1; i < 39; i++) expect(slope[i]).toBeCloseTo(i - 3, 9);
  });

  it('reduce white noise on a flat signal', () => {
    let state = 1;
    const rnd = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32 - 0.5);
    const y = Float64Array.from({ length: 2000 }, () => rnd());
    const s = sgSmooth(y, 6);
    const sd = (a: Float64Array) => Math.sqrt(a.reduce((x, v) => x + v * v, 0) / a.length);
    expect(sd(s)).toBeLessThan(sd(y) * 0.6);
  });
});

describe('the running Savitzky-Golay slope', () => {
  it('equals the weights summed one by one to the last bits of a double, on values thousands of radians from 0 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10 }), fc.integer({ min: 0, max: 400 }), fc.double({ min: -5000, max: 5000, noNaN: true }), fc.integer({ min: 1, max: 1e6 }), (h, extra, offset, seed) => {
        // A drifting, noisy signal around `offset` (an unwrapped heading after many laps, or a speed).
        const n = 2 * h + 1 + extra;
        let state = seed;
        const noise = () => ((state = (state * 48271) % 2147483647) / 2147483647 - 0.5) * 0.01;
        const x = Float64Array.from({ length: n }, (_, i) => offset + 0.03 * i + Math.sin(i / 9) + noise());
        const exact = sgDerivative(x, h);
        // In calls of RESTART_EVERY samples, as acceleration.ts makes them: one long call carries its rounding along
        // (a 377-sample call once drifted past 1e-12 at offset 0).
        const running = new Float64Array(n);
        for (let first = h; first < n - h; first += RESTART_EVERY) {
          fullWindowSlopes(x, h, first, Math.min(n - h, first + RESTART_EVERY), running.subarray(first - h));
        }
        for (let k = h; k < n - h; k++) expect(Math.abs(running[k - h] - exact[k])).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(offset)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('acceleration from position and speed', () => {
  it('gives v^2 / r of lateral g on a circle at constant speed, and no longitudinal g', () => {
    const track = circle(50, 20, 20, true);
    const a = accelerationOf(track);
    const expected = (20 * 20) / 50 / STANDARD_G;
    expect(median(a.lateralG)).toBeCloseTo(expected, 2);
    for (let i = 0; i < a.count; i++) {
      expect(Math.abs(a.lateralG[i] - expected)).toBeLessThan(expected * 0.01);
      expect(Math.abs(a.longitudinalG[i])).toBeLessThan(1e-6);
    }
  });

  it('signs a left-hander negative and a right-hander positive', () => {
    expect(median(accelerationOf(circle(80, 25, 10, false)).lateralG)).toBeLessThan(-0.5);
    expect(median(accelerationOf(circle(80, 25, 10, true)).lateralG)).toBeGreaterThan(0.5);
  });

  it('equals v^2 / r within 1 % for any radius and speed a vehicle drives (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 15, max: 400, noNaN: true }), fc.double({ min: 5, max: 70, noNaN: true }), fc.boolean(), (r, v, right) => {
        const expected = ((right ? 1 : -1) * (v * v)) / r / STANDARD_G;
        fc.pre(Math.abs(expected) <= 4);
        const a = accelerationOf(circle(r, v, 8, right));
        return Math.abs(median(a.lateralG) - expected) <= Math.abs(expected) * 0.01 + 1e-6;
      }),
      { numRuns: 60 },
    );
  });

  it('gives dv/dt on a straight braking at a constant rate', () => {
    const count = 200;
    const projection = createLocalProjection(45, 7);
    const track = { count, timeMs: new Float64Array(count), lat: new Float64Array(count), lon: new Float64Array(count), speedKmh: new Float32Array(count) };
    for (let i = 0; i < count; i++) {
      const t = i * 0.04;
      track.timeMs[i] = t * 1000;
      track.lat[i] = projection.lat(50 * t - 3 * t * t);
      track.lon[i] = projection.lon(0);
      track.speedKmh[i] = (50 - 6 * t) * 3.6;
    }
    const a = accelerationOf(track);
    for (let i = 0; i < count; i++) {
      expect(a.longitudinalG[i]).toBeCloseTo(-6 / STANDARD_G, 3);
      expect(Math.abs(a.lateralG[i])).toBeLessThan(1e-6);
    }
  });

  it('smooths runs apart across a gap in time, and keeps standing still at 0 g lateral', () => {
    const track = circle(50, 20, 4, true);
    for (let i = 50; i < track.count; i++) track.timeMs[i] += 5000;
    const a = accelerationOf(track);
    const expected = (20 * 20) / 50 / STANDARD_G;
    expect(Math.abs(a.lateralG[49] - expected)).toBeLessThan(expected * 0.01);
    expect(Math.abs(a.lateralG[50] - expected)).toBeLessThan(expected * 0.01);
    expect(Math.abs(a.longitudinalG[50])).toBeLessThan(1e-6);
    const still = { ...track, speedKmh: new Float32Array(track.count).fill(2) };
    expect(accelerationOf(still).lateralG.every((g) => g === 0)).toBe(true);
  });
});

describe('accelerationOf with scratch columns kept between calls', () => {
  it('gives the same values for a short track after a longer one as on its own, so nothing of the earlier call shows', () => {
    const short = circle(30, 12, 4, true);
    const alone = accelerationOf(short);
    accelerationOf(circle(80, 25, 40, false));
    const after = accelerationOf(short);
    expect(Array.from(after.longitudinalG)).toEqual(Array.from(alone.longitudinalG));
    expect(Array.from(after.lateralG)).toEqual(Array.from(alone.lateralG));
  });
});
