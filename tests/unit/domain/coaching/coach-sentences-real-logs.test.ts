/**
 * The coach's sentences name only differences that explain the loss, on every pair of racing laps of the real
 * sessions: 'throttle 19 m earlier ... cost 0.45 s' and '6 km/h faster at the apex and braking 9 m earlier cost
 * 0.05 s' named gains as the causes of a loss.
 */
import { describe, expect, it } from 'vitest';
import { coachFindings } from '../../../../src/domain/coaching/coach-findings';
import { lapCorners } from '../../../../src/domain/coaching/lap-corners';
import { cornerPoints } from '../../../../src/domain/coaching/corner-points';
import { lapProfile } from '../../../../src/domain/coaching/lap-profile';
import { detectCorners } from '../../../../src/domain/lap-compare/corners';
import { lapTraceByNumber } from '../../../../src/domain/lap-compare/lap-trace';
import { REAL_LOGS, realSession } from '../real-sessions';

describe('the coach’s causes on the real logs', () => {
  for (const [name, file] of [
    ['Rustavi', REAL_LOGS.rustavi],
    ['the AiM kart', REAL_LOGS.aim],
  ] as const) {
    it(`names, for every racing lap of ${name} against every other, only a later throttle, a lower minimum speed or earlier braking without more entry speed`, async () => {
      const { positions, analysis } = await realSession(file);
      const traces = analysis.laps.filter((l) => l.kind === 'racing').map((l) => lapTraceByNumber(positions, l.lapNumber));
      let causes = 0;
      for (const ref of traces) {
        const length = ref.distanceM[ref.count - 1];
        const corners = detectCorners(ref);
        const refProfile = lapProfile(ref, length, 1);
        const refPoints = cornerPoints(refProfile, corners);
        for (const lap of traces) {
          if (lap === ref) continue;
          const profile = lapProfile(lap, length, 1);
          const points = cornerPoints(profile, corners);
          for (const f of coachFindings(lapCorners(profile, refProfile, corners, points, refPoints))) {
            expect(f.timeLostMs).toBeGreaterThan(0);
            const i = f.corner - 1;
            for (const c of f.causes) {
              causes++;
              if (c.kind === 'brake-earlier') {
                expect(points.brakeM[i]).toBeLessThan(refPoints.brakeM[i]);
                expect(points.brakeSpeedKmh[i]).toBeLessThanOrEqual(refPoints.brakeSpeedKmh[i] + 2);
              } else if (c.kind === 'slower-apex') expect(points.minSpeedKmh[i]).toBeLessThan(refPoints.minSpeedKmh[i]);
              else expect(points.throttleM[i]).toBeGreaterThan(refPoints.throttleM[i]);
              expect(['brake-earlier', 'slower-apex', 'throttle-later']).toContain(c.kind);
            }
          }
        }
      }
      expect(causes).toBeGreaterThan(10);
    });
  }
});
