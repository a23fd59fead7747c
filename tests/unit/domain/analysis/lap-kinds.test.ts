import { describe, expect, it } from 'vitest';
import { lapKinds, type KindLap } from '../../../../src/domain/analysis/lap-kinds';
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import { detectLaps } from '../../../../src/domain/detection/detect-laps';
import { lapPositionStats } from '../../../../src/domain/analysis/lap-stats';
import type { PositionColumns } from '../../../../src/domain/session-types';
import { realSession, REAL_LOGS, type RealSession } from '../real-sessions';
import { gatePoints, LAP_M, pitStopMotion, sample } from '../synthetic-track';

const kindsOf = (s: RealSession) => Object.fromEntries(s.analysis.laps.map((l) => [l.lapNumber, l.kind]));

/** Longest run below 5 km/h inside a lap, seconds (read straight from the columns). */
function longestStopS(p: PositionColumns, from: number, to: number): number {
  let best = 0;
  let start = -1;
  for (let i = from; i < to; i++) {
    if (p.speedKmh[i] < 5) {
      if (start < 0) start = i;
      best = Math.max(best, (p.timeMs[i] - p.timeMs[start]) / 1000);
    } else start = -1;
  }
  return best;
}

/** Largest distance (m) from the fixes [from, to) to the nearest fix of [lineFrom, lineTo), by brute force. */
function furthestFromLine(p: PositionColumns, from: number, to: number, lineFrom: number, lineTo: number): number {
  const pr = createLocalProjection(p.lat[lineFrom], p.lon[lineFrom]);
  let worst = 0;
  for (let i = from; i < to; i += 5) {
    let nearest = Infinity;
    for (let j = lineFrom; j < lineTo; j++) nearest = Math.min(nearest, Math.hypot(pr.x(p.lon[i]) - pr.x(p.lon[j]), pr.y(p.lat[i]) - pr.y(p.lat[j])));
    worst = Math.max(worst, nearest);
  }
  return worst;
}

describe('what each lap was, on the real logs', () => {
  it('Rustavi: the out-lap from a standing start, the lap into the pit stop and the out-lap after it are not racing laps', async () => {
    const s = await realSession(REAL_LOGS.rustavi);
    expect(kindsOf(s)).toEqual({ 1: 'out', 2: 'racing', 3: 'racing', 4: 'racing', 5: 'in', 6: 'out', 7: 'racing', 8: 'racing', 9: 'racing', 10: 'invalid' });
    // The reasons, read from the columns: the car stood 35 s at the end of lap 5 and at the start of the session.
    const lap5 = s.analysis.laps[4];
    expect(longestStopS(s.positions, lap5.startIndex, lap5.endIndex)).toBeGreaterThan(30);
    expect(longestStopS(s.positions, 0, s.analysis.laps[0].startIndex)).toBeGreaterThan(3);
    expect(s.analysis.consistency.lapNumbers).toEqual([2, 3, 4, 7, 8, 9]);
  });

  it("Road America: the lap after the flying lap ends in the pit lane (an in-lap), while the flying lap is racing", async () => {
    const s = await realSession(REAL_LOGS.roadAmerica);
    expect(kindsOf(s)).toEqual({ 1: 'racing', 2: 'in', 3: 'invalid' });
    const [flying, inLap] = s.analysis.laps;
    const end = inLap.endIndex;
    // Its last 300 m run more than 10 m from the flying lap's line: the pit lane.
    let from = end - 1;
    while (from > inLap.startIndex && s.positions.distanceM[end - 1] - s.positions.distanceM[from] < 300) from--;
    expect(furthestFromLine(s.positions, from, end, flying.startIndex, flying.endIndex)).toBeGreaterThan(15);
    expect(furthestFromLine(s.positions, flying.startIndex, flying.endIndex, flying.startIndex, flying.endIndex)).toBe(0);
  });

  it('AiM kart: the warm-up lap and the lap with a spin are beyond 107 %, the last timed lap goes into the pits', async () => {
    const s = await realSession(REAL_LOGS.aim);
    const kinds = kindsOf(s);
    expect(kinds).toMatchObject({ 1: 'slow', 7: 'slow', 14: 'in', 15: 'invalid' });
    for (const n of [2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13]) expect(kinds[n]).toBe('racing');
    const best = Math.min(...s.analysis.laps.filter((l) => l.kind === 'racing').map((l) => l.timeMs));
    for (const l of s.analysis.laps) if (l.kind === 'slow') expect(l.timeMs).toBeGreaterThan(best * 1.07);
    expect(s.analysis.consistency.lapNumbers).toEqual([2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13]);
  });

  it('Tianma: the one flying lap is racing', async () => {
    const s = await realSession(REAL_LOGS.tianma);
    expect(kindsOf(s)).toEqual({ 1: 'racing', 2: 'invalid' });
  });
});

describe('lapKinds', () => {
  /** Laps detected on a synthetic stadium session (lap 0 before the first crossing is left out, as the app does). */
  function detected(positions: PositionColumns): KindLap[] {
    const detection = detectLaps(positions, gatePoints(), 30);
    positions.lap.set(detection.lapOfFix);
    const byNumber = new Map(detection.records.map((r) => [r.lapNumber, r]));
    return lapPositionStats(positions)
      .filter((s) => s.lapNumber > 0)
      .map((s) => ({ lapNumber: s.lapNumber, startIndex: s.startIndex, endIndex: s.endIndex, valid: byNumber.get(s.lapNumber)?.valid ?? false, timeMs: byNumber.get(s.lapNumber)?.timeMs ?? 0 }));
  }

  it('marks the lap into a pit stop as an in-lap and the lap out of it as an out-lap', () => {
    // 40 m/s laps with a 20 s stop 30 m before the line in the third lap.
    const motion = pitStopMotion(40, 3 * LAP_M - 30, 20, 7 * (LAP_M / 40) + 40);
    const positions = sample(motion);
    const laps = detected(positions);
    const kinds = lapKinds(laps, positions);
    expect(laps.length).toBeGreaterThanOrEqual(5);
    expect(kinds.slice(0, 5)).toEqual(['racing', 'racing', 'in', 'out', 'racing']);
  });

  it('marks a stop in the middle of a lap as a pit lap', () => {
    const motion = pitStopMotion(40, 2 * LAP_M + LAP_M / 2, 20, 6 * (LAP_M / 40) + 40);
    const positions = sample(motion);
    const laps = detected(positions);
    expect(lapKinds(laps, positions).slice(0, 4)).toEqual(['racing', 'racing', 'pit', 'racing']);
  });

  it('judges laps without positions by their times only: invalid and beyond 107 % of the fastest', () => {
    const lap = (lapNumber: number, timeMs: number): KindLap => ({ lapNumber, timeMs, valid: timeMs > 0, startIndex: 0, endIndex: 0 });
    expect(lapKinds([lap(1, 70_000), lap(2, 60_000), lap(3, 64_300), lap(4, 64_100), lap(5, 0)], null)).toEqual(['slow', 'racing', 'slow', 'racing', 'invalid']);
  });
});
