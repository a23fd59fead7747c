/**
 * What the overlay gauges show at one session time: the lap and its running time, the last lap's time, the speed,
 * the delta to a reference lap at the same distance into the lap, which sectors of this lap are done and how they
 * went, and where the car is. Reads the fix columns with a binary search: a few microseconds a frame.
 */
import type { AccelerationColumns } from '../coaching/acceleration';
import type { LapTrace } from '../lap-compare/lap-trace';
import type { PositionColumns, SectorPerformance } from '../session-types';
import { fixIndexAt, type LapSpan } from './lap-times';

/** The part of a lap's analysis the overlay needs. */
export interface OverlayLap {
  lapNumber: number;
  timeMs: number;
  valid: boolean;
  sectors: readonly { timeMs: number; performance: SectorPerformance }[];
}

export interface OverlayValues {
  /** Lap number at this time (0: the out lap); null before the first fix or after the last. */
  lap: number | null;
  /** Time into the lap, ms. */
  lapElapsedMs: number | null;
  /** The last completed lap's time, ms. */
  lastLapMs: number | null;
  speedKmh: number | null;
  /** Distance into the lap, metres (what the map and chart cursors follow). */
  lapDistanceM: number | null;
  /** Elapsed minus the reference's time at the same distance (positive: behind). */
  deltaMs: number | null;
  /** Each sector of the current lap: its performance once done, else null. */
  sectors: (SectorPerformance | null)[];
  lat: number | null;
  lon: number | null;
  /** Lateral and longitudinal g at this time (the g-meter's dot); null without the acceleration columns. */
  lateralG: number | null;
  longitudinalG: number | null;
  /** The g of the last second, oldest first, as [lateral, longitudinal] pairs (the g-meter's trail). */
  gTrail: [number, number][];
}

/**
 * The g-meter's trail: this long, one point every GTRAIL_STEP_MS.
 * @internal Exported for its tests.
 */
export const GTRAIL_MS = 1000;
const GTRAIL_STEP_MS = 100;

const NONE: OverlayValues = { lap: null, lapElapsedMs: null, lastLapMs: null, speedKmh: null, lapDistanceM: null, deltaMs: null, sectors: [null, null, null], lat: null, lon: null, lateralG: null, longitudinalG: null, gTrail: [] };

/** The reference's time at a distance into its lap (linear between its points); null past its end. */
function referenceTimeAt(reference: LapTrace, distanceM: number): number | null {
  const n = reference.count;
  if (n < 2 || distanceM > reference.distanceM[n - 1]) return null;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (reference.distanceM[mid] <= distanceM) lo = mid;
    else hi = mid;
  }
  const d0 = reference.distanceM[lo];
  const d1 = reference.distanceM[hi];
  const f = d1 > d0 ? (distanceM - d0) / (d1 - d0) : 0;
  return reference.timeMs[lo] + f * (reference.timeMs[hi] - reference.timeMs[lo]);
}

/**
 * The gauges' values at a session time. `g`, the per-fix acceleration of the session (domain/coaching), feeds the
 * g-meter; without it the g values are null.
 */
export function overlayValuesAt(positions: PositionColumns, spans: readonly LapSpan[], laps: readonly OverlayLap[], sessionMs: number, reference: LapTrace | null, g: AccelerationColumns | null = null): OverlayValues {
  const i = fixIndexAt(positions, sessionMs);
  if (i < 0 || sessionMs > positions.timeMs[positions.count - 1]) return NONE;
  const lap = positions.lap[i];
  const span = spans.find((s) => s.lap === lap);
  const lapStart = span?.startMs ?? positions.timeMs[i];
  const startIndex = fixIndexAt(positions, lapStart);
  const j = Math.min(positions.count - 1, i + 1);
  const t0 = positions.timeMs[i];
  const t1 = positions.timeMs[j];
  const f = t1 > t0 ? Math.min(1, (sessionMs - t0) / (t1 - t0)) : 0;
  const lerp = (a: ArrayLike<number>) => a[i] + f * (a[j] - a[i]);
  const elapsed = sessionMs - lapStart;
  const lapDistanceM = lerp(positions.distanceM) - positions.distanceM[Math.max(0, startIndex)];
  const refTime = reference && lap > 0 ? referenceTimeAt(reference, lapDistanceM) : null;
  const record = laps.find((l) => l.lapNumber === lap);
  const sectors: (SectorPerformance | null)[] = [null, null, null];
  if (record && lap > 0) {
    let doneMs = 0;
    for (let k = 0; k < 3 && k < record.sectors.length; k++) {
      doneMs += record.sectors[k].timeMs;
      if (record.sectors[k].timeMs > 0 && elapsed >= doneMs) sectors[k] = record.sectors[k].performance;
    }
  }
  let last: OverlayLap | undefined;
  for (const l of laps) if (l.lapNumber > 0 && l.lapNumber < lap && l.timeMs > 0 && (!last || l.lapNumber > last.lapNumber)) last = l;
  const withG = g !== null && g.count === positions.count;
  const gTrail: [number, number][] = [];
  if (withG) {
    for (let dt = GTRAIL_MS; dt >= GTRAIL_STEP_MS; dt -= GTRAIL_STEP_MS) {
      const k = fixIndexAt(positions, sessionMs - dt);
      if (k >= 0) gTrail.push([g.lateralG[k], g.longitudinalG[k]]);
    }
  }
  return {
    lap,
    lapElapsedMs: elapsed,
    lastLapMs: last?.timeMs ?? null,
    speedKmh: lerp(positions.speedKmh),
    lapDistanceM,
    deltaMs: refTime === null ? null : elapsed - refTime,
    sectors,
    lat: lerp(positions.lat),
    lon: lerp(positions.lon),
    lateralG: withG ? lerp(g.lateralG) : null,
    longitudinalG: withG ? lerp(g.longitudinalG) : null,
    gTrail,
  };
}
