import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coachFindings } from '../../../../src/domain/coaching/coach-findings';
import { cornerZones, zoneBoundaryIndices, zoneLosses } from '../../../../src/domain/coaching/corner-zones';
import { lapCorners } from '../../../../src/domain/coaching/lap-corners';
import { BRAKING_G, cornerMinimumSpeeds, cornerPoints } from '../../../../src/domain/coaching/corner-points';
import { LapProfileSampler, lapProfile, type LapProfile } from '../../../../src/domain/coaching/lap-profile';
import { sessionConsistency } from '../../../../src/domain/coaching/session-consistency';
import { detectCorners, type CornerColumns } from '../../../../src/domain/lap-compare/corners';
import { lapFromProfile, racingProfile, TURN_1, TURN_2 } from './coaching-track';

const reference = lapFromProfile(racingProfile());
const length = reference.distanceM[reference.count - 1];
const corners = detectCorners(reference);
const profileOf = (trace: typeof reference) => lapProfile(trace, length);

describe('braking and throttle points', () => {
  it('find where braking starts, the minimum speed and where the throttle comes back, in both turns', () => {
    expect(corners.count).toBe(2);
    const p = cornerPoints(profileOf(reference), corners);
    // Braking from 40 to 20 m/s at 8 m/s^2 takes 75 m before each turn; the smoothing window (17 fixes at 40 m/s:
    // +-12.8 m) spreads its onset.
    expect(p.brakeM[0]).toBeGreaterThan(TURN_1.from - 75 - 13);
    expect(p.brakeM[0]).toBeLessThan(TURN_1.from - 75 + 5);
    expect(p.brakeM[1]).toBeGreaterThan(TURN_2.from - 75 - 13);
    expect(p.brakeM[1]).toBeLessThan(TURN_2.from - 75 + 5);
    expect(p.peakBrakeG[0]).toBeGreaterThan(BRAKING_G);
    for (let i = 0; i < 2; i++) {
      expect(p.minSpeedKmh[i]).toBeCloseTo(72, 0);
      expect(p.brakeSpeedKmh[i]).toBeGreaterThan(135);
    }
    // Acceleration resumes at the turns' exits (the speed stays at 20 m/s through them), placed within the
    // smoothing window (17 fixes at 20 m/s: +-6.4 m) and a few metres more.
    expect(p.throttleM[0]).toBeGreaterThan(TURN_1.to - 12);
    expect(p.throttleM[0]).toBeLessThan(TURN_1.to + 12);
    expect(p.throttleM[1]).toBeGreaterThan(TURN_2.to - 12);
    expect(p.throttleM[1]).toBeLessThan(TURN_2.to + 12);
  });

  it('report no braking for a corner taken flat out', () => {
    const flat = lapFromProfile(() => 20);
    const p = cornerPoints(profileOf(flat), corners);
    expect(Number.isNaN(p.brakeM[0])).toBe(true);
    expect(Number.isNaN(p.throttleM[0])).toBe(true);
    expect(p.minSpeedKmh[0]).toBeCloseTo(72, 0);
  });
});

/** A profile on a 1 m grid from a longitudinal g per metre, the speed integrated from it (v dv = a ds). */
function gProfile(g: (d: number) => number, startKmh: number, count = 300): LapProfile {
  const p: LapProfile = {
    stepM: 1,
    count,
    distanceM: new Float64Array(count),
    speedKmh: new Float32Array(count),
    longitudinalG: new Float32Array(count),
    lateralG: new Float32Array(count),
    timeMs: new Float64Array(count),
  };
  let v = startKmh / 3.6;
  for (let k = 0; k < count; k++) {
    p.distanceM[k] = k;
    p.longitudinalG[k] = g(k);
    p.speedKmh[k] = v * 3.6;
    if (k > 0) p.timeMs[k] = p.timeMs[k - 1] + 1000 / v;
    v = Math.sqrt(Math.max(1, v * v + 2 * g(k) * 9.80665));
  }
  return p;
}

const oneTurn: CornerColumns = {
  count: 1,
  startM: Float64Array.of(150),
  apexM: Float64Array.of(180),
  endM: Float64Array.of(210),
  direction: Int8Array.of(1),
  headingChangeDeg: Float64Array.of(90),
  minRadiusM: Float64Array.of(40),
};

