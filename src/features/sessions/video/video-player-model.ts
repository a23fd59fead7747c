/**
 * The video player's model as pure functions of the session, the video's row, its frame clock and sync
 * (video-player.tsx only wires them to the element and lays the controls out): where a cursor moved by the racer or
 * a click on a chart or the map puts the video, where a pause settles, where 'play lap N' stops, the marks' sync
 * and the sync's sentence.
 */
import type { VideoRow } from '../../../data/services';
import type { PositionColumns } from '../../../domain/session-types';
import { seekTimeForSessionOn, type FrameClock } from '../../../domain/video/frame-clock';
import { fitSyncFromMarks, withMark } from '../../../domain/video/hand-marks';
import { lapFrames } from '../../../domain/video/lap-frames';
import { lapTimeAtDistance, lapTimeNearPoint, sessionTimeAtLapDistance, type LapSpan } from '../../../domain/video/lap-times';
import type { VideoSync } from '../../../domain/video/video-clock';
import type { VideoSeekRequest } from './seek-request';

/** What places the video in the session: its fixes and laps, its frame clock and its sync. */
export interface PlayerTimeline {
  positions: PositionColumns;
  spans: readonly LapSpan[];
  clock: FrameClock;
  sync: VideoSync;
}

/** The media time showing `distanceM` into the lap `lap` (by session time, on a frame), or null. */
export function cursorSeekTime(timeline: PlayerTimeline, lap: number, distanceM: number): number | null {
  const span = timeline.spans.find((s) => s.lap === lap);
  const at = span ? sessionTimeAtLapDistance(timeline.positions, span, distanceM) : null;
  return at === null ? null : seekTimeForSessionOn(timeline.clock, timeline.sync, at);
}

/**
 * The media time a click on a chart (a distance) or on the map (a point) shows: that place of the lap picked, else
 * of the lap shown, else of the first lap; null when there is no such lap or the video does not hold it.
 */
export function requestSeekTime(timeline: PlayerTimeline, request: VideoSeekRequest, lap: { picked: number | null; shown: number; first: number | undefined }): number | null {
  const span = timeline.spans.find((s) => s.lap === (lap.picked ?? (lap.shown > 0 ? lap.shown : lap.first)));
  if (!span) return null;
  const at = 'distanceM' in request ? lapTimeAtDistance(timeline.positions, span, request.distanceM) : lapTimeNearPoint(timeline.positions, span, request.lat, request.lon);
  return at === null ? null : seekTimeForSessionOn(timeline.clock, timeline.sync, at);
}

/** The media time of a lap's start (on a frame), with its span; null when the lap is not there or there is no sync. */
export function lapStartSeek(spans: readonly LapSpan[], clock: FrameClock, sync: VideoSync | null, lap: number): { span: LapSpan; at: number | null } | null {
  const span = spans.find((s) => s.lap === lap);
  if (!span || !sync) return null;
  return { span, at: seekTimeForSessionOn(clock, sync, span.startMs) };
}

/** The frame 'play lap N' stops on: the lap's last, or null (no sync, or the video does not hold it). */
export function playLapStop(clock: FrameClock, sync: VideoSync | null, span: LapSpan): number | null {
  return sync ? (lapFrames(clock, sync, span)?.last ?? null) : null;
}

/**
 * Where a pause settles: on one frame by a seek, the one last presented while playing (else currentTime's), since
 * neither currentTime nor the last frame callback need name the picture on screen on a busy machine.
 */
export function pausedSeekTime(clock: FrameClock, presentedS: number | null, currentS: number): number {
  return clock.seekTimeOf(clock.frameAt(presentedS ?? currentS));
}

/**
 * A start/finish marked at the frame on screen for `lap`: the marks with it and the sync fitted to them (throws
 * the fit's MarkFitError when the marks do not make one).
 */
export function markedSync(row: Pick<VideoRow, 'marks'>, spans: readonly LapSpan[], clock: FrameClock, lap: number, currentS: number) {
  const videoS = clock.seekTimeOf(clock.frameAt(currentS));
  const marks = withMark(row.marks, { lap, videoS });
  const fitted = fitSyncFromMarks(marks.map((m) => ({ videoS: m.videoS, sessionMs: spans.find((s) => s.lap === m.lap)?.startMs ?? NaN })));
  return { sync: { ...fitted, method: 'marks' as const }, marks };
}

/** The key (of video's texts) and values of the sentence saying how the video is synced. */
export function syncSentence(row: Pick<VideoRow, 'sync' | 'marks'>): { key: string; values?: { count: number } } {
  if (!row.sync) return { key: 'sync.none' };
  if (row.sync.method === 'marks') return { key: 'sync.marks', values: { count: row.marks.length } };
  return { key: `sync.${row.sync.method}` };
}

/** The player's box's aspect ratio (CSS): the video's own, 16 / 9 when unknown. */
export function playerAspect(row: Pick<VideoRow, 'width' | 'height'>): string {
  return row.width && row.height ? `${row.width} / ${row.height}` : '16 / 9';
}
