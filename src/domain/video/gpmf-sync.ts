/**
 * Automatic sync of a GoPro video from its GPMF GPS track. The fixes carry UTC (GPSU) and their media time, so a
 * straight-line fit of UTC against media time gives the camera's clock rate and, against the session's UTC start,
 * the offset to within the camera's GPSU error (a stale first GPSU, a session start known to the second). The
 * speed curves then fix it to within a frame: the camera's GPS speed against the session's, cross-correlated.
 * Without usable GPSU the speed match searches the whole session.
 */
import type { GpmfGpsTrack } from '../gpmf/gps-track';
import type { PositionColumns } from '../session-types';
import { correlateSpeed } from './speed-correlation';
import { MAX_DRIFT, type VideoSync } from './video-clock';

export interface GpmfSyncResult {
  sync: VideoSync;
  /** 'gps-time': GPSU then speed; 'speed': speed alone (no usable GPSU). */
  method: 'gps-time' | 'speed';
  /** Correlation of the speed curves at the answer (1 = same shape). */
  score: number;
}

/** What the sync needs of a session: its fixes' times and speeds (PositionColumns has them). */
export type SessionSpeed = Pick<PositionColumns, 'count' | 'timeMs' | 'speedKmh'>;

/** Search window either side of the GPSU answer: the first GPSU is often seconds stale, the session start whole. */
const GPS_TIME_WINDOW_MS = 10_000;
/** Below this correlation the speeds do not match: the video is not of this session. */
const MIN_SPEED_SCORE = 0.6;

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

/**
 * The sync of a video whose GPS track is `track` to a session starting at `sessionStartMs` (epoch ms; NaN when
 * unknown). Null when the speeds never match (another session, another day, no GPS fix in the video).
 */
export function syncFromGpmf(track: GpmfGpsTrack, positions: SessionSpeed, sessionStartMs: number, options: GpmfSyncOptions = {}): GpmfSyncResult | null {
  if (track.count < 2 || positions.count < 2) return null;
  const anyFix = track.fix.some((f) => f >= 2);
  const use = new Uint8Array(track.count);
  for (let i = 0; i < track.count; i++) use[i] = !anyFix || track.fix[i] >= 2 ? 1 : 0;
  const clock = fitGpsClock(track, use);
  const rate = clock?.rate ?? 1;
  const cameraTimes: number[] = [];
  const cameraSpeeds: number[] = [];
  for (let i = 0; i < track.count; i++) {
    if (!use[i]) continue;
    cameraTimes.push(rate * track.videoTimeS[i] * 1000);
    cameraSpeeds.push(track.speed2dMps[i] * 3.6);
  }
  const sessionFirst = positions.timeMs[0];
  const sessionLast = positions.timeMs[positions.count - 1];
  const videoSpanMs = (cameraTimes[cameraTimes.length - 1] ?? 0) - (cameraTimes[0] ?? 0);
  const timed = clock !== null && Number.isFinite(sessionStartMs);
  // A start known to the minute puts the first fix up to a minute after it: the GPS-time answer is that much late.
  const uncertaintyMs = Math.max(0, options.startUncertaintyMs ?? 0);
  const guessMs = timed ? clock.interceptMs - sessionStartMs - uncertaintyMs / 2 : (sessionFirst + sessionLast - videoSpanMs) / 2;
  const windowMs = timed ? GPS_TIME_WINDOW_MS + uncertaintyMs / 2 : (sessionLast - sessionFirst + videoSpanMs) / 2;
  const found = correlateSpeed({ timeMs: cameraTimes, speed: cameraSpeeds }, { timeMs: positions.timeMs, speed: positions.speedKmh }, { guessMs, windowMs });
  if (!found || !(found.score >= MIN_SPEED_SCORE)) return null;
  return { sync: { offsetMs: found.shiftMs, rate }, method: timed ? 'gps-time' : 'speed', score: found.score };
}
