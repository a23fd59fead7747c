/**
 * A stored video opened for playing: its file (read from the videos folder) and an object URL of it, revoked when
 * the component lets go of it or another video is asked for; `missing` once the file is not in storage.
 */
import { useEffect, useState } from 'react';
import { constantFrameClock, type FrameClock } from '../../../domain/video/frame-clock';
import type { VideoRow } from '../../../data/services';
import { openStoredVideo } from '../../../media/copy-to-storage';
import { frameClockOfFile } from '../../../media/frame-clock-of-file';
import type { Problem } from './video-problem';

interface Opened {
  opfsName: string;
  file: File | null;
  url: string | null;
}

export function useStoredVideo(opfsName: string): { file: File | null; url: string | null; missing: boolean } {
  const [opened, setOpened] = useState<Opened | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    void openStoredVideo(opfsName).then((file) => {
      if (!live) return;
      made = file ? URL.createObjectURL(file) : null;
      setOpened({ opfsName, file, url: made });
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [opfsName]);
  const current = opened?.opfsName === opfsName ? opened : null;
  return { file: current?.file ?? null, url: current?.url ?? null, missing: current !== null && current.file === null };
}

/**
 * The player's video: its URL and its frame clock, frames every 1/fps until the file's own frame times are read (a
 * variable frame rate's, where they differ); a file gone from storage is told as a problem.
 */
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
