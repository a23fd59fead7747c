/**
 * How a video's media time maps to session time. The camera's clock and the logger's clock start at different
 * moments (the offset) and tick at slightly different rates (a few tens of ppm: over 30 minutes that is more than
 * one frame), so the mapping is linear: sessionMs = offsetMs + rate x videoS x 1000. Frames are numbered from 0;
 * frame k is shown from k / fps up to (k + 1) / fps.
 */
import { DomainError } from '../errors';

export interface VideoSync {
  /** Session time (ms since the session's first fix) at the video's media time 0. */
  offsetMs: number;
  /** Session milliseconds per video millisecond (1 when the two clocks agree). */
  rate: number;
}

/** Clocks further apart than this are not a camera's drift but a wrong mark (or another video). */
export const MAX_DRIFT = 0.01;

/** The session time a video media time shows. */
export function sessionTimeAt(sync: VideoSync, videoS: number): number {
  return sync.offsetMs + sync.rate * videoS * 1000;
}

/** The video media time (seconds) that shows a session time; may be outside the video. */
export function videoTimeAt(sync: VideoSync, sessionMs: number): number {
  return (sessionMs - sync.offsetMs) / sync.rate / 1000;
}

/** Tolerance for float noise at frame boundaries (a microsecond). */
const EPSILON_S = 1e-6;

/** The frame shown at a media time (frames from 0). */
export function frameAt(videoS: number, fps: number): number {
  if (!(fps > 0)) throw new DomainError('invalid-argument', 'fps must be positive');
  return Math.floor(videoS * fps + EPSILON_S);
}

/**
 * The media time to seek to so that frame k is shown: the middle of the frame, so that a decoder rounding either
 * way still lands on it.
 */
export function seekTimeOfFrame(frame: number, fps: number): number {
  if (!(fps > 0)) throw new DomainError('invalid-argument', 'fps must be positive');
  return (Math.max(0, Math.round(frame)) + 0.5) / fps;
}
