/**
 * A stored video opened for playing: its file (read from the videos folder) and an object URL of it, revoked when
 * the component lets go of it or another video is asked for; `missing` once the file is not in storage.
 */
import { useEffect, useState } from 'react';
import { openStoredVideo } from '../../../media/copy-to-storage';


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

