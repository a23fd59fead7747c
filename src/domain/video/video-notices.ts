/**
 * What the racer should know about a video just added, from the file alone: a variable frame rate (phones: frame
 * steps follow the real presentation times, so they may be uneven), a video shorter than the session (parts of
 * the session have no picture), a GoPro chapter picked without the chapters before it (the video starts part way
 * into the recording; the missing files are named).
 */
import { goProChapterFileName, goProChapterOf } from './gopro-chapters';

export type VideoNoticeKey = 'vfr' | 'shorter' | 'missing-chapter';

export interface VideoNoticeInput {
  fileName: string;
  durationS: number;
  variableFrameRate: boolean;
  /** From the session's first fix to its last, ms. */
  sessionDurationMs: number;
}

/** A second's slack: a video stopped a moment before the logger is not 'shorter'. */
const SHORTER_SLACK_MS = 1000;

export function videoNotices(input: VideoNoticeInput): { keys: VideoNoticeKey[]; missingChapters: string[] } {
  const keys: VideoNoticeKey[] = [];
  if (input.variableFrameRate) keys.push('vfr');
  if (input.durationS * 1000 < input.sessionDurationMs - SHORTER_SLACK_MS) keys.push('shorter');
  const chapter = goProChapterOf(input.fileName);
  const missingChapters: string[] = [];
  if (chapter && chapter.chapter > 1) {
    for (let c = 1; c < chapter.chapter; c++) missingChapters.push(goProChapterFileName({ ...chapter, chapter: c }));
    keys.push('missing-chapter');
  }
  return { keys, missingChapters };
}
