/**
 * The media work of adding videos to a session (the use case, its sequencing and its rows, is
 * src/data/use-cases/add-video.ts; the screen passes this in): a file probed (probe-video.ts), copied into storage as
 * it is (copy-to-storage.ts), a GoPro recording's chapters joined into one stored MP4 (join-chapters.ts), and the
 * camera's GPS matched in the analysis worker (reading, decoding and matching a 30-minute video's telemetry stays
 * off the page).
 */
import { getAnalysisClient } from '../analysis/analysis-client';
import { copyVideoToStorage, openStoredVideo, storedVideoHandle } from './copy-to-storage';
import { joinChaptersToStorage } from './join-chapters';
import { probeVideoFile } from './probe-video';
import { VideoError } from './video-error';

export const addVideoMedia = {
  probe: probeVideoFile,
  async probeStored(opfsName: string) {
    const stored = await openStoredVideo(opfsName);
    if (!stored) throw new VideoError('write-failed', 'The joined video is gone from storage.');
    return probeVideoFile(stored);
  },
  copyToStorage: copyVideoToStorage,
  joinChapters: joinChaptersToStorage,
  storedHandle: storedVideoHandle,
  matchGps: (chapters: (File | FileSystemFileHandle)[], request: { session: { count: number; timeMs: Float64Array; speedKmh: Float32Array }; sessionStartMs: number; startUncertaintyMs: number }) =>
    getAnalysisClient().syncVideo({ chapters, ...request }),
  cancelled: () => new VideoError('aborted', 'The copy was cancelled.'),
};
