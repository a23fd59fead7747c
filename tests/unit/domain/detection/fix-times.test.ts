import { describe, expect, it } from 'vitest';
import { fixTimesMs, fixTimesMsReadOnly } from '../../../../src/domain/detection/fix-times';
import type { PositionColumns } from '../../../../src/domain/session-types';

const positions = (timeMs: number[]) => ({ count: timeMs.length, timeMs: Float64Array.from(timeMs) }) as unknown as PositionColumns;

describe('fixTimesMsReadOnly', () => {
  it('returns the session time column itself when every fix has a time, equal to the fixTimesMs copy', () => {
    const p = positions([0, 40, 80, 120]);
    const times = fixTimesMsReadOnly(p);
    expect(times).toBe(p.timeMs);
    expect(Array.from(times)).toEqual(Array.from(fixTimesMs(p)));
  });

  it('fills the missing times as fixTimesMs does when some fix has none', () => {
    const p = positions([0, NaN, 80, NaN]);
    const times = fixTimesMsReadOnly(p);
    expect(times).not.toBe(p.timeMs);
    expect(Array.from(times)).toEqual([0, 40, 80, 120]);
  });
});
