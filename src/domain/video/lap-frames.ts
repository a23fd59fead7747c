/**
 * One rule for which frame starts a lap, shared by the player, the 'play lap' stop and the export, so that a lap's
 * first frame reads the same everywhere. A frame is on screen over [its start, the next frame's start); the frame
 * on screen when the car crosses start/finish (the lap's first fix lies in that interval) is the lap's FIRST frame,
 * and it is labelled with the lap already: 'LAP N 00:00.00'. Every other frame is labelled with the session time at
 * its own start. A lap's last frame is the one before the next lap's first. (Before this rule the export labelled
 * its first frame by the frame's start, still the lap before: 'LAP 1 02:26.86', where the player read the middle.)
 */
import type { FrameClock } from './frame-clock';
import type { LapSpan } from './lap-times';
import { sessionTimeAt, videoTimeAt, type VideoSync } from './video-clock';

/**
 * The session time a frame is labelled with, from the session times at its start and at its end (the next frame's
 * start): the start of a lap that begins inside the frame, else the frame's start. `spans` in session order.
 */
export function frameLabelTime(spans: readonly LapSpan[], frameStartMs: number, frameEndMs: number): number {
  // The first span starting after the frame's start (binary search: spans are in time order).
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].startMs <= frameStartMs) lo = mid + 1;
    else hi = mid;
  }
  const next = spans[lo];
  return next && next.startMs < frameEndMs ? next.startMs : frameStartMs;
}

/** The session time the frame shown at a media time is labelled with (the frame's start, or a lap start inside it). */
export function labelTimeAt(clock: FrameClock, sync: VideoSync, spans: readonly LapSpan[], videoS: number): number {
  const frame = clock.frameAt(videoS);
  return frameLabelTime(spans, sessionTimeAt(sync, clock.startOf(frame)), sessionTimeAt(sync, clock.startOf(frame + 1)));
}

/** The frame on screen at a session time: the frame a lap starting then starts on (null before the video's start). */
function frameOfSessionTime(clock: FrameClock, sync: VideoSync, sessionMs: number): number | null {
  const videoS = videoTimeAt(sync, sessionMs);
  return videoS < 0 ? null : clock.frameAt(videoS);
}

/**
 * A lap's first and last frame: from the frame on screen at its start to the frame before the one on screen at its
 * end (the next lap's first); null when the video does not reach the lap.
 */
export function lapFrames(clock: FrameClock, sync: VideoSync, span: LapSpan): { first: number; last: number } | null {
  const endS = videoTimeAt(sync, span.endMs);
  if (endS <= 0) return null;
  const first = frameOfSessionTime(clock, sync, span.startMs) ?? 0;
  // A lap that runs past the video's end ends on its last frame.
  const last = endS >= clock.startOf(clock.count) ? clock.count - 1 : clock.frameAt(endS) - 1;
  return last >= first ? { first, last } : null;
}

/**
 * Whether a frame (its start and end, seconds) belongs to the media window [startS, endS) of an export by the same
 * rule: from the frame on screen at `startS` to the one before the frame on screen at `endS`. `toVideoEnd` takes
 * every frame up to the video's last (a window that reaches the video's end: no next frame to stop before).
 */
export function frameInWindow(frameStartS: number, frameEndS: number, startS: number, endS: number, toVideoEnd = false): boolean {
  const EPS = 1e-6;
  if (frameEndS <= startS + EPS) return false;
  return toVideoEnd ? frameStartS < endS : frameEndS <= endS + EPS;
}
