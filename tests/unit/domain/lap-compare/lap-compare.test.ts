import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { detectLaps } from '../../../../src/domain/detection/detect-laps';
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import { detectCorners } from '../../../../src/domain/lap-compare/corners';
import { lapCorners } from '../../../../src/domain/coaching/lap-corners';
import { lapProfile } from '../../../../src/domain/coaching/lap-profile';
import { deltaAt, deltaTime } from '../../../../src/domain/lap-compare/delta-time';
import { extractLapTrace, lapTraceByNumber, type LapTrace } from '../../../../src/domain/lap-compare/lap-trace';
import { resampleByDistance, speedVsDistance } from '../../../../src/domain/lap-compare/resample';
import { stepDistanceM } from '../../../../src/domain/geo-distance';
import { GATE_S, LAP_M, ORIGIN, gatePoints, pathPoint, sample, wavyMotion } from '../synthetic-track';

const projection = createLocalProjection(ORIGIN.lat, ORIGIN.lon);
const CORNER_1 = { from: 150, to: 150 + Math.PI * 50 };
const CORNER_2 = { from: 450 + Math.PI * 50, to: 450 + 2 * Math.PI * 50 };

/** One lap of the stadium from the start/finish line, a point every `ds` metres, timed by a speed profile v(s). */
function traceFromProfile(v: (s: number) => number, ds = 0.5): LapTrace {
  const count = Math.round(LAP_M / ds) + 1;
  const trace: LapTrace = {
    count,
    timeMs: new Float64Array(count),
    distanceM: new Float64Array(count),
    speedKmh: new Float32Array(count),
    lat: new Float64Array(count),
    lon: new Float64Array(count),
  };
  for (let k = 0; k < count; k++) {
    const s = Math.min(LAP_M, k * ds);
    const p = pathPoint(s === LAP_M ? LAP_M - 1e-9 : s);
    trace.lat[k] = projection.lat(p.y);
    trace.lon[k] = projection.lon(p.x);
    trace.speedKmh[k] = v(s) * 3.6;
    if (k > 0) {
      const prev = Math.min(LAP_M, (k - 1) * ds);
      trace.timeMs[k] = trace.timeMs[k - 1] + ((s - prev) * 1000 * (1 / v(s) + 1 / v(prev))) / 2;
      trace.distanceM[k] = trace.distanceM[k - 1] + stepDistanceM(trace.lat[k - 1], trace.lon[k - 1], trace.lat[k], trace.lon[k]);
    }
  }
  return trace;
}

describe('lap traces', () => {
  it('cut a lap exactly at its crossings: time 0 to the lap time, distance 0 to the lap length', () => {
    const positions = sample(wavyMotion(30, 6, 17, 120));
    const detection = detectLaps(positions, gatePoints(), 30);
    const lap = detection.laps[1];
    const trace = extractLapTrace(positions, lap.startMs, lap.endMs);
    expect(trace.timeMs[0]).toBe(0);
    expect(trace.distanceM[0]).toBe(0);
    expect(trace.timeMs[trace.count - 1]).toBeCloseTo(lap.timeMs, 6);
    expect(Math.abs(trace.distanceM[trace.count - 1] - LAP_M) / LAP_M).toBeLessThan(2e-3);
    for (let k = 1; k < trace.count; k++) {
      expect(trace.timeMs[k]).toBeGreaterThan(trace.timeMs[k - 1]);
      expect(trace.distanceM[k]).toBeGreaterThanOrEqual(trace.distanceM[k - 1]);
    }
  });

  it('take a device-numbered lap by its number', () => {
    const positions = sample(wavyMotion(30, 6, 17, 120));
    positions.lap.set(detectLaps(positions, gatePoints(), 30).lapOfFix);
    const trace = lapTraceByNumber(positions, 2);
    expect(trace.count).toBeGreaterThan(100);
    expect(lapTraceByNumber(positions, 99).count).toBe(0);
  });
});

