/**
 * What one pick of files in 'Add video' becomes: the chapters of one GoPro recording are ONE video (joined in
 * chapter order), every other file a video of its own.
 *
 * A chapter missing in the middle (GX01 and GX03 picked, GX02 not) cannot be bridged: its length is unknown, so
 * the chapters after it would land at the wrong time and every lap after the gap would be shown out of sync. The
 * video is then the chapters up to the gap, which play and sync right; the missing file and the chapters left out
 * are named so the racer can pick the whole recording again. A recording whose first chapters are missing starts
 * at the first chapter picked, as a single later chapter always has (the missing-chapter notice says so).
 */
import { goProChapterOf, groupChapters } from './gopro-chapters';

interface ChapterGap<T> {
  /** File names of the chapters missing after the joined ones (the gap). */
  missing: string[];
  /** The picked chapters after the gap, not joined. */
  leftOut: T[];
}

export type PickedVideo<T> =
  /** A file that is not a GoPro chapter, or a recording's one chapter before a gap or picked alone: stored as it is. */
  | { kind: 'file'; file: T; gap: ChapterGap<T> | null }
  /** Two or more contiguous chapters of one recording, in chapter order: joined into one video. */
  | { kind: 'chapters'; files: T[]; gap: ChapterGap<T> | null };

/** The picked files as videos: recordings first (in the order their first file was picked), then the other files. */
export function pickedVideos<T>(files: readonly T[], nameOf: (file: T) => string): PickedVideo<T>[] {
  const { recordings, others } = groupChapters(files, nameOf);
  const videos: PickedVideo<T>[] = [];
  for (const recording of recordings) {
    const numbers = recording.files.map((f) => goProChapterOf(nameOf(f))!.chapter);
    let run = 1;
    while (run < numbers.length && numbers[run] === numbers[run - 1] + 1) run++;
    const joined = recording.files.slice(0, run);
    let gap: ChapterGap<T> | null = null;
    if (run < numbers.length) {
      const leftOut = recording.files.slice(run);
      // The missing names inside the gap: after the last joined chapter, before the first left out.
      const missing = recording.missing.filter((name) => {
        const c = goProChapterOf(name)!.chapter;
        return c > numbers[run - 1] && c < numbers[run];
      });
      gap = { missing, leftOut };
    }
    videos.push(joined.length === 1 ? { kind: 'file', file: joined[0], gap } : { kind: 'chapters', files: joined, gap });
  }
  for (const file of others) videos.push({ kind: 'file', file, gap: null });
  return videos;
}
