/**
 * Automatic sync of a GoPro video from its GPMF GPS track. The fixes carry UTC (GPSU) and their media time, and the
 * session's start is its first fix's UTC instant (session-start.ts): both clocks are UTC, so a straight-line fit of
 * UTC against media time gives the camera's clock rate and, against the session's start, where the video lies in
 * the session. When that overlaps the session, the video is placed there; the camera's GPS speed cross-correlated
 * with the session's then only refines the placement (a stale GPSU, a logger whose clock is a little off), and only
 * when the speeds move enough for a correlation to mean something: a walk, a slow paddock lap or a car parked keep
 * the GPS-time placement. A session whose start is known only to the minute (a device file name) cannot be placed
 * by GPS time alone: there the speeds must match. Without usable GPSU the speed match searches the whole session.
 */
import type { GpmfGpsTrack } from '../gpmf/gps-track';
import type { PositionColumns } from '../session-types';
import { correlateSpeed } from './speed-correlation';
import { MAX_DRIFT, type VideoSync } from './video-clock';

export interface GpmfSyncResult {
  sync: VideoSync;
  /** 'gps-time': placed by GPS time (refined by the speeds when they move enough); 'speed': speed alone (no GPSU). */
  method: 'gps-time' | 'speed';
  /** Correlation of the speed curves at the answer (1 = same shape); NaN when they were not compared (too little motion). */
  score: number;
  /** True when the speed match moved a GPS-time placement. */
  refined: boolean;
}

/**
 * The sync, or why there is none: 'no-overlap' when the camera's GPS time puts the video outside the session
 * (another day, another session), 'no-match' when the speeds had to decide and do not match.
 */
export type GpmfSyncAnswer = { result: GpmfSyncResult; reason: null } | { result: null; reason: 'no-overlap' | 'no-match' };
/** What the sync needs of a session: its fixes' times and speeds (PositionColumns has them). */
export type SessionSpeed = Pick<PositionColumns, 'count' | 'timeMs' | 'speedKmh'>;

/** Search window either side of the GPSU answer: a stale GPSU, a logger clock a few seconds off. */
const GPS_TIME_WINDOW_MS = 10_000;
/** Below this correlation the speeds do not match: the video is not of this session. */
const MIN_SPEED_SCORE = 0.6;
/**
 * Below this standard deviation of the camera's speed over the part the session covers (km/h), the curve has too
 * little shape to correlate: a walk (the GoPro MAX fixture's 0-5 km/h is 1.2) finds a 'best' shift anywhere in
 * its noise. A racing lap is tens of km/h.
 */
const MIN_MOTION_KMH = 5;
/** A correlation this high is the same curve (the session logged from this camera's own GPS), even at a walk. */
const SAME_CURVE_SCORE = 0.95;

/** Rate and intercept of UTC (ms) against media time (ms) by least squares; null without two timed fixes. */
function fitGpsClock(track: GpmfGpsTrack, use: Uint8Array): { rate: number; interceptMs: number } | null {
  let n = 0;
  let sx = 0;
  let sy = 0;
  const x0 = track.videoTimeS[0] * 1000;
  const y0 = track.epochMs[0];
  for (let i = 0; i < track.count; i++) {
    if (!use[i] || !Number.isFinite(track.epochMs[i])) continue;
    n++;
    sx += track.videoTimeS[i] * 1000 - x0;
    sy += track.epochMs[i] - y0;
  }
  if (n < 2 || !Number.isFinite(y0)) return null;
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < track.count; i++) {
    if (!use[i] || !Number.isFinite(track.epochMs[i])) continue;
    const dx = track.videoTimeS[i] * 1000 - x0 - mx;
    sxx += dx * dx;
    sxy += dx * (track.epochMs[i] - y0 - my);
  }
  let rate = sxx > 0 ? sxy / sxx : 1;
  // A short clip gives no usable rate: GPSU's own jitter dominates.
  if (!(Math.abs(rate - 1) <= MAX_DRIFT)) rate = 1;
  return { rate, interceptMs: y0 + my - rate * (x0 + mx) };
}

export interface GpmfSyncOptions {
  /**
   * How much earlier than the session's first fix `sessionStartMs` may be, ms: a device session's start is known
   * from its file name, to the minute (60,000); 0 (the default) when it is the first fix's own time.
   */
  startUncertaintyMs?: number;
}