describe('resampling by distance', () => {
  it('puts a sample every step and times it by the speed profile', () => {
    const trace = traceFromProfile(() => 25);
    const r = resampleByDistance(trace, 5);
    expect(r.count).toBe(Math.floor(trace.distanceM[trace.count - 1] / 5) + 1);
    for (let k = 0; k < r.count; k++) {
      expect(r.distanceM[k]).toBe(k * 5);
      // Within 0.3 %: the trace measures on the sphere (geo-distance.ts), the path is laid out on the ellipsoid.
      const expected = (k * 5 * 1000) / 25;
      expect(Math.abs(r.timeMs[k] - expected)).toBeLessThan(1 + expected * 3e-3);
      expect(r.speedKmh[k]).toBeCloseTo(90, 3);
    }
    const svd = speedVsDistance(trace, 10);
    expect(svd.distanceM.length).toBe(svd.speedKmh.length);
    expect(svd.distanceM[1]).toBe(10);
  });

  it('uses the first arrival where the car stood still', () => {
    const trace: LapTrace = {
      count: 4,
      timeMs: Float64Array.from([0, 1000, 5000, 6000]),
      distanceM: Float64Array.from([0, 10, 10, 20]),
      speedKmh: Float32Array.from([36, 0, 0, 36]),
      lat: Float64Array.from([0, 0, 0, 0]),
      lon: Float64Array.from([0, 0, 0, 0]),
    };
    const r = resampleByDistance(trace, 5);
    expect(Array.from(r.timeMs)).toEqual([0, 500, 1000, 5500, 6000]);
  });
});

describe('delta time against a reference lap', () => {
  it('is zero against itself', () => {
    const trace = traceFromProfile((s) => 20 + 10 * Math.cos(s / 50));
    const delta = deltaTime(trace, trace, { stepM: 2 });
    expect(delta.deltaMs.every((d) => Math.abs(d) < 1e-9)).toBe(true);
  });

  it('grows where the lap is slower and ends at the difference of the lap times', () => {
    const reference = traceFromProfile(() => 30);
    const lap = traceFromProfile((s) => (s >= CORNER_2.from && s <= CORNER_2.to ? 20 : 30));
    const delta = deltaTime(lap, reference, { stepM: 1 });
    const lossMs = (CORNER_2.to - CORNER_2.from) * (1000 / 20 - 1000 / 30);
    expect(Math.abs(deltaAt(delta, CORNER_2.from - 5))).toBeLessThan(20);
    expect(Math.abs(deltaAt(delta, CORNER_2.to + 5) - lossMs)).toBeLessThan(20);
    expect(delta.deltaMs[delta.deltaMs.length - 1]).toBeCloseTo(lap.timeMs[lap.count - 1] - reference.timeMs[reference.count - 1], 6);
    expect(delta.distanceM[delta.distanceM.length - 1]).toBe(reference.distanceM[reference.count - 1]);
  });

  it('always ends at the lap-time difference, whatever the two speed profiles', () => {
    fc.assert(
      fc.property(fc.double({ min: 10, max: 60, noNaN: true }), fc.double({ min: 10, max: 60, noNaN: true }), fc.double({ min: 0, max: 0.5, noNaN: true }), (a, b, wobble) => {
        const lap = traceFromProfile((s) => a * (1 + wobble * Math.sin(s / 40)), 2);
        const reference = traceFromProfile(() => b, 2);
        const delta = deltaTime(lap, reference, { stepM: 3 });
        const expected = lap.timeMs[lap.count - 1] - reference.timeMs[reference.count - 1];
        expect(delta.deltaMs[delta.deltaMs.length - 1]).toBeCloseTo(expected, 6);
        expect(delta.deltaMs[0]).toBe(0);
      }),
      { numRuns: 25 },
    );
  });

  it('is NaN beyond the end of a shorter lap when distances are not normalised', () => {
    const reference = traceFromProfile(() => 30);
    const short = extractLapTrace(
      { count: reference.count, lap: new Int32Array(reference.count), timeMs: reference.timeMs, lat: reference.lat, lon: reference.lon, speedKmh: reference.speedKmh, distanceM: reference.distanceM },
      0,
      reference.timeMs[reference.count - 1] / 2,
    );
    const delta = deltaTime(short, reference, { stepM: 10, normalise: false });
    expect(Number.isNaN(delta.deltaMs[delta.deltaMs.length - 1])).toBe(true);
    expect(delta.deltaMs[1]).toBeCloseTo(0, 6);
  });
});

