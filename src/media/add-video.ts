/**
 * Adding the videos of one pick to a session: the chapters of one GoPro recording become ONE video (joined into one
 * stored MP4, join-chapters.ts), every other file a video of its own (copied as it is, copy-to-storage.ts). Each is
 * probed, stored (streaming, with progress over the whole pick), synced as well as the files allow (GoPro GPS
 * first, matched in the analysis worker over all of a recording's chapters, else the first file's creation time)
 * and its row stored. A failure after a video is stored removes that file: nothing half-added is kept; the videos
 * of the pick added before it stay (each is whole).
 */
import type { StoredVideoSync, VideoRow } from '../data/db/rows';
import { videoRepository } from '../data/services';
import { removeStoredFiles } from '../data/storage/opfs-files';
import { getAnalysisClient } from '../analysis/analysis-client';
import type { PositionColumns } from '../domain/session-types';
import { guessFromCreationTime } from '../domain/video/creation-time-guess';
import { pickedVideos, type PickedVideo } from '../domain/video/picked-videos';
import { videoNotices, type VideoNoticeKey } from '../domain/video/video-notices';
import { copyVideoToStorage, openStoredVideo, storedVideoHandle } from './copy-to-storage';
import { joinChaptersToStorage } from './join-chapters';
import { probeVideoFile, type VideoProbe } from './probe-video';
import { VideoError } from './video-error';

/**
 * Something the racer should know about an added video (keys of video:errors).
 * @internal Exported for its tests.
 */
export type AddNotice = 'no-overlap' | 'no-gps-match' | 'chapter-gap' | VideoNoticeKey;

/** A notice and the file names its sentence names: the missing chapters, and for a gap the chapters left out. */
export interface AddNoticeItem {
  key: AddNotice;
  /** The video it is about (its stored file name), for a pick that added several. */
  video: string;
  names: string[];
  leftOut: string[];
}

export interface AddContext {
  sessionLocalId: number;
  positions: PositionColumns;
  /** Bytes stored of the whole pick, and its total. */
  onProgress: (copied: number, total: number) => void;
  signal: AbortSignal;
}

interface SyncInput {
  positions: PositionColumns;
  /** The session's first fix, epoch ms (or up to `startAccuracyMs` before it). */
  sessionStartMs: number;
  startAccuracyMs: number;
  timeZone: string | null;
}

/** The session's speeds and start as the worker's GPS match wants them. */
function gpmfRequest(input: SyncInput) {
  // In the analysis worker: reading, decoding and matching a 30-minute video's telemetry stays off the page.
  const session = { count: input.positions.count, timeMs: input.positions.timeMs.slice(), speedKmh: input.positions.speedKmh.slice() };
  return { session, sessionStartMs: input.sessionStartMs, startUncertaintyMs: input.startAccuracyMs };
}

/** What the camera's GPS says: the sync, or that its time lies outside the session, or that it could not place it. */
type GpsAnswer = { sync: StoredVideoSync } | { sync: null; outside: boolean };

/** The camera's GPS placed in the session over every chapter (the files or their stored copies). */
async function gpmfSync(chapters: (File | FileSystemFileHandle)[], input: SyncInput): Promise<GpsAnswer> {
  try {
    const { result, reason } = await getAnalysisClient().syncVideo({ chapters, ...gpmfRequest(input) });
    return result ? { sync: { ...result.sync, method: 'gpmf' } } : { sync: null, outside: reason === 'no-overlap' };
  } catch {
    return { sync: null, outside: false };
  }
}

/** The sync from the file's creation time, when it overlaps the session; null otherwise. */
function creationSync(probe: VideoProbe, durationS: number, input: SyncInput): StoredVideoSync | null {
  if (probe.createdMs === null || input.positions.count === 0) return null;
  const guess = guessFromCreationTime({
    createdMs: probe.createdMs,
    durationS,
    sessionStartMs: input.sessionStartMs,
    sessionDurationMs: input.positions.timeMs[input.positions.count - 1],
    // The circuit's zone; without one, this device's (the racer is usually at the track's).
    ...(input.timeZone ? { timeZone: input.timeZone } : { utcOffsetMin: -new Date(input.sessionStartMs).getTimezoneOffset() }),
    // A GoPro (its telemetry track gives it away) writes the track's wall clock.
    ...(probe.hasGpmf ? { clock: 'local' as const } : {}),
  });
  return guess ? { ...guess.sync, method: 'creation-time' } : null;
}

/**
 * GPS first (when the camera recorded it), else the creation time; says why there is none. GPS time that puts the
 * video outside the session is the truth about it: no creation time overrides that.
 */
async function firstSync(probe: VideoProbe, durationS: number, gps: Promise<GpsAnswer> | null, input: SyncInput, notices: AddNoticeItem[]): Promise<StoredVideoSync | null> {
  if (gps) {
    const found = await gps;
    if (found.sync) return found.sync;
    if (!found.sync && found.outside) {
      notices.push({ key: 'no-overlap', video: '', names: [], leftOut: [] });
      return null;
    }
    notices.push({ key: 'no-gps-match', video: '', names: [], leftOut: [] });
  }
  const guess = creationSync(probe, durationS, input);
  if (!guess && probe.createdMs !== null && input.positions.count > 0 && !probe.hasGpmf) notices.push({ key: 'no-overlap', video: '', names: [], leftOut: [] });
  return guess;
}

