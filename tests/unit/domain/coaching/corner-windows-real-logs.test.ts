/**
 * Each corner's minimum speed comes from its own stretch of track: neighbouring corners repeated each other's
 * (AiM 9 and 10 both 43 / 47 km/h, Rustavi 1 and 2 both 69 / 67) because their search windows overlapped.
 */
import { describe, expect, it } from 'vitest';
import { cornerPoints } from '../../../../src/domain/coaching/corner-points';
import { lapProfile } from '../../../../src/domain/coaching/lap-profile';
import { detectCorners } from '../../../../src/domain/lap-compare/corners';
import { lapTraceByNumber } from '../../../../src/domain/lap-compare/lap-trace';
import { REAL_LOGS, realSession } from '../real-sessions';

describe('corner figures from their own zone on the real logs', () => {
  for (const [name, file, refLap, lapNumber] of [
    ['Rustavi', REAL_LOGS.rustavi, 7, 3],
    ['the AiM kart', REAL_LOGS.aim, 12, 11],
  ] as const) {
    it(`places every corner's minimum speed of ${name} after the previous corner's end and before its own end, never at a neighbour's`, async () => {
      const { positions } = await realSession(file);
      const ref = lapTraceByNumber(positions, refLap);
      const corners = detectCorners(ref);
      const length = ref.distanceM[ref.count - 1];
      for (const trace of [ref, lapTraceByNumber(positions, lapNumber)]) {
        const points = cornerPoints(lapProfile(trace, length, 1), corners);
        for (let i = 0; i < corners.count; i++) {
          expect(points.minSpeedM[i]).toBeLessThanOrEqual(corners.endM[i] + 1);
          if (i > 0) {
            expect(points.minSpeedM[i]).toBeGreaterThanOrEqual(corners.endM[i - 1] - 1);
            expect(points.minSpeedM[i]).not.toBe(points.minSpeedM[i - 1]);
          }
        }
      }
    });
  }
});
