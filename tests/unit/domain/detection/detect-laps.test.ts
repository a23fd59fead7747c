import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { detectLaps } from '../../../../src/domain/detection/detect-laps';
import { dominantDirection } from '../../../../src/domain/detection/gate-orientation';
import { parseLapsText } from '../../../../src/domain/parse-laps';
import { serializeLaps } from '../../../../src/domain/serialize-session';
import { GATE_S, gatePoints, pitStopMotion, sample, trueCrossingsMs, wavyMotion } from '../synthetic-track';

const WIDTH = 30;

function expectWithin(actual: ArrayLike<number>, expected: number[], toleranceMs: number): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(Math.abs(actual[i] - expected[i])).toBeLessThan(toleranceMs);
}

describe('lap detection on a synthetic circuit with known crossing times', () => {
  it('reproduces every start/finish crossing, lap time and sector time within 1 ms', () => {
    const motion = wavyMotion(30, 6, 17, 200);
    const detection = detectLaps(sample(motion), gatePoints(), WIDTH);
    const sf = trueCrossingsMs(motion, GATE_S[0]);
    expect(sf.length).toBeGreaterThanOrEqual(5);
    expectWithin(detection.startFinishMs, sf, 1);

    const s1 = trueCrossingsMs(motion, GATE_S[1]);
    const s2 = trueCrossingsMs(motion, GATE_S[2]);
    const complete = detection.laps.filter((lap) => lap.complete);
    expect(complete.length).toBe(sf.length - 1);
    complete.forEach((lap, k) => {
      expect(lap.lapNumber).toBe(k + 1);
      expect(Math.abs(lap.timeMs - (sf[k + 1] - sf[k]))).toBeLessThan(1);
      expect(Math.abs(lap.sectorsMs[0] - (s1[k] - sf[k]))).toBeLessThan(1);
      expect(Math.abs(lap.sectorsMs[1] - (s2[k] - s1[k]))).toBeLessThan(1);
      expect(Math.abs(lap.sectorsMs[2] - (sf[k + 1] - s2[k]))).toBeLessThan(1);
    });
  });

  it('stays within 1 ms with lateral GPS jitter of 0.3 m', () => {
    const motion = wavyMotion(28, 5, 23, 180);
    const detection = detectLaps(sample(motion, { lateralJitterM: 0.3, seed: 42 }), gatePoints(), WIDTH);
    expectWithin(detection.startFinishMs, trueCrossingsMs(motion, GATE_S[0]), 1);
  });

  it('counts one crossing for a pit stop standing on the line with 1 m jitter, timed when the car drives off', () => {
    // Stands 0.5 m short of the line of lap 3 for 25 s while the fixes jitter 1 m across it.
    const motion = pitStopMotion(30, 3 * 914.1592653589793 - 0.5, 25, 170);
    const positions = sample(motion, { standingJitterM: 1, seed: 3 });
    const detection = detectLaps(positions, gatePoints(), WIDTH);
    const sf = trueCrossingsMs(motion, GATE_S[0]);
    expectWithin(detection.startFinishMs, sf, 1);
    // The lap through the pit stop is long, the others are not.
    const times = detection.laps.filter((l) => l.complete).map((l) => l.timeMs);
    expect(times[2]).toBeGreaterThan(25_000 + times[1]);
  });

  it('counts no extra lap from jitter across the line even when the reported speed stays high', () => {
    const motion = pitStopMotion(30, 3 * 914.1592653589793 - 0.5, 25, 170);
    const positions = sample(motion, { standingJitterM: 1, seed: 11 });
    for (let i = 0; i < positions.count; i++) if (positions.speedKmh[i] < 1) positions.speedKmh[i] = 8;
    const detection = detectLaps(positions, gatePoints(), WIDTH);
    expect(detection.startFinishMs.length).toBe(trueCrossingsMs(motion, GATE_S[0]).length);
  });

  it('times fixes without a time column as the 25 Hz sequence', () => {
    const motion = wavyMotion(30, 4, 19, 120);
    const detection = detectLaps(sample(motion, { withoutTime: true }), gatePoints(), WIDTH);
    expectWithin(detection.startFinishMs, trueCrossingsMs(motion, GATE_S[0]), 1);
  });

  it('numbers every fix by its lap: 0 before the first crossing, then one lap after another', () => {
    const motion = wavyMotion(30, 6, 17, 120);
    const positions = sample(motion);
    const detection = detectLaps(positions, gatePoints(), WIDTH);
    const crossings = detection.startFinishMs;
    expect(crossings.length).toBeGreaterThan(2);
    let passed = 0;
    let wrong = 0;
    for (let i = 0; i < positions.count; i++) {
      while (passed < crossings.length && crossings[passed] <= positions.timeMs[i]) passed++;
      if (detection.lapOfFix[i] !== passed) wrong++;
    }
    expect(wrong).toBe(0);
    expect(detection.lapOfFix[0]).toBe(0);
  });

  it('builds device records: integer times, three sectors that add up, the last lap named In Lap', () => {
    const motion = wavyMotion(30, 6, 17, 140);
    const detection = detectLaps(sample(motion), gatePoints(), WIDTH);
    const records = detection.records;
    expect(records.length).toBe(detection.laps.length);
    records.forEach((record, i) => {
      expect(Number.isInteger(record.timeMs)).toBe(true);
      expect(record.lapName).toBe(i === records.length - 1 ? 'In Lap' : `Lap ${i + 1}`);
      expect(record.maxSpeedKmh).toBeGreaterThanOrEqual(record.minSpeedKmh);
      if (detection.laps[i].complete) {
        expect(record.sectorsMs[0] + record.sectorsMs[1] + record.sectorsMs[2]).toBe(record.timeMs);
        expect(record.valid).toBe(true);
      }
    });
    expect(detection.laps.at(-1)!.complete).toBe(false);
  });

  it('gives an unclosed final lap time 0, so it is invalid and never the best lap, even after a text round trip', () => {
    const motion = wavyMotion(30, 6, 17, 140);
    const detection = detectLaps(sample(motion), gatePoints(), WIDTH);
    const last = detection.records.at(-1)!;
    expect(detection.laps.at(-1)!.complete).toBe(false);
    expect(last.timeMs).toBe(0);
    expect(last.valid).toBe(false);
    const reparsed = parseLapsText(serializeLaps(detection.records)).laps.at(-1)!;
    expect(reparsed.valid).toBe(false);
  });

  it('leaves a sector at 0 when its gate is never crossed, and works with start/finish alone', () => {
    const motion = wavyMotion(30, 6, 17, 100);
    const positions = sample(motion);
    const farGate = { lat: gatePoints()[1].lat + 0.01, lon: gatePoints()[1].lon };
    const detection = detectLaps(positions, [gatePoints()[0], farGate, gatePoints()[2]], WIDTH);
    const first = detection.records[0];
    expect(first.sectorsMs[0]).toBe(0);
    expect(first.sectorsMs[1]).toBe(0);
    expect(first.sectorsMs[2]).toBeGreaterThan(0);
    const only = detectLaps(positions, [gatePoints()[0]], WIDTH);
    expect(only.records[0].sectorsMs).toEqual([only.records[0].timeMs, 0, 0]);
  });

  it('finds nothing when the trace never passes the gate, or with no gates', () => {
    const positions = sample(wavyMotion(30, 6, 17, 60));
    const far = detectLaps(positions, [{ lat: 40, lon: -8 }], WIDTH);
    expect(far.laps).toEqual([]);
    expect(far.lapOfFix.every((l) => l === 0)).toBe(true);
    expect(detectLaps(positions, [], WIDTH).laps).toEqual([]);
  });

  it('does not count a lap driven the wrong way through the gate', () => {
    const motion = wavyMotion(30, 0, 10, 100);
    const detection = detectLaps(sample(motion), gatePoints(), WIDTH, { gateHeadingsDeg: [270] });
    expect(detection.laps).toEqual([]);
  });

  it('reproduces the crossings within 1 ms for any speed profile and sampling phase', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 12, max: 60, noNaN: true }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        fc.double({ min: 5, max: 40, noNaN: true }),
        fc.integer({ min: 0, max: 39 }),
        (base, ampShare, period, phase) => {
          const motion = wavyMotion(base, base * ampShare, period, (3.2 * 914.16) / base);
          const detection = detectLaps(sample(motion, { phaseMs: phase }), gatePoints(), WIDTH);
          expectWithin(detection.startFinishMs, trueCrossingsMs(motion, GATE_S[0]), 1);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('gate direction', () => {
  it('follows the majority of passes and ignores track driven the other way', () => {
    const east = { dx: 1, dy: 0 };
    const west = { dx: -1, dy: 0 };
    const slightlyNorth = { dx: Math.cos(0.1), dy: Math.sin(0.1) };
    const d = dominantDirection([west, east, slightlyNorth, east, west])!;
    expect(d.passes).toBe(3);
    expect(d.dx).toBeGreaterThan(0.99);
    expect(d.dy).toBeGreaterThan(0);
    expect(dominantDirection([])).toBeNull();
  });

  it('is the direction of travel at the start/finish line of the synthetic circuit, from every pass', () => {
    const positions = sample(wavyMotion(30, 6, 17, 200), { lateralJitterM: 0.3 });
    const detection = detectLaps(positions, gatePoints(), WIDTH);
    const sf = detection.gateDirections[0]!;
    expect(sf.passes).toBe(detection.startFinishMs.length);
    expect(sf.dx).toBeGreaterThan(0.9999);
    const s1 = detection.gateDirections[1]!;
    expect(s1.dx).toBeLessThan(-0.9999);
  });
});

describe('lap detection on arbitrary traces', () => {
  it('never throws, numbers fixes without going back, and gives complete laps of at least the minimum lap time', () => {
    const gate = gatePoints()[0];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: -200, max: 200, noNaN: true }), fc.double({ min: -200, max: 200, noNaN: true }), fc.double({ min: 0, max: 250, noNaN: true }), fc.boolean()), { minLength: 0, maxLength: 300 }),
        fc.integer({ min: 1, max: 60 }),
        (fixes, width) => {
          const count = fixes.length;
          const positions = {
            count,
            lap: new Int32Array(count),
            timeMs: Float64Array.from(fixes, ([, , , timed], i) => (timed ? i * 40 : NaN)),
            lat: Float64Array.from(fixes, ([, north]) => gate.lat + north / 111_000),
            lon: Float64Array.from(fixes, ([east]) => gate.lon + east / 83_000),
            speedKmh: Float32Array.from(fixes, ([, , v]) => v),
            distanceM: new Float64Array(count),
          };
          const detection = detectLaps(positions, gatePoints(), width, { minLapMs: 400 });
          for (let i = 1; i < count; i++) expect(detection.lapOfFix[i]).toBeGreaterThanOrEqual(detection.lapOfFix[i - 1]);
          for (const lap of detection.laps.filter((l) => l.complete)) expect(lap.timeMs).toBeGreaterThanOrEqual(400);
          expect(detection.records.length).toBe(detection.laps.length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
