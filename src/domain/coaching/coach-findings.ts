/**
 * The coach: the corners whose zones lose the most time against a reference, each with what the driver did
 * differently there, as data (the screen words it in the user's language). Everything comes from the lap's corner
 * model (lap-corners.ts): the corner's number, zone, place, time lost and points are the ones the tables show.
 * Differences count when at least MIN_DISTANCE_M (braking and throttle points) or MIN_SPEED_KMH (minimum speed)
 * apart; a finding lists the two largest relative to those steps.
 */
import type { CornerPoints } from './corner-points';
import type { LapCorners } from './lap-corners';

const MIN_DISTANCE_M = 5;
const MIN_SPEED_KMH = 2;
const MAX_CAUSES = 2;
/** A zone losing less than this is no finding: it would read '0.00 s' (times are shown to 0.01 s). */
const MIN_LOSS_MS = 5;

/** Only differences that lose time (causesOf). */
type CoachCauseKind = 'brake-earlier' | 'slower-apex' | 'throttle-later';

interface CoachCause {
  kind: CoachCauseKind;
  /** Metres for braking and throttle points, km/h for the apex speed; always positive. */
  amount: number;
}

export interface CoachFinding {
  /** Corner number, 1-based, in driving order. */
  corner: number;
  /** The zone along the reference, metres. */
  fromM: number;
  toM: number;
  /** Where the corner is shown (its apex, as in the Corners table and on the map), reference metres. */
  apexM: number;
  /** Time lost in the zone, ms (positive). */
  timeLostMs: number;
  causes: CoachCause[];
}

/**
 * The differences that explain a loss, only: braking earlier (with no more speed at the braking point, else the
 * earlier braking only sheds the extra speed), a lower minimum speed, the throttle later. A finding is a zone that
 * loses time, so a difference that gains (braking later, a faster apex, the throttle earlier) is never named as its
 * cause: 'throttle 19 m earlier cost 0.45 s' read as advice to lift. None left: the sentence names the loss alone.
 */
function causesOf(i: number, lap: CornerPoints, reference: CornerPoints): CoachCause[] {
  const found: { cause: CoachCause; weight: number }[] = [];
  const brake = lap.brakeM[i] - reference.brakeM[i];
  const entry = lap.brakeSpeedKmh[i] - reference.brakeSpeedKmh[i];
  if (Number.isFinite(brake) && brake <= -MIN_DISTANCE_M && !(entry > MIN_SPEED_KMH)) {
    found.push({ cause: { kind: 'brake-earlier', amount: -brake }, weight: -brake / MIN_DISTANCE_M });
  }
  const speed = lap.minSpeedKmh[i] - reference.minSpeedKmh[i];
  if (Number.isFinite(speed) && speed <= -MIN_SPEED_KMH) {
    found.push({ cause: { kind: 'slower-apex', amount: -speed }, weight: -speed / MIN_SPEED_KMH });
  }
  const throttle = lap.throttleM[i] - reference.throttleM[i];
  if (Number.isFinite(throttle) && throttle >= MIN_DISTANCE_M) {
    found.push({ cause: { kind: 'throttle-later', amount: throttle }, weight: throttle / MIN_DISTANCE_M });
  }
  return found
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_CAUSES)
    .map((f) => f.cause);
}

/** The `limit` corners whose zones lose the most time (at least MIN_LOSS_MS), largest loss first. */
export function coachFindings(model: LapCorners, limit = 3): CoachFinding[] {
  const losses = model.timeLostMs;
  return Array.from({ length: model.count }, (_, i) => i)
    .filter((i) => losses[i] >= MIN_LOSS_MS)
    .sort((a, b) => losses[b] - losses[a])
    .slice(0, limit)
    .map((i) => ({
      corner: i + 1,
      fromM: model.zoneFromM[i],
      toM: model.zoneToM[i],
      apexM: model.atM[i],
      timeLostMs: losses[i],
      causes: causesOf(i, model.lap, model.reference),
    }));
}
