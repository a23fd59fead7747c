/**
 * What the video's lap pickers offer: every lap with its time, which of them the video shows (whole or in part,
 * through the sync), and which are the out lap (before the first start/finish crossing) and the in lap (back to the
 * pits). Pure: the player words and draws them.
 */
import { coveredLaps } from './export-plan';
import type { LapSpan } from './lap-times';
import { videoTimeAt, type VideoSync } from './video-clock';

export interface LapChoice {
  lap: number;
  /** The lap's time, ms (null for a lap without one). */
  timeMs: number | null;
  kind: 'out' | 'in' | 'lap';
  /** How much of the lap the video shows: all of it, part of it, none (or not synced yet: unknown). */
  onVideo: 'whole' | 'part' | 'none' | 'unknown';
}

/** The part of a lap's analysis the pickers need. */
export interface LapChoiceRecord {
  lapNumber: number;
  timeMs: number;
  lapName: string;
}

/** The session's laps as the pickers list them (lap 0, the out lap, first when it has fixes). */
export function lapChoices(spans: readonly LapSpan[], laps: readonly LapChoiceRecord[], sync: VideoSync | null, durationS: number): LapChoice[] {
  const whole = sync ? new Set(coveredLaps(spans, sync, durationS)) : new Set<number>();
  return spans.map((span) => {
    const record = laps.find((l) => l.lapNumber === span.lap);
    let onVideo: LapChoice['onVideo'] = 'unknown';
    if (sync) {
      const startS = videoTimeAt(sync, span.startMs);
      const endS = videoTimeAt(sync, span.endMs);
      onVideo = whole.has(span.lap) ? 'whole' : endS > 0 && startS < durationS ? 'part' : 'none';
      // The out lap is never in coveredLaps (numbers above 0): judged by its span alone.
      if (span.lap === 0 && startS >= -1 / 60 && endS <= durationS + 1 / 60) onVideo = 'whole';
    }
    const kind = span.lap === 0 ? 'out' : record?.lapName === 'In Lap' ? 'in' : 'lap';
    const timeMs = record && record.timeMs > 0 ? record.timeMs : span.lap === 0 ? span.endMs - span.startMs : null;
    return { lap: span.lap, timeMs, kind, onVideo };
  });
}