async function syncInput(context: AddContext): Promise<SyncInput> {
  const clock = await videoRepository.sessionClock(context.sessionLocalId);
  return { positions: context.positions, sessionStartMs: clock ? Date.parse(clock.start) : NaN, startAccuracyMs: clock?.accuracyMs ?? 0, timeZone: clock?.timeZone ?? null };
}

function sessionDurationMs(positions: PositionColumns): number {
  return positions.count > 1 ? positions.timeMs[positions.count - 1] - positions.timeMs[0] : 0;
}

/** The notices of a video from its (first) file's name and its probe. */
function fileNotices(fileName: string, probe: VideoProbe, positions: PositionColumns): AddNoticeItem[] {
  const fromFile = videoNotices({ fileName, durationS: probe.durationS, variableFrameRate: probe.variableFrameRate, sessionDurationMs: sessionDurationMs(positions) });
  return fromFile.keys.map((key) => ({ key, video: '', names: key === 'missing-chapter' ? fromFile.missingChapters : [], leftOut: [] }));
}

export interface AddedVideo {
  row: VideoRow;
  notices: AddNoticeItem[];
}

/** A new video's row: the stored file, what the probe of the stored video says, when it was recorded, its first sync. */
function newRow(context: AddContext, file: Pick<VideoRow, 'opfsName' | 'fileName' | 'mimeType' | 'sizeBytes'>, probe: VideoProbe, createdMs: number | null, sync: StoredVideoSync | null): Parameters<typeof videoRepository.add>[0] {
  return {
    sessionLocalId: context.sessionLocalId,
    ...file,
    durationS: probe.durationS,
    fps: probe.fps,
    width: probe.width,
    height: probe.height,
    createdMs,
    sync,
    marks: [],
    addedAt: new Date().toISOString(),
  };
}

/** Adds one file as it is. */
async function addFile(file: File, context: AddContext): Promise<AddedVideo> {
  const probe = await probeVideoFile(file);
  const stored = await copyVideoToStorage(file, { onProgress: context.onProgress, signal: context.signal });
  try {
    const notices = fileNotices(file.name, probe, context.positions);
    const input = await syncInput(context);
    // The stored copy is read directly in the worker; the picked File where the handle cannot be had.
    const gps = probe.hasGpmf ? gpmfSync([(await storedVideoHandle(stored.opfsName)) ?? file], input) : null;
    const sync = await firstSync(probe, probe.durationS, gps, input, notices);
    const row = await videoRepository.add(newRow(context, { opfsName: stored.opfsName, fileName: file.name, mimeType: file.type, sizeBytes: stored.sizeBytes }, probe, probe.createdMs, sync));
    return { row, notices };
  } catch (e) {
    await removeStoredFiles([stored.opfsName]);
    throw e;
  }
}

/**
 * Adds a recording's chapters (in chapter order) as one video: joined into one stored MP4 while the camera's GPS
 * is matched on the picked chapters themselves (the joined file does not carry the telemetry track); the creation
 * time is the first chapter's.
 */
async function addChapters(files: File[], context: AddContext): Promise<AddedVideo> {
  const firstProbe = await probeVideoFile(files[0]);
  const input = await syncInput(context);
  // Started before the join and run beside it, in the worker; its failure is only 'no GPS match'.
  const gps = firstProbe.hasGpmf ? gpmfSync(files, input) : null;
  const joined = await joinChaptersToStorage(files, { onProgress: context.onProgress, signal: context.signal });
  try {
    const stored = await openStoredVideo(joined.opfsName);
    if (!stored) throw new VideoError('write-failed', 'The joined video is gone from storage.');
    // The joined file as the player will read it: its own length and frame rate.
    const probe = await probeVideoFile(stored);
    const notices = fileNotices(files[0].name, probe, context.positions);
    const sync = await firstSync({ ...firstProbe, durationS: probe.durationS }, probe.durationS, gps, input, notices);
    const file = { opfsName: joined.opfsName, fileName: files.map((f) => f.name).join(' + '), mimeType: 'video/mp4', sizeBytes: joined.sizeBytes };
    const row = await videoRepository.add(newRow(context, file, probe, firstProbe.createdMs, sync));
    return { row, notices };
  } catch (e) {
    await removeStoredFiles([joined.opfsName]);
    throw e;
  }
}

const filesOf = (video: PickedVideo<File>) => (video.kind === 'file' ? [video.file] : video.files);

/**
 * Adds the picked files: one video per recording or other file (picked-videos.ts), one after another, with one
 * progress over the bytes of all of them. Throws the first failure (VideoError, StorageError); the videos added
 * before it stay.
 */
export async function addVideos(files: readonly File[], context: AddContext): Promise<AddedVideo[]> {
  const videos = pickedVideos(files, (f) => f.name);
  const total = videos.reduce((n, v) => n + filesOf(v).reduce((m, f) => m + f.size, 0), 0);
  const added: AddedVideo[] = [];
  let before = 0;
  for (const video of videos) {
    if (context.signal.aborted) throw new VideoError('aborted', 'The copy was cancelled.');
    const step: AddContext = { ...context, onProgress: (copied) => context.onProgress(before + copied, total) };
    const result = video.kind === 'file' ? await addFile(video.file, step) : await addChapters(video.files, step);
    if (video.gap) result.notices.push({ key: 'chapter-gap', video: '', names: video.gap.missing, leftOut: video.gap.leftOut.map((f) => f.name) });
    for (const notice of result.notices) notice.video = result.row.fileName;
    added.push(result);
    before += filesOf(video).reduce((m, f) => m + f.size, 0);
  }
  return added;
}
