/**
 * Everything the coach needs from one session, computed once (in the analysis worker) after the analysis:
 * acceleration per fix, each lap's g-g envelope, the corners of the fastest lap, the drivable optimal lap and the
 * consistency figures. Results are typed columns (a 7 h session has ~360 laps and 630,000 fixes).
 *
 * Racing laps (analysis/lap-kinds.ts, the one definition of the app): out-laps, in-laps, pit laps, laps beyond
 * 107 % and laps cut short are left out of the optimal lap and the consistency figures (they would only widen the
 * spreads with what the driver did not try to do fast).
 */
import { LAP_KINDS, lapKinds } from '../analysis/lap-kinds';
import { fixTimesMsReadOnly } from '../detection/fix-times';
import { detectCorners, type CornerColumns } from '../lap-compare/corners';
import type { LapTrace } from '../lap-compare/lap-trace';
import type { PositionColumns } from '../session-types';
import { accelerationOf, type AccelerationColumns } from './acceleration';
import { cornerZones, zoneBoundaryIndices } from './corner-zones';
import { cornerMinimumSpeeds, cornerPoints, emptyPoints } from './corner-points';
import { drivableOptimal, type DrivableOptimalOptions, type OptimalTrace } from './drivable-optimal';
import { DEFAULT_ENVELOPE_BINS, ggEnvelope } from './gg-envelope';
import { LapProfileSampler, lapProfile } from './lap-profile';
import { sessionConsistency, type SessionConsistency } from './session-consistency';

/** Grid of the laps' profiles for the consistency figures, metres (minimum speeds and zone times need no finer). */
const PROFILE_STEP_M = 2;

/** The session's laps as columns: number, fix range [start, end), valid flag and time. */
export interface CoachingLapColumns {
  count: number;
  lapNumber: Int32Array;
  startIndex: Int32Array;
  endIndex: Int32Array;
  valid: Uint8Array;
  timeMs: Float64Array;
  /** Each lap's kind, its index in LAP_KINDS (analysis/lap-kinds.ts); worked out from the positions when absent. */
  kind?: Uint8Array;
}

/** The columns of some analysed laps (analysis/analyse-session.ts LapAnalysis, or anything shaped like it). */
export function coachingLapColumns(laps: readonly { lapNumber: number; startIndex: number; endIndex: number; valid: boolean; timeMs: number; kind: (typeof LAP_KINDS)[number] }[]): CoachingLapColumns {
  return {
    count: laps.length,
    lapNumber: Int32Array.from(laps, (l) => l.lapNumber),
    startIndex: Int32Array.from(laps, (l) => l.startIndex),
    endIndex: Int32Array.from(laps, (l) => l.endIndex),
    valid: Uint8Array.from(laps, (l) => (l.valid ? 1 : 0)),
    timeMs: Float64Array.from(laps, (l) => l.timeMs),
    kind: Uint8Array.from(laps, (l) => LAP_KINDS.indexOf(l.kind)),
  };
}

export interface SessionCoaching {
  acceleration: AccelerationColumns;
  /** g-g envelope of every lap with fixes: `bins` radii per lap, laps in the order of `lapNumber`. */
  envelopes: { bins: number; lapNumber: Int32Array; radiusG: Float32Array };
  /** The fastest racing lap (corners and micro-sectors are measured along it), or -1 without one. */
  referenceLapNumber: number;
  corners: CornerColumns;
  optimal: {
    /**
     * The drivable optimal, ms: the fastest lap's own time (as timed at the line, to the laps' precision) less the
     * gain the chain measured on its fixes, rounded to the ms like the lap times. So it never exceeds the best lap,
     * and with one lap it is that lap's time (the fixes' span and the timed lap differ by up to a fix interval).
     */
    timeMs: number;
    /** The stretches taken from other laps, with the lap number and the gain of each (they add up to best - optimal). */
    stretches: { lapNumber: number; fromM: number; toM: number; gainMs: number }[];
    sumOfBestMs: number;
    bestLapMs: number;
    sectorCount: number;
    boundaryM: Float64Array;
    /** Lap number each micro-sector is taken from. */
    lapNumberOfSector: Int32Array;
    /** The optimal lap with its g per sample (the chosen laps' own, blended at the joins). */
    trace: OptimalTrace;
  } | null;
  consistency: SessionConsistency & { cleanLapNumbers: Int32Array; racingLapNumbers: Int32Array };
}