/** Standard deviation of the speeds whose session time (camera time + `offsetMs`) lies within the session. */
function speedSpreadWithin(camera: { times: number[]; speeds: number[] }, offsetMs: number, firstMs: number, lastMs: number): number {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < camera.times.length; i++) {
    const t = camera.times[i] + offsetMs;
    if (t < firstMs || t > lastMs) continue;
    n++;
    sum += camera.speeds[i];
    sumSq += camera.speeds[i] * camera.speeds[i];
  }
  return n < 2 ? 0 : Math.sqrt(Math.max(0, sumSq / n - (sum / n) ** 2));
}

/**
 * The sync of a video whose GPS track is `track` to a session starting at `sessionStartMs` (epoch ms of its first
 * fix, or up to `startUncertaintyMs` before it; NaN when unknown).
 */
export function syncFromGpmf(track: GpmfGpsTrack, positions: SessionSpeed, sessionStartMs: number, options: GpmfSyncOptions = {}): GpmfSyncAnswer {
  const noMatch = { result: null, reason: 'no-match' } as const;
  if (track.count < 2 || positions.count < 2) return noMatch;
  const anyFix = track.fix.some((f) => f >= 2);
  const use = new Uint8Array(track.count);
  for (let i = 0; i < track.count; i++) use[i] = !anyFix || track.fix[i] >= 2 ? 1 : 0;
  const clock = fitGpsClock(track, use);
  const rate = clock?.rate ?? 1;
  const camera = { times: [] as number[], speeds: [] as number[] };
  for (let i = 0; i < track.count; i++) {
    if (!use[i]) continue;
    camera.times.push(rate * track.videoTimeS[i] * 1000);
    camera.speeds.push(track.speed2dMps[i] * 3.6);
  }
  if (camera.times.length < 2) return noMatch;
  const cameraCurve = { timeMs: camera.times, speed: camera.speeds };
  const sessionCurve = { timeMs: positions.timeMs, speed: positions.speedKmh };
  const sessionFirst = positions.timeMs[0];
  const sessionLast = positions.timeMs[positions.count - 1];
  const cameraFirst = camera.times[0];
  const cameraLast = camera.times[camera.times.length - 1];
  if (!clock || !Number.isFinite(sessionStartMs)) {
    // No GPS time: the speeds alone, over every placement that overlaps the session.
    const found = correlateSpeed(cameraCurve, sessionCurve, { guessMs: (sessionFirst + sessionLast - cameraFirst - cameraLast) / 2, windowMs: (sessionLast - sessionFirst + cameraLast - cameraFirst) / 2 });
    return found && found.score >= MIN_SPEED_SCORE ? { result: { sync: { offsetMs: found.shiftMs, rate }, method: 'speed', score: found.score, refined: false }, reason: null } : noMatch;
  }
  // Session time at media time 0 by GPS time; a start known to the minute puts the first fix up to that much later,
  // so the video up to that much earlier in the session.
  const uncertaintyMs = Math.max(0, options.startUncertaintyMs ?? 0);
  const latestMs = clock.interceptMs - sessionStartMs;
  const earliestMs = latestMs - uncertaintyMs;
  if (earliestMs + cameraFirst > sessionLast + GPS_TIME_WINDOW_MS || latestMs + cameraLast < sessionFirst - GPS_TIME_WINDOW_MS) return { result: null, reason: 'no-overlap' };
  const guessMs = (earliestMs + latestMs) / 2;
  const moving = speedSpreadWithin(camera, guessMs, sessionFirst, sessionLast) >= MIN_MOTION_KMH;
  // With little motion the GPS time stands when the start is the first fix's; a start known only roughly can only
  // be placed by a curve that is the same one (the session logged from this very camera's GPS).
  if (moving || uncertaintyMs > 0) {
    const found = correlateSpeed(cameraCurve, sessionCurve, { guessMs, windowMs: GPS_TIME_WINDOW_MS + uncertaintyMs / 2 });
    const enough = moving ? MIN_SPEED_SCORE : SAME_CURVE_SCORE;
    if (found && found.score >= enough) return { result: { sync: { offsetMs: found.shiftMs, rate }, method: 'gps-time', score: found.score, refined: true }, reason: null };
  }
  if (uncertaintyMs > 0) return noMatch;
  return { result: { sync: { offsetMs: latestMs, rate }, method: 'gps-time', score: NaN, refined: false }, reason: null };
}
