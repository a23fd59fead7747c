/**
 * The sync from the racer's own marks: 'this frame is the start/finish crossing of lap N'. One mark fixes the
 * offset with the clocks taken as equal; two or more (on laps apart) also fit the camera's clock rate by least
 * squares, so a long video stays within a frame at both ends.
 */
import { DomainError } from '../errors';
import { MAX_DRIFT, type VideoSync } from './video-clock';

export interface SyncMark {
  /** Media time of the marked frame, seconds. */
  videoS: number;
  /** Session time of the event it shows (a lap's start/finish crossing), ms. */
  sessionMs: number;
}

export type MarkFitErrorCode =
  /** No marks given. */
  | 'no-marks'
  /** Two marks on the same video time (or the same lap) fix no rate. */
  | 'same-time'
  /** The marks disagree by more than a camera's clock can drift (a mark on the wrong lap). */
  | 'implausible-drift';

export class MarkFitError extends DomainError {
  readonly reason: MarkFitErrorCode;
  constructor(reason: MarkFitErrorCode, message: string) {
    super('invalid-argument', message);
    this.name = 'MarkFitError';
    this.reason = reason;
  }
}

/** Marks closer than this in video time are treated as one for the rate (no usable baseline). */
const MIN_BASELINE_S = 1;

export function fitSyncFromMarks(marks: readonly SyncMark[]): VideoSync {
  if (marks.length === 0) throw new MarkFitError('no-marks', 'Mark at least one start/finish crossing.');
  if (marks.length === 1) return { offsetMs: marks[0].sessionMs - marks[0].videoS * 1000, rate: 1 };
  let sv = 0;
  let ss = 0;
  for (const m of marks) {
    sv += m.videoS * 1000;
    ss += m.sessionMs;
  }
  const mv = sv / marks.length;
  const ms = ss / marks.length;
  let num = 0;
  let den = 0;
  for (const m of marks) {
    const dv = m.videoS * 1000 - mv;
    num += dv * (m.sessionMs - ms);
    den += dv * dv;
  }
  const spreadS = Math.sqrt(den / marks.length) / 1000;
  if (!(spreadS * 2 >= MIN_BASELINE_S)) throw new MarkFitError('same-time', 'The marks are on the same moment of the video: mark a later lap.');
  const rate = num / den;
  if (!(Math.abs(rate - 1) <= MAX_DRIFT)) {
    throw new MarkFitError('implausible-drift', 'The marks do not fit one clock: check that each mark is on the lap chosen.');
  }
  return { offsetMs: ms - rate * mv, rate };
}

/** Adds or replaces the mark of a lap (one mark per lap), kept in lap order. */
export function withMark<T extends { lap: number }>(marks: readonly T[], mark: T): T[] {
  return [...marks.filter((m) => m.lap !== mark.lap), mark].sort((a, b) => a.lap - b.lap);
}