export function sessionCoaching(positions: PositionColumns, laps: CoachingLapColumns, options: DrivableOptimalOptions = {}): SessionCoaching {
  const times = fixTimesMsReadOnly(positions);
  const acceleration = accelerationOf({ count: positions.count, timeMs: times, lat: positions.lat, lon: positions.lon, speedKmh: positions.speedKmh });

  const withFixes: number[] = [];
  for (let i = 0; i < laps.count; i++) if (laps.endIndex[i] > laps.startIndex[i] && laps.lapNumber[i] !== 0) withFixes.push(i);
  const bins = DEFAULT_ENVELOPE_BINS;
  const radiusG = new Float32Array(withFixes.length * bins);
  withFixes.forEach((i, j) => ggEnvelope(acceleration.longitudinalG, acceleration.lateralG, laps.startIndex[i], laps.endIndex[i], bins, radiusG.subarray(j * bins, (j + 1) * bins)));

  const lastFix = (i: number) => Math.min(laps.endIndex[i], positions.count - 1);
  const kinds = laps.kind ?? kindColumn(positions, laps);
  const racing = withFixes.filter((i) => LAP_KINDS[kinds[i]] === 'racing' && lastFix(i) > laps.startIndex[i]);
  let fastest = racing.length ? racing[0] : -1;
  for (const i of racing) if (laps.timeMs[i] < laps.timeMs[fastest]) fastest = i;
  const traces = lapsFromFixes(
    positions,
    times,
    racing.map((i) => laps.startIndex[i]),
    racing.map(lastFix),
  );
  const best = racing.indexOf(fastest);
  const corners = detectCorners(best >= 0 ? traces[best] : lapsFromFixes(positions, times, [0], [-1])[0]);
  const lengthM = best >= 0 ? traces[best].distanceM[traces[best].count - 1] : 0;
  // The fastest lap's profile in full (its braking points place the coach's zones); of every other lap only what
  // consistency reads: its minimum speed per corner and its time at the zones' boundaries.
  const gSlice = (c: Float32Array, i: number) => c.subarray(laps.startIndex[i], lastFix(i) + 1);
  const bestProfile =
    best >= 0 ? lapProfile(traces[best], lengthM, PROFILE_STEP_M, { count: traces[best].count, longitudinalG: gSlice(acceleration.longitudinalG, fastest), lateralG: gSlice(acceleration.lateralG, fastest) }) : null;
  const bestPoints = bestProfile && cornerPoints(bestProfile, corners);
  const zones = bestPoints && cornerZones(corners, bestPoints);
  // Every other lap's few figures go into columns shared by all laps (a lap's slot each, the rest of its points one
  // set of NaN columns for all): thousands of small buffers a call cost a browser more to allocate and collect than
  // the figures take to find.
  const others = racing.length;
  const gridCount = bestProfile ? bestProfile.count : 0;
  const gridTimes = new Float64Array(others * gridCount);
  const noPoints = emptyPoints(corners.count);
  const minSpeedM = new Float64Array(others * corners.count).fill(NaN);
  const minSpeedKmh = new Float32Array(others * corners.count).fill(NaN);
  const boundaries = zones && gridCount >= 2 ? zoneBoundaryIndices(zones, PROFILE_STEP_M, gridCount - 1) : new Int32Array(0);
  const consistencyLaps = racing.map((i, j) => {
    if (j === best) return { timeMs: laps.timeMs[i], profile: bestProfile!, points: bestPoints! };
    const sampler = new LapProfileSampler(traces[j], lengthM, PROFILE_STEP_M);
    // Every racing lap has the fastest lap's grid (the same length and step), so the same boundary indices.
    const timeMs = gridTimes.subarray(j * gridCount, (j + 1) * gridCount);
    for (const k of boundaries) timeMs[k] = sampler.timeMs(k);
    const slot = (column: Float64Array | Float32Array) => column.subarray(j * corners.count, (j + 1) * corners.count);
    const points = cornerMinimumSpeeds(sampler, corners, { ...noPoints, minSpeedM: slot(minSpeedM) as Float64Array, minSpeedKmh: slot(minSpeedKmh) as Float32Array });
    return { timeMs: laps.timeMs[i], profile: { count: sampler.count, stepM: PROFILE_STEP_M, timeMs }, points };
  });
  const figures = sessionConsistency(consistencyLaps, corners);
  const optimal = drivableOptimal(
    traces.map((t, j) => ({ ...t, longitudinalG: gSlice(acceleration.longitudinalG, racing[j]), lateralG: gSlice(acceleration.lateralG, racing[j]) })),
    { referenceIndex: best, ...options },
  );
  const gainMs = optimal ? Math.max(0, Math.round(optimal.bestLapMs - optimal.timeMs)) : 0;
  const optimalMs = fastest >= 0 ? laps.timeMs[fastest] - gainMs : NaN;
  return {
    acceleration,
    envelopes: { bins, lapNumber: Int32Array.from(withFixes, (i) => laps.lapNumber[i]), radiusG },
    referenceLapNumber: fastest >= 0 ? laps.lapNumber[fastest] : -1,
    corners,
    optimal: optimal && {
      timeMs: optimalMs,
      stretches: optimal.stretches.map((st) => ({ lapNumber: laps.lapNumber[racing[st.lapIndex]], fromM: st.fromM, toM: st.toM, gainMs: st.gainMs })),
      // On the timed laps' scale, like timeMs (the fixes' sum of best shifted by the same difference).
      sumOfBestMs: Math.min(optimalMs, optimal.sumOfBestMs + (laps.timeMs[fastest] - optimal.bestLapMs)),
      bestLapMs: laps.timeMs[fastest],
      sectorCount: optimal.sectorCount,
      boundaryM: optimal.boundaryM,
      lapNumberOfSector: optimal.lapOfSector.map((j) => laps.lapNumber[racing[j]]),
      trace: onTimedScale(optimal.trace, optimalMs),
    },
    consistency: {
      ...figures,
      cleanLapNumbers: figures.cleanLaps.map((j) => laps.lapNumber[racing[j]]),
      racingLapNumbers: Int32Array.from(racing, (i) => laps.lapNumber[i]),
    },
  };
}

