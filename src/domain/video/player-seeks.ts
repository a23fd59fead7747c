/**
 * Where the video player puts its video, as pure functions of the session's laps, the video's frame clock and its
 * sync (the player wires them to its element): a lap's start, a cursor moved by the racer, a click on a chart or
 * the map, a frame or second step, a pause, the frame 'play lap N' stops on, and the sync fitted to the racer's marks
 * with one more at the frame on screen. Every media time returned is a frame's middle, so a seek shows that frame.
 */
import type { PositionColumns } from '../session-types';
import { seekTimeForSessionOn, stepFramesOn, stepSecondsOn, type FrameClock } from './frame-clock';
import { fitSyncFromMarks, withMark } from './hand-marks';
import { lapFrames } from './lap-frames';
import { lapTimeAtDistance, lapTimeNearPoint, sessionTimeAtLapDistance, type LapSpan } from './lap-times';
import type { VideoSync } from './video-clock';

/** What places the video in the session: the session's fixes and laps, the video's frame clock and its sync. */
export interface PlayerTimeline {
  positions: PositionColumns;
  spans: readonly LapSpan[];
  clock: FrameClock;
  sync: VideoSync;
}

/** A lap's span and the media time of its start's frame (null before the video's start); null without the lap or a sync. */
export function lapStartSeek(spans: readonly LapSpan[], clock: FrameClock, sync: VideoSync | null, lap: number): { span: LapSpan; at: number | null } | null {
  const span = spans.find((s) => s.lap === lap);
  if (!span || !sync) return null;
  return { span, at: seekTimeForSessionOn(clock, sync, span.startMs) };
}

/** The media time of the frame `distanceM` into lap `lap` (the cursor moved by the racer), or null. */
export function cursorSeekTime(timeline: PlayerTimeline, lap: number, distanceM: number): number | null {
  const span = timeline.spans.find((s) => s.lap === lap);
  const at = span ? sessionTimeAtLapDistance(timeline.positions, span, distanceM) : null;
  return at === null ? null : seekTimeForSessionOn(timeline.clock, timeline.sync, at);
}

/** A place of the lap: a distance into it (a click on a chart) or a point (a click on the map). */
export type LapPlace = { distanceM: number } | { lat: number; lon: number };

/**
 * The media time of the frame showing a place of a lap: the lap picked, else the lap shown (a racing lap), else the
 * first racing lap; null when there is no such lap or the video does not reach the place.
 */
export function placeSeekTime(timeline: PlayerTimeline, place: LapPlace, lap: { picked: number | null; shown: number; first: number | undefined }): number | null {
  const span = timeline.spans.find((s) => s.lap === (lap.picked ?? (lap.shown > 0 ? lap.shown : lap.first)));
  if (!span) return null;
  const at = 'distanceM' in place ? lapTimeAtDistance(timeline.positions, span, place.distanceM) : lapTimeNearPoint(timeline.positions, span, place.lat, place.lon);
  return at === null ? null : seekTimeForSessionOn(timeline.clock, timeline.sync, at);
}

/** A frame or second step from the media time shown, clamped to the video. */
export function stepSeekTime(clock: FrameClock, videoS: number, by: { frames: number } | { seconds: number }): number {
  return 'frames' in by ? stepFramesOn(clock, videoS, by.frames) : stepSecondsOn(clock, videoS, by.seconds);
}

/**
 * Where a pause settles: on the frame last presented while playing (`presentedS`), else on the current time's, since
 * neither currentTime nor the last frame callback need name the picture on screen on a busy machine.
 */
export function pausedSeekTime(clock: FrameClock, presentedS: number | null, currentS: number): number {
  return clock.seekTimeOf(clock.frameAt(presentedS ?? currentS));
}

/** The frame 'play lap N' stops on: the lap's last (lap-frames.ts), or null without a sync or where the video ends first. */
export function playLapStop(clock: FrameClock, sync: VideoSync | null, span: LapSpan): number | null {
  return sync ? (lapFrames(clock, sync, span)?.last ?? null) : null;
}

/** A racer's mark: the frame (its media time) showing lap `lap`'s start/finish crossing. */
export interface LapMark {
  lap: number;
  videoS: number;
}

/**
 * The marks with lap `lap`'s at the frame shown at `currentS` (replacing an earlier mark of that lap), and the sync
 * fitted to them; throws the fit's MarkFitError when they do not make one.
 */
export function syncWithMarkAt(marks: readonly LapMark[], spans: readonly LapSpan[], clock: FrameClock, lap: number, currentS: number): { sync: VideoSync & { method: 'marks' }; marks: LapMark[] } {
  const videoS = clock.seekTimeOf(clock.frameAt(currentS));
  const next = withMark(marks, { lap, videoS });
  const fitted = fitSyncFromMarks(next.map((m) => ({ videoS: m.videoS, sessionMs: spans.find((s) => s.lap === m.lap)?.startMs ?? NaN })));
  return { sync: { ...fitted, method: 'marks' }, marks: next };
}
