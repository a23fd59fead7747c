/**
 * Synthetic laps for the coaching tests: the stadium of synthetic-track.ts (two 300 m straights, 50 m-radius
 * semicircles) driven with a speed profile v(s), sampled at 25 Hz in time, so the speed and position channels are
 * exactly consistent like a real logger's.
 */
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import { stepDistanceM } from '../../../../src/domain/geo-distance';
import type { LapTrace } from '../../../../src/domain/lap-compare/lap-trace';
import { LAP_M, ORIGIN, pathPoint } from '../synthetic-track';

export { LAP_M };
const projection = createLocalProjection(ORIGIN.lat, ORIGIN.lon);

/** One lap, a fix every 40 ms: s(t) integrated from v(s) with small steps. `shiftEastM` moves the whole line. */
export function lapFromProfile(v: (s: number) => number, shiftEastM = 0): LapTrace {
  const ts: number[] = [0];
  const ss: number[] = [0];
  let s = 0;
  let t = 0;
  const dt = 0.002;
  let nextSample = 0.04;
  while (s < LAP_M) {
    s += v(s) * dt;
    t += dt;
    if (t >= nextSample - 1e-9 || s >= LAP_M) {
      ts.push(s >= LAP_M ? t - ((s - LAP_M) / v(s)) : t);
      ss.push(Math.min(s, LAP_M));
      nextSample += 0.04;
    }
  }
  const count = ss.length;
  const trace: LapTrace = {
    count,
    timeMs: new Float64Array(count),
    distanceM: new Float64Array(count),
    speedKmh: new Float32Array(count),
    lat: new Float64Array(count),
    lon: new Float64Array(count),
  };
  for (let k = 0; k < count; k++) {
    const p = pathPoint(ss[k] >= LAP_M ? LAP_M - 1e-9 : ss[k]);
    trace.timeMs[k] = ts[k] * 1000;
    trace.lat[k] = projection.lat(p.y);
    trace.lon[k] = projection.lon(p.x + shiftEastM);
    trace.speedKmh[k] = v(ss[k]) * 3.6;
    if (k > 0) trace.distanceM[k] = trace.distanceM[k - 1] + stepDistanceM(trace.lat[k - 1], trace.lon[k - 1], trace.lat[k], trace.lon[k]);
  }
  return trace;
}

/** Start and end of the two semicircles along the lap, metres. */
export const TURN_1 = { from: 150, to: 150 + Math.PI * 50 };
export const TURN_2 = { from: 450 + Math.PI * 50, to: 450 + 2 * Math.PI * 50 };

/**
 * A racing speed profile: `straightMs` on the straights, `cornerMs` through the turns, braking at `brakeMs2` m/s^2
 * into each turn (for turn 1, `earlyBrakeTurn1M` metres earlier than needed when given, then on at corner speed) and accelerating out at
 * `accelMs2`.
 */
export function racingProfile(o: { straightMs?: number; cornerMs?: number; brakeMs2?: number; accelMs2?: number; earlyBrakeTurn1M?: number } = {}) {
  const vs = o.straightMs ?? 40;
  const vc = o.cornerMs ?? 20;
  const b = o.brakeMs2 ?? 8;
  const a = o.accelMs2 ?? 4;
  const early = o.earlyBrakeTurn1M ?? 0;
  const brakeDist = (vs * vs - vc * vc) / (2 * b);
  return (s: number): number => {
    let v = vs;
    for (const [i, turn] of [TURN_1, TURN_2].entries()) {
      const start = turn.from - brakeDist - (i === 0 ? early : 0);
      if (s >= start && s < turn.from) {
        v = Math.min(v, Math.sqrt(Math.max(vc * vc, vs * vs - 2 * b * (s - start))));
      }
      if (s >= turn.from && s <= turn.to) v = Math.min(v, vc);
      if (s > turn.to) v = Math.min(v, Math.sqrt(vc * vc + 2 * a * (s - turn.to)));
    }
    // The lap starts on the bottom straight 150 m after turn 2's exit: still accelerating out of it.
    v = Math.min(v, Math.sqrt(vc * vc + 2 * a * (s + 150)));
    return Math.max(v, 1);
  };
}
