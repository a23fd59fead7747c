import { describe, expect, it } from 'vitest';
import { alignmentLine, againstLine, consistencyLines, hasSectorSum, optimalGainLine } from '../../../../../src/features/sessions/coach/coach-panel-model';
import type { LapEntry } from '../../../../../src/features/sessions/shared';

/** Echoes the key and its values, so what is asked for is seen. */
const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);
const number = (value: number, digits: number) => value.toFixed(digits);
const entry = (key: string, sharedBy?: { ownerName: string; lapTimeMs: number }) => ({ key, session: { sharedBy } }) as unknown as LapEntry;

describe("the coach panel's texts", () => {
  it('says which lap is coached against which, or against a shared lap, only for two different laps', () => {
    const label = (e: LapEntry) => `Lap ${e.key}`;
    const time = (ms: number) => `${ms} ms`;
    expect(againstLine(entry('7'), entry('5'), label, time, t)).toBe('coach.against {"lap":"Lap 5","reference":"Lap 7"}');
    expect(againstLine(entry('7', { ownerName: 'Ana', lapTimeMs: 60000 }), entry('5'), label, time, t)).toBe('coach.againstShared {"lap":"Lap 5","reference":"Ana","time":"60000 ms"}');
    expect(againstLine(entry('5'), entry('5'), label, time, t)).toBeNull();
    expect(againstLine(null, entry('5'), label, time, t)).toBeNull();
  });

  it('shows a sum of sectors only for a circuit that has sectors', () => {
    expect(hasSectorSum(57_000)).toBe(true);
    expect(hasSectorSum(0)).toBe(false);
    expect(hasSectorSum(Number.NaN)).toBe(false);
  });

  it("names the optimal lap's gain and where it comes from", () => {
    expect(optimalGainLine({ stretches: [], bestLapMs: 1, timeMs: 1 }, number, t)).toBe('coach.optimalNoGain');
    const line = optimalGainLine({ stretches: [{ lapNumber: 3, fromM: 100, toM: 250, gainMs: 120 }] as never, bestLapMs: 60_000, timeMs: 59_500 }, number, t);
    expect(line).toContain('"count":1');
    expect(line).toContain('"gain":"0.50"');
    expect(line).toContain('coach.optimalStretch {\\"lap\\":3,\\"from\\":\\"100\\",\\"to\\":\\"250\\",\\"gain\\":\\"0.12\\"}');
  });

  it("says how far the lines were apart, and the consistency's lines", () => {
    expect(alignmentLine({ eastM: 3, northM: 4, rmsBeforeM: 5.2, rmsAfterM: 1.1 } as never, true, 'Lap 5', number, t)).toBe('coach.aligned {"lap":"Lap 5","shift":"5.0","before":"5.2","after":"1.1"}');
    const lines = consistencyLines({ laps: 4, lapTimeRangeMs: 1500, lapTimeStdDevMs: 500, cleanLapNumbers: [2, 3], cornerMinSpeedStdDevKmh: Float32Array.from([1.25]) } as never, number, t);
    expect(lines.spread).toBe('coach.lapSpread: coach.lapSpreadValue {"range":"1.50","sd":"0.50","laps":4}');
    expect(lines.clean).toBe('coach.cleanLaps: coach.cleanLapsValue {"count":2,"laps":4,"list":"2, 3"}');
    expect(lines.corners).toBe('coach.cornerSpread: 1: 1.3');
    expect(consistencyLines({ laps: 1, lapTimeRangeMs: 0, lapTimeStdDevMs: 0, cleanLapNumbers: [], cornerMinSpeedStdDevKmh: [] } as never, number, t).corners).toBe('');
  });
});
