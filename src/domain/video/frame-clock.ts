/**
 * Which frame a video shows at a media time, and where to seek to show a frame. A camera's video has one frame
 * every 1/fps seconds; a phone's has a variable frame rate (frames last 1/60 s when the scene is bright and 1/24 s
 * in a tunnel), so stepping "one frame" by 1/average-rate would skip some frames and show others twice. For such a
 * video the clock is the file's own table of frame presentation times (seconds, from the MP4 sample table).
 */
import { DomainError } from '../errors';
import { frameAt, seekTimeOfFrame, videoTimeAt, type VideoSync } from './video-clock';

export interface FrameClock {
  /** Frames every 1/fps, or the file's own table of frame times. */
  readonly kind: 'constant' | 'table';
  /** Number of frames. */
  readonly count: number;
  /** The frame shown at a media time (seconds): frames from 0 (a time before the first frame gives 0). */
  frameAt(videoS: number): number;
  /** The media time to seek to so that frame k is shown: the frame's middle, so a decoder rounding either way lands on it. */
  seekTimeOf(frame: number): number;
  /** The media time frame k starts at (k = count: the video's end). */
  startOf(frame: number): number;
}

/** A constant-rate clock: frame k is shown from k / fps to (k + 1) / fps. */
export function constantFrameClock(fps: number, durationS: number): FrameClock {
  if (!(fps > 0)) throw new DomainError('invalid-argument', 'fps must be positive');
  const count = Math.max(1, Math.ceil(durationS * fps - 1e-6));
  return {
    kind: 'constant',
    count,
    frameAt: (videoS) => Math.max(0, frameAt(videoS, fps)),
    seekTimeOf: (frame) => seekTimeOfFrame(Math.min(count - 1, Math.max(0, Math.round(frame))), fps),
    startOf: (frame) => Math.min(count, Math.max(0, Math.round(frame))) / fps,
  };
}

/** Tolerance for float noise at frame boundaries (a microsecond). */
const EPSILON_S = 1e-6;

/**
 * A clock over the frames' own start times (seconds, ascending; at least one frame); `durationS` ends the last
 * frame. Lookups are binary searches: a 30-minute 60 fps video has 108,000 frames.
 */
export function tableFrameClock(startsS: Float64Array, durationS: number): FrameClock {
  const count = startsS.length;
  if (count === 0) throw new DomainError('invalid-argument', 'a frame table needs at least one frame');
  const endOf = (k: number) => (k + 1 < count ? startsS[k + 1] : Math.max(durationS, startsS[k] + 1e-3));
  return {
    kind: 'table',
    count,
    frameAt(videoS) {
      // The last frame whose start is at or before videoS.
      let lo = 0;
      let hi = count - 1;
      if (videoS + EPSILON_S < startsS[0]) return 0;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (startsS[mid] <= videoS + EPSILON_S) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    },
    seekTimeOf(frame) {
      const k = Math.min(count - 1, Math.max(0, Math.round(frame)));
      return (startsS[k] + endOf(k)) / 2;
    },
    startOf(frame) {
      const k = Math.max(0, Math.round(frame));
      return k >= count ? endOf(count - 1) : startsS[k];
    },
  };
}

/** The frame-by-frame control: `frames` frames either way from the one shown, clamped to the video. */
export function stepFramesOn(clock: FrameClock, videoS: number, frames: number): number {
  return clock.seekTimeOf(clock.frameAt(videoS) + frames);
}

/** The one-second control: the frame shown `seconds` later (or earlier), clamped to the video. */
export function stepSecondsOn(clock: FrameClock, videoS: number, seconds: number): number {
  return clock.seekTimeOf(clock.frameAt(clock.seekTimeOf(clock.frameAt(videoS)) + seconds));
}

/** The media time of the frame that shows a session time, at that frame's middle (null before media 0). */
export function seekTimeForSessionOn(clock: FrameClock, sync: VideoSync, sessionMs: number): number | null {
  const videoS = videoTimeAt(sync, sessionMs);
  if (videoS < 0) return null;
  return clock.seekTimeOf(clock.frameAt(videoS));
}

/** One sample of an MP4 video track's table, in the track's timescale. */
export interface TrackSampleTime {
  /** Composition (presentation) time. */
  cts: number;
}

/** An edit of the track's edit list: `mediaTime` -1 is an empty edit (a delay of `segmentDuration`, movie timescale). */
export interface TrackEdit {
  segmentDuration: number;
  mediaTime: number;
}

/**
 * The frames' presentation start times (seconds, ascending) from an MP4 track's sample table, as a player shows
 * them: a leading empty edit delays the track, the first real edit's media time is the track's time 0 (encoders
 * with B-frames shift presentation times by a frame or two and cancel it there). Frames before the edit's start
 * are not shown and are left out.
 */
export function presentationStarts(samples: readonly TrackSampleTime[], timescale: number, edits: readonly TrackEdit[] = [], movieTimescale = timescale): Float64Array {
  if (!(timescale > 0)) throw new DomainError('invalid-argument', 'timescale must be positive');
  let delayS = 0;
  let mediaStart = 0;
  for (const edit of edits) {
    if (edit.mediaTime === -1) {
      delayS += edit.segmentDuration / movieTimescale;
      continue;
    }
    mediaStart = edit.mediaTime;
    break;
  }
  const cts = samples.map((s) => s.cts).filter((c) => c >= mediaStart);
  cts.sort((a, b) => a - b);
  const out = new Float64Array(cts.length);
  for (let i = 0; i < cts.length; i++) out[i] = (cts[i] - mediaStart) / timescale + delayS;
  return out;
}
