/**
 * One consistency figure on the screen: the lap table's standard deviation and the coach's lap-time spread are the
 * same number over the same laps (the racing laps), on the real sessions. Rustavi once showed 39.04 s over every
 * lap beside 1.06 s over its 6 racing laps.
 */
import { describe, expect, it } from 'vitest';
import { REAL_LOGS, realSession } from '../real-sessions';

describe('consistency on the real logs', () => {
  for (const [name, file] of [
    ['Rustavi', REAL_LOGS.rustavi],
    ['the AiM kart', REAL_LOGS.aim],
  ] as const) {
    it(`gives ${name} one lap-time standard deviation and range, over the racing laps, in the lap table and the coach`, async () => {
      const { analysis, coaching } = await realSession(file);
      const racing = analysis.laps.filter((l) => l.kind === 'racing').map((l) => l.lapNumber);
      expect(analysis.consistency.lapNumbers).toEqual(racing);
      expect(Array.from(coaching.consistency.racingLapNumbers)).toEqual(racing);
      expect(coaching.consistency.laps).toBe(racing.length);
      expect(coaching.consistency.lapTimeStdDevMs).toBe(analysis.consistency.stdDevMs);
      expect(coaching.consistency.lapTimeRangeMs).toBe(analysis.consistency.rangeMs);
      // Rustavi's 6 racing laps (2, 3, 4, 7, 8, 9) lie within 3 s: their sd is about a second, not 39 s.
      expect(analysis.consistency.stdDevMs).toBeLessThan(2000);
    });
  }
});
