/**
 * Automatic sync of a GoPro video, run in the analysis worker (plain functions here; analysis-worker-api.ts adds
 * the transfers): the video's MP4 index and its GPMF payloads are read from the picked File by parts (a 4 GB
 * video costs its index and a few kilobytes a second), decoded to a GPS track, aligned by GPS time and refined by
 * matching the camera's speed to the session's (src/domain/video/gpmf-sync.ts). A video split into chapters is
 * one timeline: each chapter's media times follow the chapters before it.
 *
 * What comes back is a few numbers and the camera's speed curve as typed columns (transferred, so the page can
 * show how well the speeds matched), never an object per fix. Files that carry no telemetry answer `reason` instead of throwing, so the page can say why.
 */
import { blobSource, type ByteSource } from '../src/domain/file-reading/byte-source';
import { gpsTrackFromPayloads } from '../src/domain/gpmf/gps-track';
import { Mp4TelemetryError, readGpmfPayloads, readGpmfSampleTable, type GpmfPayload } from '../src/domain/gpmf/mp4-gpmf-track';
import { syncFromGpmf, type GpmfSyncResult, type SessionSpeed } from '../src/domain/video/gpmf-sync';

/** A video file as the worker gets it: its stored copy's handle (read fastest), or a picked File. */
type VideoChapter = FileSystemFileHandle | Blob;

export interface VideoSyncInput {
  /**
   * The video's files in playing order (one for a single file, several for a GoPro's chapters), by reference:
   * the stored copies' handles in the Origin Private File System where there are, else the picked Files.
   */
  chapters: VideoChapter[];
  /** The session's fix times (ms from its first fix) and speeds (km/h). */
  session: SessionSpeed;
  /** The session's start, epoch ms: its first fix, or up to startUncertaintyMs before it (NaN when unknown: the speeds alone are matched). */
  sessionStartMs: number;
  /** How much earlier than the first fix sessionStartMs may be (gpmf-sync.ts: a start known to the minute), ms. */
  startUncertaintyMs?: number;
}

export interface VideoSyncOutcome {
  /** The sync, or null when the camera's GPS does not match the session (or there is none). */
  result: GpmfSyncResult | null;
  /**
   * Why there is no result: not an MP4, no telemetry track, no GPS fix in it, or its GPS time outside the session;
   * null when there is a result or the speeds had to decide and did not match.
   */
  reason: 'not-mp4' | 'no-gpmf-track' | 'no-gps' | 'no-overlap' | null;
  /** The camera's GPS speed by media time of the whole timeline (s, km/h), for display. */
  camera: { videoTimeS: Float64Array; speedKmh: Float32Array };
  /** GPMF payloads read and the ones lost (past the end of a cut-short file, or damaged). */
  payloads: number;
  lostPayloads: number;
  /** Milliseconds inside the worker: reading the MP4 index (part of readMs), the index and payloads, decoding them, matching. */
  timings: { indexMs: number; readMs: number; decodeMs: number; matchMs: number; totalMs: number };
}

const now = () => performance.now();

/**
 * A source over a chapter, and how to let it go. A stored copy is read through a synchronous access handle (a
 * worker-only, direct read of the file) when the file is not locked by another reader; else, and for a picked
 * File, by Blob slices, each a round trip to the browser's blob store (the video-sync bench's 1,800 payload reads
 * take about a quarter of the time through the handle).
 */
async function openChapter(chapter: VideoChapter): Promise<{ source: ByteSource; close: () => void }> {
  if (chapter instanceof Blob) return { source: blobSource(chapter), close: () => undefined };
  const handle = chapter as FileSystemFileHandle & { createSyncAccessHandle?: () => Promise<FileSystemSyncAccessHandle> };
  if (handle.createSyncAccessHandle) {
    try {
      const access = await handle.createSyncAccessHandle();
      const size = access.getSize();
      const source: ByteSource = {
        size,
        read: (offset, length) => {
          const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
          const n = access.read(buffer, { at: offset });
          return Promise.resolve(buffer.subarray(0, n));
        },
      };
      return { source, close: () => access.close() };
    } catch {
      // Locked (another tab or reader has it open): read it as a Blob instead.
    }
  }
  return { source: blobSource(await chapter.getFile()), close: () => undefined };
}

/** Every chapter's payloads on one timeline: chapter k's media times start where chapter k-1 ends. */
async function timelinePayloads(chapters: VideoChapter[]): Promise<{ payloads: GpmfPayload[]; lost: number; indexMs: number }> {
  const payloads: GpmfPayload[] = [];
  let lost = 0;
  let startS = 0;
  let indexMs = 0;
  for (const chapter of chapters) {
    const { source, close } = await openChapter(chapter);
    let table: Awaited<ReturnType<typeof readGpmfSampleTable>>;
    let read: Awaited<ReturnType<typeof readGpmfPayloads>>;
    try {
      const t0 = now();
      table = await readGpmfSampleTable(source);
      indexMs += now() - t0;
      read = await readGpmfPayloads(source, table);
    } finally {
      close();
    }
    lost += read.missing;
    for (const p of read.payloads) payloads.push({ ...p, timeS: p.timeS + startS });
    const last = table.samples[table.samples.length - 1];
    const lengthS = Number.isFinite(table.durationS) && table.durationS > 0 ? table.durationS : last ? last.timeS + last.durationS : 0;
    startS += lengthS;
  }
  return { payloads, lost, indexMs };
}

const emptyCamera = () => ({ videoTimeS: new Float64Array(0), speedKmh: new Float32Array(0) });

export async function syncVideo(input: VideoSyncInput): Promise<VideoSyncOutcome> {
  const t0 = now();
  let read: { payloads: GpmfPayload[]; lost: number; indexMs: number };
  try {
    read = await timelinePayloads(input.chapters);
  } catch (e) {
    if (e instanceof Mp4TelemetryError) {
      const totalMs = now() - t0;
      return { result: null, reason: e.code, camera: emptyCamera(), payloads: 0, lostPayloads: 0, timings: { indexMs: totalMs, readMs: totalMs, decodeMs: 0, matchMs: 0, totalMs } };
    }
    throw e;
  }
  const t1 = now();
  const { track, damagedPayloads } = gpsTrackFromPayloads(read.payloads);
  const camera = { videoTimeS: track.videoTimeS, speedKmh: Float32Array.from(track.speed2dMps, (v) => v * 3.6) };
  const t2 = now();
  const answer = track.count >= 2 ? syncFromGpmf(track, input.session, input.sessionStartMs, { startUncertaintyMs: input.startUncertaintyMs }) : null;
  const t3 = now();
  return {
    result: answer?.result ?? null,
    reason: !answer ? 'no-gps' : answer.reason === 'no-overlap' ? 'no-overlap' : null,
    camera,
    payloads: read.payloads.length,
    lostPayloads: read.lost + damagedPayloads,
    timings: { indexMs: read.indexMs, readMs: t1 - t0, decodeMs: t2 - t1, matchMs: t3 - t2, totalMs: t3 - t0 },
  };
}