describe('the braking point of the first turn, near the start line', () => {
  it('is where the brakes go on, not where a lift off the throttle begun before the line started to slow the car', () => {
    // A lift at 0.18 g (drag at 170 km/h) from the line, then braking at 1 g from 40 m to the turn, then power.
    const p = gProfile((d) => (d < 40 ? -0.18 : d < 170 ? -1 : 0.3), 172);
    const points = cornerPoints(p, oneTurn);
    expect(points.brakeM[0]).toBeGreaterThanOrEqual(38);
    expect(points.brakeM[0]).toBeLessThanOrEqual(40);
    expect(points.brakeBeforeStart[0]).toBe(0);
  });

  it('is not made up when the lap was already braking at its first metre: no point, marked as begun before the line', () => {
    const p = gProfile((d) => (d < 120 ? -0.6 : d < 170 ? -0.3 : 0.3), 172);
    const points = cornerPoints(p, oneTurn);
    expect(Number.isNaN(points.brakeM[0])).toBe(true);
    expect(points.brakeBeforeStart[0]).toBe(1);
    expect(points.peakBrakeG[0]).toBeCloseTo(0.6, 5);
    // Against a reference that braked on the lap: braking, only not placed, so neither 'no braking' nor a distance.
    const ref = gProfile((d) => (d < 40 ? -0.05 : d < 170 ? -0.8 : 0.3), 160);
    const findings = coachFindings(lapCorners(p, ref, oneTurn, points, cornerPoints(ref, oneTurn)));
    for (const f of findings) for (const c of f.causes) expect(['no-braking', 'brake-earlier', 'brake-later']).not.toContain(c.kind);
  });
});

describe('the coach', () => {
  it('names the turn where the lap brakes 20 m early and what it cost, first', () => {
    const early = lapFromProfile(racingProfile({ earlyBrakeTurn1M: 20 }));
    const lapP = profileOf(early);
    const refP = profileOf(reference);
    const findings = coachFindings(lapCorners(lapP, refP, corners, cornerPoints(lapP, corners), cornerPoints(refP, corners)));
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings[0].corner).toBe(1);
    const lost = early.timeMs[early.count - 1] - reference.timeMs[reference.count - 1];
    expect(findings[0].timeLostMs).toBeGreaterThan(lost * 0.9);
    expect(findings[0].timeLostMs).toBeLessThan(lost * 1.1);
    expect(findings[0].causes[0].kind).toBe('brake-earlier');
    expect(findings[0].causes[0].amount).toBeGreaterThan(15);
    expect(findings[0].causes[0].amount).toBeLessThan(25);
    expect(findings[0].fromM).toBeLessThan(TURN_1.from);
    expect(findings[0].toM).toBeGreaterThan(TURN_1.to);
  });

  it('names a slower apex, and lists at most three places, each losing time', () => {
    const slow = lapFromProfile(racingProfile({ cornerMs: 17 }));
    const lapP = profileOf(slow);
    const refP = profileOf(reference);
    const findings = coachFindings(lapCorners(lapP, refP, corners, cornerPoints(lapP, corners), cornerPoints(refP, corners)));
    expect(findings.length).toBeLessThanOrEqual(3);
    for (const f of findings) expect(f.timeLostMs).toBeGreaterThan(0);
    expect(findings[0].causes.some((c) => c.kind === 'slower-apex' && c.amount > 9 && c.amount < 12)).toBe(true);
    // The zones tile the lap: their losses add up to the lap's delta.
    const zones = cornerZones(corners, cornerPoints(refP, corners));
    const losses = zoneLosses(lapP, refP, zones);
    const total = lapP.timeMs[lapP.count - 1] - refP.timeMs[refP.count - 1];
    expect(losses.reduce((a, b) => a + b, 0)).toBeCloseTo(total, 6);
  });

  it('has nothing to say about a lap against itself', () => {
    const p = profileOf(reference);
    expect(coachFindings(lapCorners(p, p, corners, cornerPoints(p, corners), cornerPoints(p, corners)))).toEqual([]);
  });
});

describe('consistency', () => {
  it('gives the lap-time spread, the minimum-speed spread per corner and the clean laps', () => {
    const laps = [racingProfile(), racingProfile({ cornerMs: 19.8 }), racingProfile({ earlyBrakeTurn1M: 60 }), racingProfile({ cornerMs: 20.2 })].map(lapFromProfile);
    const input = laps.map((trace) => {
      const profile = profileOf(trace);
      return { timeMs: trace.timeMs[trace.count - 1], profile, points: cornerPoints(profile, corners) };
    });
    const c = sessionConsistency(input, corners);
    const times = input.map((l) => l.timeMs);
    expect(c.laps).toBe(4);
    expect(c.lapTimeRangeMs).toBeCloseTo(Math.max(...times) - Math.min(...times), 6);
    expect(c.lapTimeStdDevMs).toBeGreaterThan(0);
    expect(c.cornerMinSpeedMeanKmh[0]).toBeCloseTo(72, 0);
    expect(c.cornerMinSpeedStdDevKmh[0]).toBeGreaterThan(0.3);
    expect(c.cornerMinSpeedStdDevKmh[0]).toBeLessThan(1.5);
    // Braking 60 m early loses more than 0.3 s in turn 1: that lap is not clean; the others are.
    expect(Array.from(c.cleanLaps)).toEqual([0, 1, 3]);
  });
});

