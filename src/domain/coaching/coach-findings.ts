/**
 * The coach: the places where a lap loses the most time against a reference, each with what the driver did
 * differently there, as data (the screen words it in the user's language).
 *
 * The lap is cut into one zone per corner: from where the reference starts braking for it (or APPROACH_M before
 * its start when the reference does not brake) to where the next zone begins, so a zone holds the braking, the
 * corner and the exit onto the following straight, where a slow exit costs its time. The zones tile the lap, so
 * their losses add up to the lap's delta. The time lost in a zone is the change of the delta over it.
 * Differences count when at least MIN_DISTANCE_M (braking and throttle points) or MIN_SPEED_KMH (minimum speed)
 * apart; a finding lists the two largest relative to those steps.
 */
import type { CornerColumns } from '../lap-compare/corners';
import type { CornerPoints } from './corner-points';
import type { LapProfile } from './lap-profile';

const APPROACH_M = 50;
const MIN_DISTANCE_M = 5;
const MIN_SPEED_KMH = 2;
const MAX_CAUSES = 2;
/** A zone losing less than this is no finding: it would read '0.00 s' (times are shown to 0.01 s). */
const MIN_LOSS_MS = 5;

type CoachCauseKind = 'brake-earlier' | 'brake-later' | 'no-braking' | 'slower-apex' | 'faster-apex' | 'throttle-later' | 'throttle-earlier';

interface CoachCause {
  kind: CoachCauseKind;
  /** Metres for braking and throttle points, km/h for the apex speed; always positive (0 for no-braking). */
  amount: number;
}

export interface CoachFinding {
  /** Corner number, 1-based, in driving order. */
  corner: number;
  /** The zone along the reference, metres. */
  fromM: number;
  toM: number;
  /** Where the lap's minimum speed in the corner is (the place to show). */
  apexM: number;
  /** Time lost in the zone, ms (positive). */
  timeLostMs: number;
  causes: CoachCause[];
}

/** Start of each corner's zone along the reference, metres (non-decreasing, the first is 0). */
export function cornerZones(corners: CornerColumns, reference: CornerPoints): Float64Array {
  const starts = new Float64Array(corners.count);
  for (let i = 0; i < corners.count; i++) {
    const brake = reference.brakeM[i];
    const start = Number.isFinite(brake) ? brake : corners.startM[i] - APPROACH_M;
    starts[i] = i === 0 ? 0 : Math.max(starts[i - 1], start);
  }
  return starts;
}

/** The profile a zone's time is read from: its grid and its time at (at least) the zones' boundary indices. */
type ZoneTimes = Pick<LapProfile, 'count' | 'stepM'> & { timeMs: ArrayLike<number> };

/**
 * Grid indices of each zone's start and end ([from0, to0, from1, to1, ...]) on a grid of `stepM` whose last shared
 * index is `last`: where zoneLosses reads the two laps' times.
 */
export function zoneBoundaryIndices(zoneStartM: Float64Array, stepM: number, last: number): Int32Array {
  const n = zoneStartM.length;
  const out = new Int32Array(2 * n);
  const index = (d: number) => Math.max(0, Math.min(last, Math.round(d / stepM)));
  for (let i = 0; i < n; i++) {
    out[2 * i] = index(i === 0 ? 0 : zoneStartM[i]);
    out[2 * i + 1] = index(i + 1 < n ? zoneStartM[i + 1] : last * stepM);
  }
  return out;
}

/**
 * Time lost in every zone (ms, negative = gained): the lap's and the reference's profiles share one grid (only
 * their times at zoneBoundaryIndices are read).
 */
export function zoneLosses(lap: ZoneTimes, reference: ZoneTimes, zoneStartM: Float64Array): Float64Array {
  const n = zoneStartM.length;
  const out = new Float64Array(n);
  const last = Math.min(lap.count, reference.count) - 1;
  if (last < 1) return out.fill(NaN);
  const at = zoneBoundaryIndices(zoneStartM, reference.stepM, last);
  const delta = (k: number) => lap.timeMs[k] - reference.timeMs[k];
  for (let i = 0; i < n; i++) out[i] = delta(at[2 * i + 1]) - delta(at[2 * i]);
  return out;
}

function causesOf(i: number, lap: CornerPoints, reference: CornerPoints): CoachCause[] {
  const found: { cause: CoachCause; weight: number }[] = [];
  const brake = lap.brakeM[i] - reference.brakeM[i];
  if (Number.isFinite(brake) && Math.abs(brake) >= MIN_DISTANCE_M) {
    found.push({ cause: { kind: brake < 0 ? 'brake-earlier' : 'brake-later', amount: Math.abs(brake) }, weight: Math.abs(brake) / MIN_DISTANCE_M });
  } else if (!Number.isFinite(lap.peakBrakeG[i]) && Number.isFinite(reference.peakBrakeG[i])) {
    // No braking at all (braking begun before the start line is braking, only not placed).
    found.push({ cause: { kind: 'no-braking', amount: 0 }, weight: 1 });
  }
  const speed = lap.minSpeedKmh[i] - reference.minSpeedKmh[i];
  if (Number.isFinite(speed) && Math.abs(speed) >= MIN_SPEED_KMH) {
    found.push({ cause: { kind: speed < 0 ? 'slower-apex' : 'faster-apex', amount: Math.abs(speed) }, weight: Math.abs(speed) / MIN_SPEED_KMH });
  }
  const throttle = lap.throttleM[i] - reference.throttleM[i];
  if (Number.isFinite(throttle) && Math.abs(throttle) >= MIN_DISTANCE_M) {
    found.push({ cause: { kind: throttle > 0 ? 'throttle-later' : 'throttle-earlier', amount: Math.abs(throttle) }, weight: Math.abs(throttle) / MIN_DISTANCE_M });
  }
  return found
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_CAUSES)
    .map((f) => f.cause);
}

/** The `limit` zones losing the most time (only zones losing at least MIN_LOSS_MS), largest loss first. */
export function coachFindings(
  lap: LapProfile,
  reference: LapProfile,
  corners: CornerColumns,
  lapPoints: CornerPoints,
  referencePoints: CornerPoints,
  limit = 3,
): CoachFinding[] {
  const starts = cornerZones(corners, referencePoints);
  const losses = zoneLosses(lap, reference, starts);
  const end = (Math.min(lap.count, reference.count) - 1) * reference.stepM;
  return Array.from({ length: corners.count }, (_, i) => i)
    .filter((i) => losses[i] >= MIN_LOSS_MS)
    .sort((a, b) => losses[b] - losses[a])
    .slice(0, limit)
    .map((i) => ({
      corner: i + 1,
      fromM: starts[i],
      toM: i + 1 < corners.count ? starts[i + 1] : end,
      apexM: Number.isFinite(lapPoints.minSpeedM[i]) ? lapPoints.minSpeedM[i] : corners.apexM[i],
      timeLostMs: losses[i],
      causes: causesOf(i, lapPoints, referencePoints),
    }));
}
