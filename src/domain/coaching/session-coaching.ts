/**
 * Everything the coach needs from one session, computed once (in the analysis worker) after the analysis:
 * acceleration per fix, each lap's g-g envelope, the corners of the fastest lap, the drivable optimal lap and the
 * consistency figures. Results are typed columns (a 7 h session has ~360 laps and 630,000 fixes).
 *
 * Racing laps: valid laps within RACING_TIME_FRACTION of the fastest whose length is within RACING_LENGTH_FRACTION
 * of its length. Out laps, in laps, pit stops and laps cut short are left out of the optimal lap and the
 * consistency figures (they would only widen the spreads with what the driver did not try to do fast).
 */
import { fixTimesMs } from '../detection/fix-times';
import { detectCorners, type CornerColumns } from '../lap-compare/corners';
import { extractLapTrace, type LapTrace } from '../lap-compare/lap-trace';
import type { PositionColumns } from '../session-types';
import { accelerationOf, type AccelerationColumns } from './acceleration';
import { cornerPoints } from './corner-points';
import { drivableOptimal, type DrivableOptimalOptions } from './drivable-optimal';
import { DEFAULT_ENVELOPE_BINS, ggEnvelope } from './gg-envelope';
import { lapProfile } from './lap-profile';
import { sessionConsistency, type SessionConsistency } from './session-consistency';

/** Within 107 % of the fastest lap, the rule racing itself uses to tell a racing lap from one that is not. */
const RACING_TIME_FRACTION = 0.07;
const RACING_LENGTH_FRACTION = 0.05;

/** The session's laps as columns: number, fix range [start, end), valid flag and time. */
export interface CoachingLapColumns {
  count: number;
  lapNumber: Int32Array;
  startIndex: Int32Array;
  endIndex: Int32Array;
  valid: Uint8Array;
  timeMs: Float64Array;
}

export interface SessionCoaching {
  acceleration: AccelerationColumns;
  /** g-g envelope of every lap with fixes: `bins` radii per lap, laps in the order of `lapNumber`. */
  envelopes: { bins: number; lapNumber: Int32Array; radiusG: Float32Array };
  /** The fastest racing lap (corners and micro-sectors are measured along it), or -1 without one. */
  referenceLapNumber: number;
  corners: CornerColumns;
  optimal: {
    timeMs: number;
    sumOfBestMs: number;
    bestLapMs: number;
    sectorCount: number;
    boundaryM: Float64Array;
    /** Lap number each micro-sector is taken from. */
    lapNumberOfSector: Int32Array;
    trace: LapTrace;
  } | null;
  consistency: SessionConsistency & { cleanLapNumbers: Int32Array; racingLapNumbers: Int32Array };
}

export function sessionCoaching(positions: PositionColumns, laps: CoachingLapColumns, options: DrivableOptimalOptions = {}): SessionCoaching {
  const times = fixTimesMs(positions);
  const acceleration = accelerationOf({ count: positions.count, timeMs: times, lat: positions.lat, lon: positions.lon, speedKmh: positions.speedKmh });

  const withFixes: number[] = [];
  for (let i = 0; i < laps.count; i++) if (laps.endIndex[i] > laps.startIndex[i] && laps.lapNumber[i] !== 0) withFixes.push(i);
  const bins = DEFAULT_ENVELOPE_BINS;
  const radiusG = new Float32Array(withFixes.length * bins);
  withFixes.forEach((i, j) => radiusG.set(ggEnvelope(acceleration.longitudinalG, acceleration.lateralG, laps.startIndex[i], laps.endIndex[i], bins), j * bins));

  // A lap runs from its first fix to the next lap's first fix (as lapTraceByNumber cuts it).
  const traceOf = (i: number): LapTrace => extractLapTrace(positions, times[laps.startIndex[i]], times[Math.min(laps.endIndex[i], positions.count - 1)], times);
  const valid = withFixes.filter((i) => laps.valid[i] === 1 && laps.timeMs[i] > 0).map((i) => ({ i, trace: traceOf(i) }));
  let fastest = valid[0];
  for (const v of valid) if (laps.timeMs[v.i] < laps.timeMs[fastest.i]) fastest = v;
  const racing = fastest
    ? valid.filter((v) => {
        const length = v.trace.distanceM[v.trace.count - 1];
        const bestLength = fastest.trace.distanceM[fastest.trace.count - 1];
        return laps.timeMs[v.i] <= laps.timeMs[fastest.i] * (1 + RACING_TIME_FRACTION) && Math.abs(length - bestLength) <= bestLength * RACING_LENGTH_FRACTION && v.trace.count >= 2;
      })
    : [];

  const corners = detectCorners(fastest && fastest.trace.count >= 2 ? fastest.trace : { count: 0, timeMs: new Float64Array(0), distanceM: new Float64Array(0), speedKmh: new Float32Array(0), lat: new Float64Array(0), lon: new Float64Array(0) });
  const lengthM = fastest ? fastest.trace.distanceM[fastest.trace.count - 1] : 0;
  const consistencyLaps = racing.map((v) => {
    const profile = lapProfile(v.trace, lengthM);
    return { timeMs: laps.timeMs[v.i], profile, points: cornerPoints(profile, corners) };
  });
  const figures = sessionConsistency(consistencyLaps, corners);
  const optimal = drivableOptimal(
    racing.map((v) => v.trace),
    options,
  );
  return {
    acceleration,
    envelopes: { bins, lapNumber: Int32Array.from(withFixes, (i) => laps.lapNumber[i]), radiusG },
    referenceLapNumber: fastest ? laps.lapNumber[fastest.i] : -1,
    corners,
    optimal: optimal && {
      timeMs: optimal.timeMs,
      sumOfBestMs: optimal.sumOfBestMs,
      bestLapMs: optimal.bestLapMs,
      sectorCount: optimal.sectorCount,
      boundaryM: optimal.boundaryM,
      lapNumberOfSector: optimal.lapOfSector.map((j) => laps.lapNumber[racing[j].i]),
      trace: optimal.trace,
    },
    consistency: {
      ...figures,
      cleanLapNumbers: figures.cleanLaps.map((j) => laps.lapNumber[racing[j].i]),
      racingLapNumbers: Int32Array.from(racing, (v) => laps.lapNumber[v.i]),
    },
  };
}
