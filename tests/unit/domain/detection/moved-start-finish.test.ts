import { describe, expect, it } from 'vitest';
import { detectLaps } from '../../../../src/domain/detection/detect-laps';
import { proposeStartFinish } from '../../../../src/domain/detection/propose-start-finish';
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import { syntheticSession } from '../../../helpers/synthetic-session';

/**
 * A start/finish the racer moved on the map (and saved as their circuit: a centre and a width, no heading) is
 * turned square to the traffic where it now lies, and crossings count in the trace's direction there - not the
 * proposed line's direction carried along.
 */
describe('a start/finish moved along the track', () => {
  const positions = syntheticSession({ fixes: 25 * 360, seed: 1, centre: { lat: 40.2, lon: -8.4 } }).positions;
  const proposal = proposeStartFinish(positions)!;
  const proposed = detectLaps(positions, [proposal.gate], proposal.widthM, { gateHeadingsDeg: [proposal.headingDeg] });

  /** The trace's direction of travel at fix i (unit vector east, north), from its neighbours. */
  function travelAt(i: number, origin: { lat: number; lon: number }) {
    const p = createLocalProjection(origin.lat, origin.lon);
    const dx = p.x(positions.lon[i + 2]) - p.x(positions.lon[i - 2]);
    const dy = p.y(positions.lat[i + 2]) - p.y(positions.lat[i - 2]);
    const n = Math.hypot(dx, dy);
    return { dx: dx / n, dy: dy / n };
  }

  it('takes its direction from the trace at the new place, wherever on the lap it is put', () => {
    expect(proposed.laps.filter((l) => l.complete).length).toBeGreaterThanOrEqual(3);
    const lap = proposed.laps.find((l) => l.complete)!;
    for (const share of [0.2, 0.45, 0.7]) {
      const i = Math.round(lap.firstFix + share * (lap.endFix - lap.firstFix));
      const gate = { lat: positions.lat[i], lon: positions.lon[i] };
      const moved = detectLaps(positions, [gate], proposal.widthM);
      const direction = moved.gateDirections[0]!;
      const travel = travelAt(i, gate);
      // Square to the traffic: the gate's direction is the travel's, within a few degrees.
      expect(direction.dx * travel.dx + direction.dy * travel.dy, `at ${share} of the lap`).toBeGreaterThan(Math.cos((5 * Math.PI) / 180));
      // Counted in the trace's direction: as many crossings as the proposed line's, each a lap apart.
      expect(moved.startFinishMs.length).toBeGreaterThanOrEqual(proposed.startFinishMs.length - 1);
      expect(moved.startFinishMs.length).toBeLessThanOrEqual(proposed.startFinishMs.length + 1);
      const gaps = Array.from(moved.startFinishMs).slice(1).map((t, k) => t - moved.startFinishMs[k]);
      for (const gap of gaps) expect(gap).toBeGreaterThan(0.8 * lap.timeMs);
    }
  });

  it("counts no lap where the proposed line's direction, carried to the new place, runs against the traffic", () => {
    const lap = proposed.laps.find((l) => l.complete)!;
    // Half a lap on, the track runs roughly the other way: the old heading there would count nothing (or the
    // wrong way); the trace's own direction counts every lap.
    let best = -1;
    let far = lap.firstFix;
    for (let i = lap.firstFix + 5; i < lap.endFix - 5; i++) {
      const d = travelAt(i, proposal.gate);
      const old = { dx: Math.sin((proposal.headingDeg * Math.PI) / 180), dy: Math.cos((proposal.headingDeg * Math.PI) / 180) };
      const against = -(d.dx * old.dx + d.dy * old.dy);
      if (against > best) {
        best = against;
        far = i;
      }
    }
    expect(best).toBeGreaterThan(0.9);
    const gate = { lat: positions.lat[far], lon: positions.lon[far] };
    const carried = detectLaps(positions, [gate], proposal.widthM, { gateHeadingsDeg: [proposal.headingDeg] });
    const fromTrace = detectLaps(positions, [gate], proposal.widthM);
    expect(carried.startFinishMs.length).toBe(0);
    expect(fromTrace.startFinishMs.length).toBeGreaterThanOrEqual(proposed.startFinishMs.length - 1);
  });
});