describe('corner detection', () => {
  it('finds the two left-hand hairpins of the stadium with their radius and heading change', () => {
    const corners = detectCorners(traceFromProfile(() => 30));
    expect(corners.count).toBe(2);
    for (let i = 0; i < 2; i++) {
      expect(corners.direction[i]).toBe(-1);
      expect(Math.abs(corners.headingChangeDeg[i] + 180)).toBeLessThan(10);
      expect(Math.abs(corners.minRadiusM[i] - 50)).toBeLessThan(5);
    }
    const truth = [CORNER_1, CORNER_2];
    truth.forEach((c, i) => {
      expect(Math.abs(corners.startM[i] - c.from)).toBeLessThan(15);
      expect(Math.abs(corners.endM[i] - c.to)).toBeLessThan(15);
      expect(Math.abs(corners.apexM[i] - (c.from + c.to) / 2)).toBeLessThan(c.to - c.from);
    });
  });

  it('finds no corner on a straight line, and right-handers when driven the other way', () => {
    const straight: LapTrace = traceFromProfile(() => 30);
    const n = 400;
    const line: LapTrace = {
      count: n,
      timeMs: Float64Array.from({ length: n }, (_, k) => k * 100),
      distanceM: Float64Array.from({ length: n }, (_, k) => k * 3),
      speedKmh: new Float32Array(n).fill(108),
      lat: Float64Array.from({ length: n }, (_, k) => projection.lat(k * 3)),
      lon: new Float64Array(n).fill(ORIGIN.lon),
    };
    expect(detectCorners(line).count).toBe(0);
    const reversed: LapTrace = {
      ...straight,
      lat: straight.lat.slice().reverse(),
      lon: straight.lon.slice().reverse(),
    };
    const corners = detectCorners(reversed);
    expect(corners.count).toBe(2);
    expect(Array.from(corners.direction)).toEqual([1, 1]);
  });

  it('reports the minimum speed and the time lost in each corner against the reference (the corner model)', () => {
    const reference = traceFromProfile(() => 30);
    const lap = traceFromProfile((s) => (s >= CORNER_2.from && s <= CORNER_2.to ? 20 : 30));
    const corners = detectCorners(reference);
    const length = reference.distanceM[reference.count - 1];
    const report = lapCorners(lapProfile(lap, length), lapProfile(reference, length), corners);
    expect(report.count).toBe(2);
    expect(Math.abs(report.timeLostMs[0])).toBeLessThan(20);
    // The slow stretch lies inside corner 2's zone: its whole loss is that zone's.
    const lossMs = (CORNER_2.to - CORNER_2.from) * (1000 / 20 - 1000 / 30);
    expect(Math.abs(report.timeLostMs[1] - lossMs)).toBeLessThan(30);
    expect(report.lap.minSpeedKmh[0]).toBeCloseTo(108, 0);
    expect(report.lap.minSpeedKmh[1]).toBeCloseTo(72, 0);
    expect(report.reference.minSpeedKmh[1]).toBeCloseTo(108, 0);
    expect(report.lap.minSpeedM[1]).toBeGreaterThanOrEqual(report.zoneFromM[1]);
    expect(report.lap.minSpeedM[1]).toBeLessThanOrEqual(corners.endM[1]);
  });

  it('keeps the gate positions of the synthetic circuit out of the corners', () => {
    const corners = detectCorners(traceFromProfile(() => 30));
    for (let i = 0; i < corners.count; i++) {
      expect(GATE_S[1] < corners.startM[i] || GATE_S[1] > corners.endM[i]).toBe(true);
    }
  });
});
