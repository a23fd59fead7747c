/**
 * Adding a video to a session: probe it, copy it into storage (streaming, with progress), then sync it as well as
 * the file allows (GoPro GPS first, matched in the analysis worker, else the file's creation time), and store its row. A failure after the copy
 * removes the copy: nothing half-added is kept.
 */
import type { StoredVideoSync, VideoRow } from '../data/db/rows';
import { videoRepository } from '../data/services';
import { removeStoredFiles } from '../data/storage/opfs-files';
import { getAnalysisClient } from '../analysis/analysis-client';
import type { PositionColumns } from '../domain/session-types';
import { guessFromCreationTime } from '../domain/video/creation-time-guess';
import { videoNotices, type VideoNoticeKey } from '../domain/video/video-notices';
import { copyVideoToStorage, storedVideoHandle } from './copy-to-storage';
import { probeVideoFile, type VideoProbe } from './probe-video';

/** Something the racer should know about an added video (keys of video:errors). */
export type AddNotice = 'no-overlap' | 'no-gps-match' | VideoNoticeKey;

export interface AddContext {
  sessionLocalId: number;
  positions: PositionColumns;
  onProgress: (copied: number, total: number) => void;
  signal: AbortSignal;
}

async function firstSync(file: File, opfsName: string, probe: VideoProbe, positions: PositionColumns, sessionStartMs: number, timeZone: string | null, notices: AddNotice[]): Promise<StoredVideoSync | null> {
  if (probe.hasGpmf) {
    try {
      // In the analysis worker: reading, decoding and matching a 30-minute video's telemetry stays off the page.
      const session = { count: positions.count, timeMs: positions.timeMs.slice(), speedKmh: positions.speedKmh.slice() };
      // The stored copy is read directly in the worker; the picked File where the handle cannot be had.
      const chapter = (await storedVideoHandle(opfsName)) ?? file;
      // A session dated from its file name is known to the minute: its first fix may be up to a minute later.
      const startUncertaintyMs = sessionStartMs % 60_000 === 0 ? 60_000 : 0;
      const { result } = await getAnalysisClient().syncVideo({ chapters: [chapter], session, sessionStartMs, startUncertaintyMs });
      if (result) return { ...result.sync, method: 'gpmf' };
      notices.push('no-gps-match');
    } catch {
      notices.push('no-gps-match');
    }
  }
  if (probe.createdMs !== null && positions.count > 0) {
    const guess = guessFromCreationTime({
      createdMs: probe.createdMs,
      durationS: probe.durationS,
      sessionStartMs,
      sessionDurationMs: positions.timeMs[positions.count - 1],
      // The circuit's zone; without one, this device's (the racer is usually at the track's).
      ...(timeZone ? { timeZone } : { utcOffsetMin: -new Date(sessionStartMs).getTimezoneOffset() }),
    });
    if (guess) return { ...guess.sync, method: 'creation-time' };
    if (!probe.hasGpmf) notices.push('no-overlap');
  }
  return null;
}

/** The added row, what the racer should know, and the file names of GoPro chapters missing before the one picked. */
export async function addVideo(file: File, context: AddContext): Promise<{ row: VideoRow; notices: AddNotice[]; missingChapters: string[] }> {
  const probe = await probeVideoFile(file);
  const stored = await copyVideoToStorage(file, { onProgress: context.onProgress, signal: context.signal });
  try {
    const sessionDurationMs = context.positions.count > 1 ? context.positions.timeMs[context.positions.count - 1] - context.positions.timeMs[0] : 0;
    const fromFile = videoNotices({ fileName: file.name, durationS: probe.durationS, variableFrameRate: probe.variableFrameRate, sessionDurationMs });
    const notices: AddNotice[] = [...fromFile.keys];
    const clock = await videoRepository.sessionClock(context.sessionLocalId);
    const sessionStartMs = clock ? Date.parse(clock.start) : NaN;
    const sync = await firstSync(file, stored.opfsName, probe, context.positions, sessionStartMs, clock?.timeZone ?? null, notices);
    const row = await videoRepository.add({
      sessionLocalId: context.sessionLocalId,
      opfsName: stored.opfsName,
      fileName: file.name,
      mimeType: file.type,
      sizeBytes: stored.sizeBytes,
      durationS: probe.durationS,
      fps: probe.fps,
      width: probe.width,
      height: probe.height,
      createdMs: probe.createdMs,
      sync,
      marks: [],
      addedAt: new Date().toISOString(),
    });
    return { row, notices, missingChapters: fromFile.missingChapters };
  } catch (e) {
    await removeStoredFiles([stored.opfsName]);
    throw e;
  }
}
