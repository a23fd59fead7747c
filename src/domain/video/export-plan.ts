/**
 * What an overlay video export covers and how it is named and sized: the chosen laps (or the whole session) turned
 * into a window of the video's media time through the stored sync, which laps the video covers when it does not
 * cover the ones asked for, the output frame size for 720p or 1080p, the file name, and the time left from the
 * progress so far. Pure: the media pipeline (src/media/export) does the decoding and encoding.
 */
import type { LapSpan } from './lap-times';
import { videoTimeAt, type VideoSync } from './video-clock';

/** Laps `from`..`to` (both included), or the whole session. */
export type ExportChoice = { kind: 'laps'; from: number; to: number } | { kind: 'session' };

export type ExportWindow =
  | { ok: true; startS: number; endS: number; startSessionMs: number; endSessionMs: number }
  /** The video does not show all of the span asked for; `coveredLaps` are the laps it shows whole. */
  | { ok: false; reason: 'not-covered'; coveredLaps: number[] }
  /** No lap of that number, or an empty choice. */
  | { ok: false; reason: 'no-laps'; coveredLaps: number[] };

/** Slack at the video's ends: half a frame at 30 fps (the first frame shows media time 0). */
const EDGE_S = 1 / 60;

function inside(startS: number, endS: number, durationS: number): boolean {
  return startS >= -EDGE_S && endS <= durationS + EDGE_S && endS > startS;
}

/** The laps (numbers above 0) whose whole span the video shows. */
export function coveredLaps(spans: readonly LapSpan[], sync: VideoSync, durationS: number): number[] {
  return spans.filter((s) => s.lap > 0 && inside(videoTimeAt(sync, s.startMs), videoTimeAt(sync, s.endMs), durationS)).map((s) => s.lap);
}

/** The media-time window of the choice; for the whole session, the part of the session the video shows. */
export function exportWindow(spans: readonly LapSpan[], sync: VideoSync, durationS: number, choice: ExportChoice): ExportWindow {
  const covered = coveredLaps(spans, sync, durationS);
  if (spans.length === 0) return { ok: false, reason: 'no-laps', coveredLaps: covered };
  if (choice.kind === 'session') {
    const startS = Math.max(0, videoTimeAt(sync, spans[0].startMs));
    const endS = Math.min(durationS, videoTimeAt(sync, spans[spans.length - 1].endMs));
    if (!(endS > startS)) return { ok: false, reason: 'not-covered', coveredLaps: covered };
    return { ok: true, startS, endS, startSessionMs: spans[0].startMs, endSessionMs: spans[spans.length - 1].endMs };
  }
  const from = spans.find((s) => s.lap === Math.min(choice.from, choice.to));
  const to = spans.find((s) => s.lap === Math.max(choice.from, choice.to));
  if (!from || !to) return { ok: false, reason: 'no-laps', coveredLaps: covered };
  const startS = videoTimeAt(sync, from.startMs);
  const endS = videoTimeAt(sync, to.endMs);
  if (!inside(startS, endS, durationS)) return { ok: false, reason: 'not-covered', coveredLaps: covered };
  return { ok: true, startS: Math.max(0, startS), endS: Math.min(durationS, endS), startSessionMs: from.startMs, endSessionMs: to.endMs };
}

/** Output heights offered. */
export type ExportHeight = 720 | 1080;

/**
 * The output frame for a source frame: its short side becomes 720 or 1080 pixels (never more than the source's
 * own: a smaller video is not blown up), the long side keeps the shape; both even (the encoders' 4:2:0 chroma needs
 * it). A portrait phone video stays portrait.
 */
export function outputSize(sourceWidth: number, sourceHeight: number, target: ExportHeight): { width: number; height: number } {
  const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
  if (!(sourceWidth > 0) || !(sourceHeight > 0)) return { width: even((target * 16) / 9), height: target };
  const short = Math.min(target, Math.min(sourceWidth, sourceHeight));
  if (sourceWidth >= sourceHeight) return { width: even((short * sourceWidth) / sourceHeight), height: even(short) };
  return { width: even(short), height: even((short * sourceHeight) / sourceWidth) };
}

/** Characters file systems refuse (Windows' set, which is the strictest) and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]+/g;

/**
 * The exported file's name: the session's name and the laps, e.g. 'Rustavi 10H30 - laps 2-3.mp4'. `lapsLabel` is
 * the already translated part ('laps 2-3', 'voltas 2-3', 'session').
 */
export function exportFileName(sessionName: string, lapsLabel: string, extension: 'mp4' | 'webm'): string {
  const clean = (s: string) => s.replace(UNSAFE, '-').replace(/\s+/g, ' ').trim();
  const base = [clean(sessionName).slice(0, 80), clean(lapsLabel)].filter(Boolean).join(' - ').replace(/^\.+/, '') || 'video';
  return `${base}.${extension}`;
}

/** Seconds left at a steady pace, from the fraction done and the seconds spent; null until there is a pace. */
export function secondsLeft(fraction: number, elapsedS: number): number | null {
  if (!(fraction > 0.005) || !(elapsedS > 0.5)) return null;
  return Math.max(0, (elapsedS / Math.min(1, fraction)) * (1 - Math.min(1, fraction)));
}