/** The optimal lap's trace with its times stretched to end at `endMs` (the fixes' span to the timed lap; < 0.1 %). */
function onTimedScale(trace: OptimalTrace, endMs: number): OptimalTrace {
  const last = trace.timeMs[trace.count - 1];
  if (!(last > 0) || !Number.isFinite(endMs) || last === endMs) return trace;
  const scale = endMs / last;
  return { ...trace, timeMs: trace.timeMs.map((t) => t * scale) };
}

/** The laps' kinds when the caller has none (lap-kinds.ts on the same laps and positions). */
function kindColumn(positions: PositionColumns, laps: CoachingLapColumns): Uint8Array {
  const list = Array.from(laps.lapNumber, (lapNumber, i) => ({ lapNumber, startIndex: laps.startIndex[i], endIndex: laps.endIndex[i], valid: laps.valid[i] === 1, timeMs: laps.timeMs[i] }));
  return Uint8Array.from(lapKinds(list, positions), (k) => LAP_KINDS.indexOf(k));
}

/**
 * The fixes first[j]..last[j] (the next lap's first fix included, so laps tile the session) as traces from each
 * lap's start: fix for fix, so the session's acceleration columns line up with them (no interpolated end points; a
 * lap starts and ends on fixes, as the device cuts its laps). Speed and position are views of the session's columns;
 * the times and distances from the lap's start are views of two scratch columns kept between calls, since they
 * never reach the result (corners, profiles and the optimal lap's trace are new columns). Two 5 MB columns for a
 * 7 h session instead of two small buffers for each of its hundreds of laps on every call, which cost a browser
 * more to allocate and collect than the copying takes.
 */
function lapsFromFixes(positions: PositionColumns, times: Float64Array, first: readonly number[], last: readonly number[]): LapTrace[] {
  const counts = first.map((f, j) => Math.max(0, last[j] - f + 1));
  const total = counts.reduce((a, b) => a + b, 0);
  if (!traceScratch || traceScratch.timeMs.length < total) traceScratch = { timeMs: new Float64Array(total), distanceM: new Float64Array(total) };
  const scratch = traceScratch;
  let at = 0;
  return first.map((f, j) => {
    const count = counts[j];
    const t0 = times[f];
    const d0 = positions.distanceM[f];
    const timeMs = scratch.timeMs.subarray(at, at + count);
    const distanceM = scratch.distanceM.subarray(at, at + count);
    at += count;
    for (let k = 0; k < count; k++) {
      timeMs[k] = times[f + k] - t0;
      distanceM[k] = positions.distanceM[f + k] - d0;
    }
    return {
      count,
      timeMs,
      distanceM,
      speedKmh: positions.speedKmh.subarray(f, f + count),
      lat: positions.lat.subarray(f, f + count),
      lon: positions.lon.subarray(f, f + count),
    };
  });
}

let traceScratch: { timeMs: Float64Array; distanceM: Float64Array } | null = null;
