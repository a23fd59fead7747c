/**
 * A first guess of the sync from the video file's creation time (MP4 'mvhd' / QuickTime metadata, whole seconds)
 * against the session's start (its first fix's UTC instant). Cameras disagree on what they write there: phones
 * write UTC, GoPros write the local wall clock as if it were UTC, and some write the moment recording stopped
 * rather than started. Each reading is a candidate; the one whose video overlaps the session most wins (ties: UTC
 * at the start, the commonest), except that a camera known to write its local clock (a GoPro) has its local
 * readings taken first when one overlaps (a zone an hour from UTC and a long session can overlap both ways). No
 * candidate overlapping the session means the video is from another day or another session.
 */
import { zoneOffsetMinutes } from '../value-format/wall-clock';
import type { VideoSync } from './video-clock';

export interface CreationTimeInput {
  /** The file's creation time as stored, epoch ms (read as UTC). */
  createdMs: number;
  /** Video duration, seconds. */
  durationS: number;
  /** The session's first fix, epoch ms. */
  sessionStartMs: number;
  /** Session length, ms. */
  sessionDurationMs: number;
  /** The circuit's UTC offset at the session (minutes east of UTC), when known. */
  utcOffsetMin?: number;
  /**
   * The circuit's IANA zone: its offset at the session is taken from it (summer time included) when
   * `utcOffsetMin` is not given. A camera's clock is set where it films, not where the racer reviews.
   */
  timeZone?: string | null;
  /** What the camera is known to write: 'local' for a GoPro; absent when unknown. */
  clock?: 'local' | 'utc';
}

export interface CreationTimeGuess {
  sync: VideoSync;
  /** Which reading of the creation time was taken. */
  reading: 'utc-start' | 'utc-end' | 'local-start' | 'local-end';
  /** How much of the video overlaps the session, ms. */
  overlapMs: number;
}

/** The best reading of the creation time, or null when none puts the video over the session. */
export function guessFromCreationTime(input: CreationTimeInput): CreationTimeGuess | null {
  if (!Number.isFinite(input.createdMs) || !Number.isFinite(input.sessionStartMs) || !(input.durationS > 0)) return null;
  const durationMs = input.durationS * 1000;
  const zoneOffset = input.timeZone ? zoneOffsetMinutes(input.sessionStartMs, input.timeZone) : null;
  const localShiftMs = (input.utcOffsetMin ?? zoneOffset ?? 0) * 60_000;
  const readings: { reading: CreationTimeGuess['reading']; startMs: number }[] = [
    { reading: 'utc-start', startMs: input.createdMs },
    { reading: 'utc-end', startMs: input.createdMs - durationMs },
  ];
  if (localShiftMs !== 0) {
    readings.push({ reading: 'local-start', startMs: input.createdMs - localShiftMs });
    readings.push({ reading: 'local-end', startMs: input.createdMs - localShiftMs - durationMs });
  }
  let best: CreationTimeGuess | null = null;
  let bestPreferred: CreationTimeGuess | null = null;
  for (const r of readings) {
    const offsetMs = r.startMs - input.sessionStartMs;
    const overlapMs = Math.min(offsetMs + durationMs, input.sessionDurationMs) - Math.max(offsetMs, 0);
    if (overlapMs <= 0) continue;
    const guess = { sync: { offsetMs, rate: 1 }, reading: r.reading, overlapMs };
    if (!best || overlapMs > best.overlapMs) best = guess;
    if (input.clock && r.reading.startsWith(input.clock) && (!bestPreferred || overlapMs > bestPreferred.overlapMs)) bestPreferred = guess;
  }
  return bestPreferred ?? best;
}
