/**
 * The player's stored video opened for playing (useStoredVideo: its object URL, revoked when the player lets go of
 * it) and its frame clock: frames every 1/fps until the file's own frame times are read (a variable frame rate's,
 * where they differ). A file gone from storage is told to the panel as a problem.
 */
import { useEffect, useState } from 'react';
import type { VideoRow } from '../../../data/services';
import { constantFrameClock, type FrameClock } from '../../../domain/video/frame-clock';
import { frameClockOfFile } from '../../../media/frame-clock-of-file';
import { useStoredVideo } from './use-stored-video';
import type { Problem } from './video-problem';

export function usePlayableVideo(row: Pick<VideoRow, 'opfsName' | 'fps' | 'durationS'>, onProblem: (p: Problem) => void): { url: string | null; clock: FrameClock } {
  const { file, url, missing } = useStoredVideo(row.opfsName);
  const [clock, setClock] = useState<FrameClock>(() => constantFrameClock(row.fps, row.durationS));
  useEffect(() => {
    if (missing) onProblem({ key: 'errors.missing' });
  }, [missing, onProblem]);
  useEffect(() => {
    if (!file) return;
    let live = true;
    void frameClockOfFile(file, row.fps, row.durationS).then((c) => {
      if (live) setClock(c);
    });
    return () => {
      live = false;
    };
  }, [file, row.fps, row.durationS]);
  return { url, clock };
}
