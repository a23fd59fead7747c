/**
 * The timeline of GoPro chapters joined into one video without re-encoding: chapter k's samples keep their own
 * timestamps, moved later by the length of the chapters before it, so the joined video plays them back to back
 * exactly as the camera recorded them. All times are microseconds.
 */
import type { VideoSync } from './video-clock';

/** Each chapter's start on the joined timeline: the sum of the picture lengths (video track) of the chapters before it. */
export function chapterStartsUs(videoDurationsUs: readonly number[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const d of videoDurationsUs) {
    starts.push(at);
    at += d;
  }
  return starts;
}

/**
 * The first of a chapter's samples (decode times from the chapter's start, in decode order) that can follow what
 * the joined track already holds: a joined track's decode times never go back, and a camera's sound often runs a
 * few milliseconds past its picture, so the next chapter's first sound packets would overlap the last ones. Those
 * overlapping packets (a few of 21 ms each) are dropped; the picture of a chapter never overlaps, as each chapter
 * starts where the previous picture ended.
 */
export function firstKeptSample(decodeUs: readonly number[], chapterStartUs: number, trackEndUs: number): number {
  let i = 0;
  while (i < decodeUs.length && chapterStartUs + decodeUs[i] < trackEndUs) i++;
  return i;
}

/**
 * The order to write two tracks' samples in, by decode time (ties: video first), so that the muxer's interleaving
 * never has to hold more than a moment of either track. Yields [track, index].
 */
export function* decodeOrder(videoUs: readonly number[], audioUs: readonly number[]): Generator<['video' | 'audio', number]> {
  let v = 0;
  let a = 0;
  while (v < videoUs.length || a < audioUs.length) {
    if (a >= audioUs.length || (v < videoUs.length && videoUs[v] <= audioUs[a])) yield ['video', v++];
    else yield ['audio', a++];
  }
}

/**
 * A sync found for the picked chapters, moved onto the joined file. A picture with B-frames starts its
 * presentation a little after its first decode time; a source file says so in its edit list and the player shows
 * the first frame at media time 0, but the joined file has no edit list, so its media times are the source's plus
 * that lead. The session time a frame shows must not change: sessionMs = offset + rate x (joined - lead).
 */
export function syncOnJoined<S extends VideoSync>(sync: S, leadUs: number): S {
  return { ...sync, offsetMs: sync.offsetMs - (sync.rate * leadUs) / 1000 };
}
