import { describe, expect, it } from 'vitest';
import { lapColor, lapColors } from '../../../../src/domain/analysis/lap-colors';
import { consistency } from '../../../../src/domain/analysis/consistency';
import { lapPositionStats } from '../../../../src/domain/analysis/lap-stats';
import { parsePositionsText } from '../../../../src/domain/parse-positions';

describe('lapColors', () => {
  it('spreads hues evenly over the laps', () => {
    expect(lapColors(4, 0)).toEqual(['hsl(0, 85%, 50%)', 'hsl(90, 85%, 50%)', 'hsl(180, 85%, 50%)', 'hsl(270, 85%, 50%)']);
  });
  it('uses a different saturation and lightness for the right-hand session', () => {
    expect(lapColor(1, 4, 1)).toBe('hsl(90, 55%, 32%)');
    expect(lapColor(1, 4, 0)).not.toBe(lapColor(1, 4, 1));
  });
  it('returns no colours for no laps', () => {
    expect(lapColors(0)).toEqual([]);
  });
});

describe('consistency', () => {
  it('is zero spread for a single lap', () => {
    expect(consistency([60000])).toEqual({ validLaps: 1, stdDevMs: 0, withinOnePercent: 1 });
  });
  it('ignores non-positive times and counts laps within 1 % of the best', () => {
    const c = consistency([60000, 60600, 60601, 0, -5, 61000]);
    expect(c.validLaps).toBe(4);
    expect(c.withinOnePercent).toBe(2);
  });
  it('is empty for no laps', () => {
    expect(consistency([])).toEqual({ validLaps: 0, stdDevMs: 0, withinOnePercent: 0 });
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
