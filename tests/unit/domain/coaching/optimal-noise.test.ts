/**
 * The drivable optimal cannot be faked by GNSS noise: copies of one real lap, each with the noise a 25 Hz GNSS
 * logger adds, are the same lap driven again, so their drivable optimal must be that lap's time (within 0.1 %).
 *
 * The noise, as measured on the real logs in tests/fixtures (see README, "Drivable optimal"):
 * - position: white jitter of 0.05 m per axis fix to fix (Rustavi 0.046 m, AiM 0.032 m: a fix against the cubic
 *   through its four neighbours) on top of a slow wander of 0.3 m per axis with a ~5 s correlation time (the path
 *   length between fixes against the integrated Doppler speed differs by 0.09 m over 1 s, 0.31 m over 5 s and
 *   levels off at ~0.4 m from 10 s on: Rustavi; AiM 0.23 / 0.39 / 0.6 m);
 * - timing: fixes every 40 ms to within 0.01 ms on the 25 Hz logs; each copy is sampled at another phase of that
 *   clock (its fixes fall elsewhere along the track, as a lap driven again does), plus 1 ms of timestamp jitter.
 */
import { describe, expect, it } from 'vitest';
import { drivableOptimal, type CoachLap } from '../../../../src/domain/coaching/drivable-optimal';
import { stepDistanceM } from '../../../../src/domain/geo-distance';
import { lapTraceByNumber, type LapTrace } from '../../../../src/domain/lap-compare/lap-trace';
import { REAL_LOGS, realSession } from '../real-sessions';

/** Deterministic normal deviates (mulberry32 and Box-Muller): the test fails or passes the same way every run. */
function gaussian(seed: number): () => number {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

const M_PER_DEG_LAT = 111_320;

/** One copy of `lap` as another GNSS logger run would have recorded it. */
export function noisyCopy(lap: LapTrace, seed: number, noise = { whiteM: 0.05, wanderM: 0.3, wanderS: 5, timingMs: 1 }): CoachLap {
  const normal = gaussian(seed);
  const dtMs = lap.timeMs[1] - lap.timeMs[0];
  const endMs = lap.timeMs[lap.count - 1];
  const phase = ((seed * 0.6180339887) % 1) * dtMs;
  const times: number[] = [0];
  for (let t = phase || dtMs; t < endMs - 1e-6; t += dtMs) times.push(t);
  times.push(endMs);
  const n = times.length;
  const out = { count: n, timeMs: new Float64Array(n), distanceM: new Float64Array(n), speedKmh: new Float32Array(n), lat: new Float64Array(n), lon: new Float64Array(n) };
  // The original's fields at each new time (linear between its fixes).
  let j = 0;
  const mPerDegLon = M_PER_DEG_LAT * Math.cos((lap.lat[0] * Math.PI) / 180);
  // Ornstein-Uhlenbeck wander per axis, stationary with sd wanderM.
  const rho = Math.exp(-dtMs / 1000 / noise.wanderS);
  let wx = normal() * noise.wanderM;
  let wy = normal() * noise.wanderM;
  for (let i = 0; i < n; i++) {
    const t = times[i];
    while (j < lap.count - 2 && lap.timeMs[j + 1] < t) j++;
    const f = Math.max(0, Math.min(1, (t - lap.timeMs[j]) / (lap.timeMs[j + 1] - lap.timeMs[j])));
    const mix = (c: ArrayLike<number>) => c[j] + f * (c[j + 1] - c[j]);
    wx = rho * wx + Math.sqrt(1 - rho * rho) * noise.wanderM * normal();
    wy = rho * wy + Math.sqrt(1 - rho * rho) * noise.wanderM * normal();
    const ex = wx + noise.whiteM * normal();
    const ey = wy + noise.whiteM * normal();
    out.lat[i] = mix(lap.lat) + ey / M_PER_DEG_LAT;
    out.lon[i] = mix(lap.lon) + ex / mPerDegLon;
    out.speedKmh[i] = mix(lap.speedKmh);
    // The recorded time stamp jitters; the lap's ends stay its crossings.
    out.timeMs[i] = i === 0 || i === n - 1 ? t : t + noise.timingMs * normal();
    if (i > 0) out.distanceM[i] = out.distanceM[i - 1] + stepDistanceM(out.lat[i - 1], out.lon[i - 1], out.lat[i], out.lon[i]);
  }
  return out;
}

describe('the drivable optimal against GNSS noise', () => {
  for (const [name, file, lapNumber] of [
    ['Rustavi (car, 25 Hz)', REAL_LOGS.rustavi, 7],
    ['the AiM kart (20 Hz)', REAL_LOGS.aim, 12],
  ] as const) {
    it(`gives 8 noisy copies of one real lap of ${name} a drivable optimal within 0.1 % of that lap`, async () => {
      const { positions } = await realSession(file);
      const lap = lapTraceByNumber(positions, lapNumber);
      const lapMs = lap.timeMs[lap.count - 1];
      const copies = Array.from({ length: 8 }, (_, k) => noisyCopy(lap, 1000 + k));
      const o = drivableOptimal(copies)!;
      const gain = lapMs - o.timeMs;

      expect(o.bestLapMs).toBe(lapMs);
      expect(gain).toBeGreaterThanOrEqual(0);
      expect(gain).toBeLessThanOrEqual(lapMs * 0.001);
    });
  }
});
