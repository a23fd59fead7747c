import { describe, expect, it } from 'vitest';
import { lapColor } from '../../../../src/domain/analysis/lap-colors';
import { consistency } from '../../../../src/domain/analysis/consistency';
import { lapPositionStats } from '../../../../src/domain/analysis/lap-stats';
import { parsePositionsText } from '../../../../src/domain/parse-positions';

describe('lap colours', () => {
  it('spreads hues evenly over the laps', () => {
    expect([0, 1, 2, 3].map((i) => lapColor(i, 4, 0))).toEqual(['hsl(0, 85%, 50%)', 'hsl(90, 85%, 50%)', 'hsl(180, 85%, 50%)', 'hsl(270, 85%, 50%)']);
  });
  it('uses a different saturation and lightness for the right-hand session', () => {
    expect(lapColor(1, 4, 1)).toBe('hsl(90, 55%, 32%)');
    expect(lapColor(1, 4, 0)).not.toBe(lapColor(1, 4, 1));
  });
});

describe('consistency', () => {
  const laps = (times: number[]) => times.map((timeMs, i) => ({ lapNumber: i + 1, timeMs }));
  it('is zero spread for a single lap', () => {
    expect(consistency(laps([60000]))).toEqual({ lapNumbers: [1], stdDevMs: 0, rangeMs: 0, withinOnePercent: 1 });
  });
  it('ignores non-positive times, names the laps it covers and counts laps within 1 % of the best', () => {
    const c = consistency(laps([60000, 60600, 60601, 0, -5, 61000]));
    expect(c.lapNumbers).toEqual([1, 2, 3, 6]);
    expect(c.rangeMs).toBe(1000);
    expect(c.withinOnePercent).toBe(2);
  });
  it('is empty for no laps', () => {
    expect(consistency([])).toEqual({ lapNumbers: [], stdDevMs: 0, rangeMs: NaN, withinOnePercent: 0 });
  });
});

describe('lapPositionStats', () => {
  it('computes per-lap fixes, ranges, min, max and mean speed', () => {
    const { positions } = parsePositionsText('0;0;41;-8;5\n1;40;41;-8;10\n1;80;41;-8;30\n1;120;41;-8;20\n2;160;41;-8;50\n');
    const s = lapPositionStats(positions);
    expect(s.map((x) => x.lapNumber)).toEqual([0, 1, 2]);
    expect(s[1]).toMatchObject({ fixes: 3, startIndex: 1, endIndex: 4, minSpeedKmh: 10, maxSpeedKmh: 30, averageSpeedKmh: 20 });
  });
  it('adds the step into a lap to that lap so lap distances sum to the total', () => {
    const { positions } = parsePositionsText('0;0;41;-8;5\n0;40;41.001;-8;10\n1;80;41.002;-8;30\n1;120;41.003;-8;20\n2;160;41.004;-8;50\n');
    const s = lapPositionStats(positions);
    const sum = s.reduce((a, x) => a + x.distanceM, 0);
    expect(sum).toBeCloseTo(positions.distanceM[positions.count - 1], 6);
    expect(s[1].distanceM).toBeCloseTo(positions.distanceM[3] - positions.distanceM[1], 6);
  });
});
