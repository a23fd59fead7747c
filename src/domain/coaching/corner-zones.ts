/**
 * The zones of a lap's corners: one zone per corner of the reference, from where the reference starts braking for it
 * (or APPROACH_M before its start when the reference does not brake) to where the next zone begins, so a zone holds
 * the braking, the corner and the exit onto the following straight, where a slow exit costs its time. A zone never
 * starts before the previous corner's end nor after its own corner's minimum-speed window starts (searchFromM):
 * every zone holds its whole corner and the window its figures come from, and no zone is empty (AiM turns 3 and 9
 * had empty zones, their loss counted in turns 4 and 10). The zones tile the lap, so their losses add up to the
 * lap's delta; the time lost in a zone is the change of the delta over it.
 */
import type { CornerColumns } from '../lap-compare/corners';
import { searchFromM, type CornerPoints } from './corner-points';
import type { LapProfile } from './lap-profile';

/** Metres before a corner's start its zone begins when the reference does not brake for it. */
const APPROACH_M = 50;

/** Start of each corner's zone along the reference, metres (non-decreasing, the first is 0). */
export function cornerZones(corners: CornerColumns, reference: CornerPoints): Float64Array {
  const starts = new Float64Array(corners.count);
  for (let i = 0; i < corners.count; i++) {
    const brake = reference.brakeM[i];
    const start = Number.isFinite(brake) ? brake : corners.startM[i] - APPROACH_M;
    starts[i] = i === 0 ? 0 : Math.min(Math.max(start, corners.endM[i - 1]), searchFromM(corners, i));
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
