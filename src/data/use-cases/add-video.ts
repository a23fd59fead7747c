/**
 * The use case of adding the videos of one pick to a session: the chapters of one GoPro recording become ONE video
 * (joined into one stored MP4), every other file a video of its own (copied as it is). Each is probed, stored
 * (streaming, with progress over the whole pick), synced as well as the files allow (GoPro GPS first, matched over
 * all of a recording's chapters, else the first file's creation time) and its row stored. A failure after a video
 * is stored removes that file: nothing half-added is kept; the videos of the pick added before it stay (each is
 * whole). Every dependency is passed in: the media work (probe, copy, join, GPS match) is src/media's, the rows and
 * the stored files' removal src/data's (services.ts wires them).
 */
import type { NewVideoRow, StoredVideoSync, VideoRow } from '../db/rows';
import type { VideoRepository } from '../repositories/video-repository';
import type { PositionColumns } from '../../domain/session-types';
import { guessFromCreationTime } from '../../domain/video/creation-time-guess';
import { pickedVideos, type PickedVideo } from '../../domain/video/picked-videos';
import { videoNotices, type VideoNoticeKey } from '../../domain/video/video-notices';

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

export interface AddedVideo {
  row: VideoRow;
  notices: AddNoticeItem[];
}

/** What a probe of a video file tells (src/media's probe-video.ts). */
export interface VideoFacts {
  durationS: number;
  fps: number;
  /** A phone's variable frame rate. */
  variableFrameRate: boolean;
  width: number;
  height: number;
  /** The file's creation time as stored (epoch ms), null when unset. */
  createdMs: number | null;
  /** It carries GoPro telemetry (GPS). */
  hasGpmf: boolean;
}

/** A file stored in the videos folder. */
interface StoredFile {
  opfsName: string;
  sizeBytes: number;
}

/** How a copy or a join reports and is cancelled. */
interface StoreOptions {
  onProgress: (copiedBytes: number, totalBytes: number) => void;
  signal: AbortSignal;
}

/** The session's speeds and start, as the GPS match wants them. */
export interface GpsMatchRequest {
  session: Pick<PositionColumns, 'count' | 'timeMs' | 'speedKmh'>;
  sessionStartMs: number;
  startUncertaintyMs: number;
}

/** The media work a pick needs: src/media's, passed in (src/data does not import it). */
export interface AddVideoMedia {
  probe(file: File): Promise<VideoFacts>;
  /** A stored file probed as the player will read it; throws when it is gone from storage. */
  probeStored(opfsName: string): Promise<VideoFacts>;
  copyToStorage(file: File, options: StoreOptions): Promise<StoredFile>;
  /** A recording's chapters joined into one stored MP4. */
  joinChapters(files: File[], options: StoreOptions): Promise<StoredFile>;
  /** A stored file's handle (read fastest by the worker), null where it cannot be had. */
  storedHandle(opfsName: string): Promise<FileSystemFileHandle | null>;
  /** The camera's GPS placed in the session over every chapter (the analysis worker); throws when it cannot read them. */
  matchGps(chapters: (File | FileSystemFileHandle)[], request: GpsMatchRequest): Promise<{ result: { sync: { offsetMs: number; rate: number } } | null; reason: string | null }>;
  /** The error a cancelled pick ends with. */
  cancelled(): Error;
}

export interface AddVideoDeps extends AddVideoMedia {
  videos: Pick<VideoRepository, 'sessionClock' | 'add'>;
  removeStoredFiles(names: readonly string[]): Promise<void>;
  /** Now, as the row's addedAt. */
  now?: () => Date;
}

interface SyncInput {
  positions: PositionColumns;
  /** The session's first fix, epoch ms (or up to `startAccuracyMs` before it). */
  sessionStartMs: number;
  startAccuracyMs: number;
  timeZone: string | null;
}