describe('consistency from the few samples it needs', () => {
  const laps = [racingProfile({ cornerMs: 20.2 }), racingProfile({ earlyBrakeTurn1M: 60 }), racingProfile({ cornerMs: 20.7 })].map(lapFromProfile);

  it('reads a lap\'s speed and time at a grid index exactly as its full profile has them', () => {
    for (const trace of laps) {
      const full = lapProfile(trace, length, 2);
      const sampler = new LapProfileSampler(trace, length, 2);
      expect(sampler.count).toBe(full.count);
      for (let k = full.count - 1; k >= 0; k -= 7) {
        expect(sampler.speedKmh(k)).toBe(full.speedKmh[k]);
        expect(sampler.timeMs(k)).toBe(full.timeMs[k]);
      }
    }
  });

  it('reads a lap\'s time at any grid index, in any order, as its full profile has it, also where the lap stood still (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 20, noNaN: true })), { minLength: 2, maxLength: 80 }), fc.double({ min: 5, max: 900, noNaN: true }), (steps, lengthM) => {
        // Steps of 0 m: fixes where the lap stood still (equal distances, time going on).
        const count = steps.length;
        const trace = { count, timeMs: new Float64Array(count), distanceM: new Float64Array(count), speedKmh: new Float32Array(count), lat: new Float64Array(count), lon: new Float64Array(count) };
        for (let i = 1; i < count; i++) {
          trace.timeMs[i] = trace.timeMs[i - 1] + 40;
          trace.distanceM[i] = trace.distanceM[i - 1] + steps[i];
        }
        const full = lapProfile(trace, lengthM, 2);
        const sampler = new LapProfileSampler(trace, lengthM, 2);
        for (let k = full.count - 1; k >= 0; k -= 3) expect(sampler.timeMs(k)).toBe(full.timeMs[k]);
        for (let k = 0; k < full.count; k += 5) expect(sampler.timeMs(k)).toBe(full.timeMs[k]);
      }),
      { numRuns: 300 },
    );
  });

  it('finds the same minimum speeds per corner as the braking and throttle points do', () => {
    for (const trace of laps) {
      const points = cornerPoints(lapProfile(trace, length, 2), corners);
      const minima = cornerMinimumSpeeds(new LapProfileSampler(trace, length, 2), corners);
      expect(Array.from(minima.minSpeedKmh)).toEqual(Array.from(points.minSpeedKmh));
      expect(Array.from(minima.minSpeedM)).toEqual(Array.from(points.minSpeedM));
    }
  });

  it('gives the same figures when the other laps carry only their times at the zone boundaries', () => {
    // The fastest first: it is the reference of the zones, and the one lap kept in full.
    const all = [reference, ...laps].sort((a, b) => a.timeMs[a.count - 1] - b.timeMs[b.count - 1]);
    const fullInput = all.map((trace) => {
      const profile = lapProfile(trace, length, 2);
      return { timeMs: trace.timeMs[trace.count - 1], profile, points: cornerPoints(profile, corners) };
    });
    const zones = cornerZones(corners, fullInput[0].points);
    const sparseInput = all.map((trace, j) => {
      if (j === 0) return fullInput[0];
      const sampler = new LapProfileSampler(trace, length, 2);
      const timeMs = new Float64Array(sampler.count).fill(NaN);
      for (const k of zoneBoundaryIndices(zones, 2, Math.min(sampler.count, fullInput[0].profile.count) - 1)) timeMs[k] = sampler.timeMs(k);
      return { timeMs: fullInput[j].timeMs, profile: { count: sampler.count, stepM: 2, timeMs }, points: cornerMinimumSpeeds(sampler, corners) };
    });
    const figures = sessionConsistency(fullInput, corners);
    expect(figures.cleanLaps.length).toBeGreaterThan(1);
    expect(sessionConsistency(sparseInput, corners)).toEqual(figures);
  });
});

