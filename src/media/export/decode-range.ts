/**
 * Which of a video's samples an export decodes, a pure reading of the sample table: from the key frame before the
 * window's first frame to the window's last frame (decode order), by the player's rule of which frames a window
 * holds (lap-frames.ts).
 */
import { frameInWindow } from '../../domain/video/lap-frames';
import type { SourceSample } from '../source-tracks';

export interface DecodeRange {
  /** Index of the first sample to decode (a key frame) and of the last. */
  from: number;
  to: number;
  /** Timestamps of the window's first and last frames, µs. */
  firstUs: number;
  lastUs: number;
  /** Frames in the window (those the export writes). */
  frames: number;
}

/** The samples to decode for the window [startS, endS] of the video; null when no frame lies in it. */
export function decodeRange(samples: readonly SourceSample[], startS: number, endS: number): DecodeRange | null {
  let first = -1;
  let last = -1;
  let firstUs = Infinity;
  let lastUs = -Infinity;
  let frames = 0;
  let videoEndUs = 0;
  for (const s of samples) videoEndUs = Math.max(videoEndUs, s.timestampUs + s.durationUs);
  // A window that reaches the video's end (the whole session, a last lap filmed to the end) keeps its last frame.
  const toVideoEnd = endS * 1e6 >= videoEndUs - 1000;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    // The player's rule (lap-frames.ts): from the frame on screen at the window's start (the lap's first frame) to
    // the one before the frame on screen at its end (the next lap's first).
    if (frameInWindow(s.timestampUs / 1e6, (s.timestampUs + s.durationUs) / 1e6, startS, endS, toVideoEnd)) {
      if (first < 0) first = i;
      last = i;
      frames++;
      if (s.timestampUs < firstUs) firstUs = s.timestampUs;
      if (s.timestampUs > lastUs) lastUs = s.timestampUs;
    }
  }
  if (first < 0) return null;
  let from = first;
  while (from > 0 && !samples[from].key) from--;
  return { from, to: last, firstUs, lastUs, frames };
}

/** The exported video's length, seconds: from the window's first frame to the end of its last sample decoded. */
export function exportedDurationS(range: DecodeRange, samples: readonly SourceSample[]): number {
  return (range.lastUs - range.firstUs + (samples[range.to]?.durationUs ?? 0)) / 1e6;
}