/** What the camera's GPS says: the sync, or that its time lies outside the session, or that it could not place it. */
type GpsAnswer = { sync: StoredVideoSync } | { sync: null; outside: boolean };

/** The session's speeds and start as the GPS match wants them (copies: the arrays are transferred to the worker). */
function gpsRequest(input: SyncInput): GpsMatchRequest {
  const session = { count: input.positions.count, timeMs: input.positions.timeMs.slice(), speedKmh: input.positions.speedKmh.slice() };
  return { session, sessionStartMs: input.sessionStartMs, startUncertaintyMs: input.startAccuracyMs };
}

/** The sync from the file's creation time, when it overlaps the session; null otherwise. */
function creationSync(probe: VideoFacts, durationS: number, input: SyncInput): StoredVideoSync | null {
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

const notice = (key: AddNotice): AddNoticeItem => ({ key, video: '', names: [], leftOut: [] });

/**
 * GPS first (when the camera recorded it), else the creation time; says why there is none. GPS time that puts the
 * video outside the session is the truth about it: no creation time overrides that.
 */
async function firstSync(probe: VideoFacts, durationS: number, gps: Promise<GpsAnswer> | null, input: SyncInput, notices: AddNoticeItem[]): Promise<StoredVideoSync | null> {
  if (gps) {
    const found = await gps;
    if (found.sync) return found.sync;
    if (found.outside) {
      notices.push(notice('no-overlap'));
      return null;
    }
    notices.push(notice('no-gps-match'));
  }
  const guess = creationSync(probe, durationS, input);
  if (!guess && probe.createdMs !== null && input.positions.count > 0 && !probe.hasGpmf) notices.push(notice('no-overlap'));
  return guess;
}

function sessionDurationMs(positions: PositionColumns): number {
  return positions.count > 1 ? positions.timeMs[positions.count - 1] - positions.timeMs[0] : 0;
}

/** The notices of a video from its (first) file's name and its probe. */
function fileNotices(fileName: string, probe: VideoFacts, positions: PositionColumns): AddNoticeItem[] {
  const fromFile = videoNotices({ fileName, durationS: probe.durationS, variableFrameRate: probe.variableFrameRate, sessionDurationMs: sessionDurationMs(positions) });
  return fromFile.keys.map((key) => ({ ...notice(key), names: key === 'missing-chapter' ? fromFile.missingChapters : [] }));
}

const filesOf = (video: PickedVideo<File>) => (video.kind === 'file' ? [video.file] : video.files);
const bytesOf = (video: PickedVideo<File>) => filesOf(video).reduce((m, f) => m + f.size, 0);

export function createAddVideos(deps: AddVideoDeps) {
  const now = deps.now ?? (() => new Date());

  async function syncInput(context: AddContext): Promise<SyncInput> {
    const clock = await deps.videos.sessionClock(context.sessionLocalId);
    return { positions: context.positions, sessionStartMs: clock ? Date.parse(clock.start) : NaN, startAccuracyMs: clock?.accuracyMs ?? 0, timeZone: clock?.timeZone ?? null };
  }

  /** The camera's GPS placed in the session over every chapter (the files or their stored copies). */
  async function gpsSync(chapters: (File | FileSystemFileHandle)[], input: SyncInput): Promise<GpsAnswer> {
    try {
      const { result, reason } = await deps.matchGps(chapters, gpsRequest(input));
      return result ? { sync: { ...result.sync, method: 'gpmf' } } : { sync: null, outside: reason === 'no-overlap' };
    } catch {
      return { sync: null, outside: false };
    }
  }

  /** A new video's row: the stored file, what the probe of the stored video says, when it was recorded, its first sync. */
  function newRow(context: AddContext, file: Pick<VideoRow, 'opfsName' | 'fileName' | 'mimeType' | 'sizeBytes'>, probe: VideoFacts, createdMs: number | null, sync: StoredVideoSync | null): NewVideoRow {
    const { durationS, fps, width, height } = probe;
    return { sessionLocalId: context.sessionLocalId, ...file, durationS, fps, width, height, createdMs, sync, marks: [], addedAt: now().toISOString() };
  }

  /** Runs what follows a video's storing; a failure removes the stored file. */
  async function keepOrRemove(stored: StoredFile, rest: () => Promise<AddedVideo>): Promise<AddedVideo> {
    try {
      return await rest();
    } catch (e) {
      await deps.removeStoredFiles([stored.opfsName]);
      throw e;
    }
  }

  /** Adds one file as it is. */
  async function addFile(file: File, context: AddContext): Promise<AddedVideo> {
    const probe = await deps.probe(file);
    const stored = await deps.copyToStorage(file, { onProgress: context.onProgress, signal: context.signal });
    return keepOrRemove(stored, async () => {
      const notices = fileNotices(file.name, probe, context.positions);
      const input = await syncInput(context);
      // The stored copy is read directly in the worker; the picked File where the handle cannot be had.
      const gps = probe.hasGpmf ? gpsSync([(await deps.storedHandle(stored.opfsName)) ?? file], input) : null;
      const sync = await firstSync(probe, probe.durationS, gps, input, notices);
      const row = await deps.videos.add(newRow(context, { opfsName: stored.opfsName, fileName: file.name, mimeType: file.type, sizeBytes: stored.sizeBytes }, probe, probe.createdMs, sync));
      return { row, notices };
    });
  }

  /**
   * Adds a recording's chapters (in chapter order) as one video: joined into one stored MP4 while the camera's GPS
   * is matched on the picked chapters themselves (the joined file does not carry the telemetry track); the creation
   * time is the first chapter's.
   */
  async function addChapters(files: File[], context: AddContext): Promise<AddedVideo> {
    const firstProbe = await deps.probe(files[0]);
    const input = await syncInput(context);
    // Started before the join and run beside it, in the worker; its failure is only 'no GPS match'.
    const gps = firstProbe.hasGpmf ? gpsSync(files, input) : null;
    const joined = await deps.joinChapters(files, { onProgress: context.onProgress, signal: context.signal });
    return keepOrRemove(joined, async () => {
      // The joined file as the player will read it: its own length and frame rate.
      const probe = await deps.probeStored(joined.opfsName);
      const notices = fileNotices(files[0].name, probe, context.positions);
      const sync = await firstSync({ ...firstProbe, durationS: probe.durationS }, probe.durationS, gps, input, notices);
      const file = { opfsName: joined.opfsName, fileName: files.map((f) => f.name).join(' + '), mimeType: 'video/mp4', sizeBytes: joined.sizeBytes };
      const row = await deps.videos.add(newRow(context, file, probe, firstProbe.createdMs, sync));
      return { row, notices };
    });
  }

  /**
   * Adds the picked files: one video per recording or other file (picked-videos.ts), one after another, with one
   * progress over the bytes of all of them. Throws the first failure; the videos added before it stay.
   */
  return async function addVideos(files: readonly File[], context: AddContext): Promise<AddedVideo[]> {
    const videos = pickedVideos(files, (f) => f.name);
    const total = videos.reduce((n, v) => n + bytesOf(v), 0);
    const added: AddedVideo[] = [];
    let before = 0;
    for (const video of videos) {
      if (context.signal.aborted) throw deps.cancelled();
      const step: AddContext = { ...context, onProgress: (copied) => context.onProgress(before + copied, total) };
      const result = video.kind === 'file' ? await addFile(video.file, step) : await addChapters(video.files, step);
      if (video.gap) result.notices.push({ key: 'chapter-gap', video: '', names: video.gap.missing, leftOut: video.gap.leftOut.map((f) => f.name) });
      for (const item of result.notices) item.video = result.row.fileName;
      added.push(result);
      before += bytesOf(video);
    }
    return added;
  };
}
