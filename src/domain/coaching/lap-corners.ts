/**
 * One model of a lap's corners against a reference: what the coach's sentences, the Corners table, the braking
 * table, the map's corner labels and the charts' focus all read, so they cannot disagree (the coach said 'Turn 9:
 * 4 km/h slower cost 0.53 s' and showed a place the Corners table called turn 8, whose turn 9 said 2 km/h and
 * 0.23 s: the two computed corners, minima and losses each their own way).
 *
 * Corner i (numbered i + 1 in driving order) is the reference's corner (detectCorners): where it is shown (`atM`, its
 * apex: where the reference's line turns tightest), its zone (corner-zones.ts: the stretch whose time it loses or
 * gains, the zones tiling the lap), the lap's and the reference's minimum speed, braking and throttle points
 * (corner-points.ts: each from the corner's own window inside its zone), and the time lost in its zone.
 */
import type { CornerColumns } from '../lap-compare/corners';
import { cornerPoints, type CornerPoints } from './corner-points';
import { cornerZones, zoneLosses } from './corner-zones';
import type { LapProfile } from './lap-profile';

export interface LapCorners {
  count: number;
  /** The reference's corners. */
  corners: CornerColumns;
  /** Where each corner is shown (table, map label, charts' cursor), reference metres: its apex. */
  atM: Float64Array;
  /** Each corner's zone, reference metres: [zoneFromM, zoneToM), tiling the lap from 0 to its end. */
  zoneFromM: Float64Array;
  zoneToM: Float64Array;
  /** Time the lap lost in each zone against the reference, ms (negative: gained); they add up to the lap's delta. */
  timeLostMs: Float64Array;
  /** Braking point, minimum speed and throttle point of the lap and of the reference in each corner. */
  lap: CornerPoints;
  reference: CornerPoints;
}

/**
 * The model from two profiles on one grid (lapProfile with the reference's length) and the reference's corners.
 * `lapPoints`, `referencePoints`: the points when already found (else found here).
 */
export function lapCorners(
  lap: LapProfile,
  reference: LapProfile,
  corners: CornerColumns,
  lapPoints: CornerPoints = cornerPoints(lap, corners),
  referencePoints: CornerPoints = cornerPoints(reference, corners),
): LapCorners {
  const n = corners.count;
  const zoneFromM = cornerZones(corners, referencePoints);
  const end = Math.max(0, (Math.min(lap.count, reference.count) - 1) * reference.stepM);
  const zoneToM = new Float64Array(n);
  for (let i = 0; i < n; i++) zoneToM[i] = i + 1 < n ? zoneFromM[i + 1] : end;
  return {
    count: n,
    corners,
    atM: Float64Array.from(corners.apexM),
    zoneFromM,
    zoneToM,
    timeLostMs: zoneLosses(lap, reference, zoneFromM),
    lap: lapPoints,
    reference: referencePoints,
  };
}
