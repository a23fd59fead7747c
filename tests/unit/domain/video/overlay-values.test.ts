import { describe, expect, it } from 'vitest';
import { analyseSession } from '../../../../src/domain/analysis/analyse-session';
import { lapTraceByNumber } from '../../../../src/domain/lap-compare/lap-trace';
import { SectorPerformance } from '../../../../src/domain/session-types';
import { syntheticSession } from '../../../../src/domain/synthetic-session';
import { lapSpans } from '../../../../src/domain/video/lap-times';
import { overlayValuesAt } from '../../../../src/domain/video/overlay-values';

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
