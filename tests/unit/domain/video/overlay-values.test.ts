import { describe, expect, it } from 'vitest';
import { analyseSession } from '../../../../src/domain/analysis/analyse-session';
import { lapTraceByNumber } from '../../../../src/domain/lap-compare/lap-trace';
import { SectorPerformance } from '../../../../src/domain/session-types';
import { syntheticSession } from '../../../helpers/synthetic-session';
import { fixIndexAt, lapSpans } from '../../../../src/domain/video/lap-times';
import { accelerationOf } from '../../../../src/domain/coaching/acceleration';
import { GTRAIL_MS, overlayValuesAt } from '../../../../src/domain/video/overlay-values';

describe('overlay values at a session time', () => {
  const { positions, laps } = syntheticSession({ fixes: 25 * 600, seed: 5 });
  const analysis = analyseSession(laps, positions);
  const spans = lapSpans(positions);
  const lap3 = spans.find((s) => s.lap === 3)!;

  it('gives the lap, its running time, the last lap and the speed', () => {
    const v = overlayValuesAt(positions, spans, analysis.laps, lap3.startMs + 10_000, null);
    expect(v.lap).toBe(3);
    expect(v.lapElapsedMs).toBeCloseTo(10_000, 6);
    expect(v.lastLapMs).toBe(analysis.laps.find((l) => l.lapNumber === 2)!.timeMs);
    expect(v.speedKmh).toBeGreaterThan(0);
    expect(v.lapDistanceM).toBeGreaterThan(0);
    expect(v.deltaMs).toBeNull();
  });

  it('shows a sector only once the car has finished it, with its performance', () => {
    const record = analysis.laps.find((l) => l.lapNumber === 3)!;
    const early = overlayValuesAt(positions, spans, analysis.laps, lap3.startMs + 100, null);
    expect(early.sectors).toEqual([null, null, null]);
    const afterFirst = overlayValuesAt(positions, spans, analysis.laps, lap3.startMs + record.sectors[0].timeMs + 50, null);
    expect(afterFirst.sectors[0]).toBe(record.sectors[0].performance);
    expect(afterFirst.sectors[1]).toBeNull();
    expect([SectorPerformance.Best, SectorPerformance.Improved, SectorPerformance.Worse]).toContain(afterFirst.sectors[0]);
  });

  it('gives the delta to the reference lap at the same distance, zero against itself', () => {
    const self = lapTraceByNumber(positions, 3);
    const v = overlayValuesAt(positions, spans, analysis.laps, lap3.startMs + 20_000, self);
    expect(Math.abs(v.deltaMs!)).toBeLessThan(45);
    const other = lapTraceByNumber(positions, 4);
    const atEnd = overlayValuesAt(positions, spans, analysis.laps, lap3.endMs - 1, other);
    const lapTimes = analysis.laps.filter((l) => l.lapNumber === 3 || l.lapNumber === 4).map((l) => l.timeMs);
    expect(atEnd.deltaMs! === null || Math.abs(atEnd.deltaMs! - (lapTimes[0] - lapTimes[1])) < 150).toBe(true);
  });

  it('shows nothing before the first fix or after the last', () => {
    expect(overlayValuesAt(positions, spans, analysis.laps, -5, null).lap).toBeNull();
    expect(overlayValuesAt(positions, spans, analysis.laps, 1e9, null).lap).toBeNull();
  });
});

describe('the g-meter’s values', () => {
  const { positions, laps } = syntheticSession({ fixes: 25 * 120, seed: 3 });
  const analysis = analyseSession(laps, positions);
  const spans = lapSpans(positions);
  const g = accelerationOf(positions);

  it('gives the g at the time and a trail of the last second, oldest first, ending just before now', () => {
    const at = positions.timeMs[1000] + 10;
    const v = overlayValuesAt(positions, spans, analysis.laps, at, null, g);
    expect(v.lateralG).toBeCloseTo(g.lateralG[1000] + (g.lateralG[1001] - g.lateralG[1000]) * (10 / (positions.timeMs[1001] - positions.timeMs[1000])), 5);
    expect(v.gTrail).toHaveLength(GTRAIL_MS / 100);
    const oldest = fixIndexAt(positions, at - GTRAIL_MS);
    expect(v.gTrail[0]).toEqual([g.lateralG[oldest], g.longitudinalG[oldest]]);
  });

  it('leaves the g-meter empty without acceleration columns', () => {
    const v = overlayValuesAt(positions, spans, analysis.laps, positions.timeMs[1000], null);
    expect(v.lateralG).toBeNull();
    expect(v.gTrail).toEqual([]);
  });
});
