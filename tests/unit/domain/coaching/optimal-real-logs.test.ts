/**
 * The drivable optimal on the real sessions as the app analyses them: never above the best lap (as timed at the
 * line), that lap's own time when there is one racing lap, a whole number of ms like the lap times, and its gain
 * over the best lap explained stretch by stretch and below the bound the README derives (best lap - sum of the best
 * micro-sectors at the same gates), with every excursion off the best lap paying for its joins.
 */
import { describe, expect, it } from 'vitest';
import { joinChargeMs } from '../../../../src/domain/coaching/drivable-optimal';
import { REAL_LOGS, realSession } from '../real-sessions';

const racingBest = async (file: string) => {
  const { analysis, coaching } = await realSession(file);
  const racing = analysis.laps.filter((l) => l.kind === 'racing');
  return { coaching, racing, best: Math.min(...racing.map((l) => l.timeMs)) };
};

describe('the drivable optimal on the real logs', () => {
  it('equals the one flying lap of Road America (1:54.959, not 1:54.96 from the fixes) and of Tianma (1:15.936)', async () => {
    for (const [file, lapMs] of [
      [REAL_LOGS.roadAmerica, 114_959],
      [REAL_LOGS.tianma, 75_936],
    ] as const) {
      const { coaching, racing } = await racingBest(file);
      expect(racing).toHaveLength(1);
      expect(racing[0].timeMs).toBe(lapMs);
      expect(coaching.optimal!.bestLapMs).toBe(lapMs);
      expect(coaching.optimal!.timeMs).toBe(lapMs);
      expect(coaching.optimal!.stretches).toEqual([]);
    }
  });

  for (const [name, file, plainGainMs] of [
    ['Rustavi', REAL_LOGS.rustavi, 4037],
    ['the AiM kart', REAL_LOGS.aim, 1410],
  ] as const) {
    it(`never beats the best lap of ${name} by more than the sum of the best micro-sectors does, and explains every ms of its gain`, async () => {
      const { coaching, best } = await racingBest(file);
      const o = coaching.optimal!;
      expect(o.bestLapMs).toBe(best);
      expect(Number.isInteger(o.timeMs)).toBe(true);
      expect(o.timeMs).toBeLessThanOrEqual(best);
      const gain = best - o.timeMs;
      // The bound: no chain of micro-sectors is faster than the best of each.
      expect(gain).toBeLessThanOrEqual(best - o.sumOfBestMs);
      // Explained: the stretches' gains add up to it (to the ms it is rounded to).
      const explained = o.stretches.reduce((sum, st) => sum + st.gainMs, 0);
      expect(Math.abs(explained - gain)).toBeLessThanOrEqual(1);
      // Without the join charge the chain harvested the noise: seconds more, 56 joins on Rustavi (measured).
      expect(gain).toBeLessThan(plainGainMs - 200);
      // Every excursion off the best lap (consecutive stretches) gains more than its joins are charged at 50 km/h
      // or more (the slowest gate speed of either session's stretches' ends is above 50 km/h).
      const excursions: number[] = [];
      o.stretches.forEach((st, i) => {
        if (i > 0 && o.stretches[i - 1].toM === st.fromM) excursions[excursions.length - 1] += st.gainMs;
        else excursions.push(st.gainMs);
      });
      for (const e of excursions) expect(e).toBeGreaterThan(joinChargeMs(300));
      expect(o.stretches.every((st) => st.lapNumber !== coaching.referenceLapNumber && st.toM > st.fromM)).toBe(true);
    });
  }
});
