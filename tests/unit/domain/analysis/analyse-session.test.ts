import { describe, expect, it } from 'vitest';
import { analyseSession } from '../../../../src/domain/analysis/analyse-session';
import { SectorPerformance, type LapRecord, type PositionColumns } from '../../../../src/domain/session-types';
import { parsePositionsText } from '../../../../src/domain/parse-positions';

function lap(lapNumber: number, sectorsMs: [number, number, number], extra: Partial<LapRecord> = {}): LapRecord {
  const timeMs = extra.timeMs ?? sectorsMs[0] + sectorsMs[1] + sectorsMs[2];
  return { lapNumber, lapName: `Lap ${lapNumber}`, timeMs, sectorsMs, maxSpeedKmh: 100, minSpeedKmh: 40, valid: timeMs > 0, ...extra };
}

describe('analyseSession', () => {
  const laps = [
    lap(1, [20000, 21000, 22000], { maxSpeedKmh: 101, minSpeedKmh: 41 }), // 63000
    lap(2, [19500, 21500, 21000], { maxSpeedKmh: 105.5, minSpeedKmh: 39.5 }), // 62000
    lap(3, [0, 0, 0], { timeMs: 0 }), // invalid
    lap(4, [19800, 20500, 21500]), // 61800
    lap(5, [19600, 20900, 22500], { lapName: 'In Lap' }), // 63000
  ];
  const a = analyseSession(laps, null, 0);

  it('totals only the valid laps', () => {
    expect(a.validLaps).toBe(4);
    expect(a.totalTimeMs).toBe(63000 + 62000 + 61800 + 63000);
    expect(a.averageLapMs).toBe((63000 + 62000 + 61800 + 63000) / 4);
    expect(a.minSpeedKmh).toBe(39.5);
    expect(a.maxSpeedKmh).toBe(105.5);
  });

  it('finds the best lap, the best sectors and the optimal lap', () => {
    expect(a.bestLapMs).toBe(61800);
    expect(a.bestLapNumber).toBe(4);
    expect(a.bestSectorsMs).toEqual([19500, 20500, 21000]);
    expect(a.optimalLapMs).toBe(61000);
    expect(a.laps.map((l) => l.bestLap)).toEqual([false, false, false, true, false]);
  });

  it('rates each sector Best, Improved (vs the previous valid lap) or Worse', () => {
    const perf = a.laps.map((l) => l.sectors.map((s) => s.performance));
    const { Best: B, Improved: I, Worse: W } = SectorPerformance;
    expect(perf[0]).toEqual([W, W, W]); // first lap: nothing to improve on
    expect(perf[1]).toEqual([B, W, B]);
    expect(perf[2]).toEqual([W, W, W]); // invalid
    expect(perf[3]).toEqual([W, B, W]); // compared with lap 2 (lap 3 invalid): 19800 > 19500, 21500 > 21000
    expect(perf[4]).toEqual([I, W, W]); // vs lap 4: 19600 < 19800, 20900 > 20500, 22500 > 21500
  });

  it('flags best sectors and keeps invalid laps without flags', () => {
    expect(a.laps[1].sectors.map((s) => s.bestSector)).toEqual([true, false, true]);
    expect(a.laps[2].valid).toBe(false);
    expect(a.laps[2].bestLap).toBe(false);
    expect(a.laps[2].sectors.every((s) => !s.bestSector)).toBe(true);
  });

  it('computes consistency over the racing laps (here every valid lap: all within 107 % of the best)', () => {
    expect(a.laps.map((l) => l.kind)).toEqual(['racing', 'racing', 'invalid', 'racing', 'racing']);
    expect(a.consistency.lapNumbers).toEqual([1, 2, 4, 5]);
    expect(a.consistency.withinOnePercent).toBe(2); // 61800 and 62000 (<= 62418)
    const times = [63000, 62000, 61800, 63000];
    const mean = times.reduce((x, y) => x + y) / 4;
    const sd = Math.sqrt(times.reduce((x, t) => x + (t - mean) ** 2, 0) / 3);
    expect(a.consistency.stdDevMs).toBeCloseTo(sd, 9);
  });

  it('gives every lap a colour of the session scheme, with hues spread evenly', () => {
    expect(a.laps.map((l) => l.color)).toEqual(['hsl(0, 85%, 50%)', 'hsl(72, 85%, 50%)', 'hsl(144, 85%, 50%)', 'hsl(216, 85%, 50%)', 'hsl(288, 85%, 50%)']);
    const right = analyseSession(laps, null, 1);
    expect(right.laps[0].color).toBe('hsl(0, 55%, 32%)');
  });

  it('ignores lap 0 and sorts laps by number', () => {
    const b = analyseSession([laps[1], lap(0, [1, 1, 1]), laps[0]], null);
    expect(b.laps.map((l) => l.lapNumber)).toEqual([1, 2]);
  });

  it('returns NaN bests and zero totals when no lap is valid', () => {
    const b = analyseSession([lap(1, [0, 0, 0], { timeMs: -1 })], null);
    expect(b.validLaps).toBe(0);
    expect(b.totalTimeMs).toBe(0);
    expect(b.bestLapMs).toBeNaN();
    expect(b.optimalLapMs).toBeNaN();
    expect(b.bestLapNumber).toBeNull();
  });

  it('adds distance, average speed and fix ranges from the positions', () => {
    const text = ['0;0;41;-8;10', '1;40;41.0001;-8;20', '1;80;41.0002;-8;40', '2;120;41.0003;-8;60', '2;160;41.0004;-8;80'].join('\n');
    const positions: PositionColumns = parsePositionsText(text).positions;
    const b = analyseSession([lap(1, [1, 1, 1]), lap(2, [1, 1, 1])], positions);
    expect(b.laps[0].startIndex).toBe(1);
    expect(b.laps[0].endIndex).toBe(3);
    expect(b.laps[0].averageSpeedKmh).toBeCloseTo(30, 9);
    expect(b.laps[1].averageSpeedKmh).toBeCloseTo(70, 9);
    const step = positions.distanceM[1];
    expect(b.laps[0].distanceM).toBeCloseTo(2 * step, 6);
    expect(b.laps[1].distanceM).toBeCloseTo(positions.distanceM[4] - positions.distanceM[2], 6);
  });
});

describe('analyseSession on a huge laps file', () => {
  it('handles 300,000 laps without overflowing the stack', () => {
    const many: LapRecord[] = Array.from({ length: 300_000 }, (_, k) => lap(k + 1, [1000 + (k % 7), 1000, 1000]));
    const a = analyseSession(many, null);
    expect(a.validLaps).toBe(300_000);
    expect(a.bestLapMs).toBe(3000);
    expect(a.consistency.lapNumbers.length).toBe(300_000);
    // A test of size, not of speed: ~2.5 s in Node on a loaded 2-core machine, over 20 s inside Vitest at load 13.
  }, 90_000);
});
