/**
 * Joins the chapters of one GoPro recording into ONE MP4 in the Origin Private File System, without re-encoding:
 * every chapter's index is read first (mp4box: only its moov box), so an unreadable or different chapter fails
 * before a byte is written; then each chapter's picture and sound packets are read from the picked file a window
 * at a time and handed to mp4-muxer, their timestamps moved later by the chapters before it
 * (domain/video/chapter-timeline.ts). No fast start: the muxer writes packets as they come and its index at the
 * end, so memory stays flat whatever the size (a 4 MB read window per track, the muxer's half-second chunks, at
 * most WRITE_BACKLOG bytes waiting for the disk) - a 4 GB chapter is never held.
 *
 * Only the picture and an AAC sound track are kept: the camera's telemetry (GPMF) and timecode tracks are not, so
 * its GPS is read from the picked chapters (add-video.ts). A failed or cancelled join leaves nothing: the file is
 * written through a writable stream, which the browser commits only on close, and its entry is removed.
 *
 * mp4-muxer writes no edit list: a picture with B-frames is presented from its first frame's presentation time
 * (the lead), which the camera's file shows at 0 by its edit list. The join writes one into the index the muxer
 * leaves at the end (withEditList), so the joined file shows every frame and sound at the same time as the
 * chapters did.
 */
import { Muxer, StreamTarget } from 'mp4-muxer';
import type { Sample } from 'mp4box';
import { blobSource } from '../domain/file-reading/byte-source';
import { readMp4Index, type Mp4Index } from '../domain/file-reading/mp4-index';
import { chapterStartsUs, decodeOrder, firstKeptSample } from '../domain/video/chapter-timeline';
import { videosFolder } from '../data/storage/opfs-files';
import { isQuotaError } from '../data/storage/storage-error';
import { estimatedFreeBytes, type CopyOptions } from './copy-to-storage';
import { ExportError } from './export/export-error';
import { createWriteQueue, joinOutput } from './join-writes';
import { aacConfig, decoderDescription, mediaStart, SampleReader, type SourceSample } from './source-tracks';
import { VideoError } from './video-error';

type MuxerCodec = 'avc' | 'hevc' | 'vp9' | 'av1';

/** The muxer's name for a sample entry's codec, or null for one it cannot write. */
function muxerCodec(codec: string): MuxerCodec | null {
  if (/^avc[13]/.test(codec)) return 'avc';
  if (/^(hvc1|hev1)/.test(codec)) return 'hevc';
  if (codec.startsWith('vp09')) return 'vp9';
  if (codec.startsWith('av01')) return 'av1';
  return null;
}

/** What must be the same in every chapter for their packets to play as one track. */
interface ChapterFormat {
  video: { codec: string; muxer: MuxerCodec; width: number; height: number; description: Uint8Array | undefined };
  audio: { codec: string; sampleRate: number; channels: number; description: Uint8Array } | null;
}

/** A chapter's tracks as the join reads them: samples in decode order, with their times in microseconds. */
interface ChapterTracks {
  format: ChapterFormat;
  video: { samples: Sample[]; dtsUs: number[]; ctsUs: number[]; durationUs: number; leadUs: number };
  /** leadUs: the sound's edit-list start (an AAC encoder's priming packets, which the player skips). */
  audio: { samples: Sample[]; dtsUs: number[]; leadUs: number } | null;
}

const toUs = (units: number, timescale: number) => Math.round((units * 1e6) / timescale);

function unreadable(name: string, cause?: unknown): VideoError {
  return new VideoError('chapter-unreadable', `The chapter ${name} could not be read.`, { cause, fileName: name });
}

async function readChapter(file: File): Promise<ChapterTracks> {
  let index: Mp4Index | null;
  try {
    index = await readMp4Index(blobSource(file));
  } catch (e) {
    throw unreadable(file.name, e);
  }
  const track = index?.movie.videoTracks[0];
  const muxer = track ? muxerCodec(track.codec) : null;
  if (!index || !track || !muxer || !(track.nb_samples > 0)) throw unreadable(file.name);
  const samples = index.file.getTrackSamplesInfo(track.id);
  const last = samples[samples.length - 1];
  const video: ChapterTracks['video'] = {
    samples,
    dtsUs: samples.map((s) => toUs(s.dts, track.timescale)),
    ctsUs: samples.map((s) => toUs(s.cts, track.timescale)),
    durationUs: toUs(last.dts + last.duration, track.timescale),
    leadUs: toUs(mediaStart(index.file.getTrackById(track.id) as never), track.timescale),
  };
  const format: ChapterFormat = {
    video: { codec: track.codec, muxer, width: track.video?.width ?? track.track_width, height: track.video?.height ?? track.track_height, description: decoderDescription(samples[0].description as unknown as Record<string, unknown>) },
    audio: null,
  };
  let audio: ChapterTracks['audio'] = null;
  const audioTrack = index.movie.audioTracks.find((t) => t.codec.startsWith('mp4a'));
  if (audioTrack?.audio) {
    const audioSamples = index.file.getTrackSamplesInfo(audioTrack.id);
    const description = audioSamples.length > 0 ? aacConfig(audioSamples[0].description as unknown as Record<string, unknown>) : null;
    if (description) {
      format.audio = { codec: audioTrack.codec, sampleRate: audioTrack.audio.sample_rate, channels: audioTrack.audio.channel_count, description };
      audio = { samples: audioSamples, dtsUs: audioSamples.map((s) => toUs(s.dts, audioTrack.timescale)), leadUs: toUs(mediaStart(index.file.getTrackById(audioTrack.id) as never), audioTrack.timescale) };
    }
  }
  return { format, video, audio };
}

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array | undefined) => (a === undefined || b === undefined ? a === b : a.length === b.length && a.every((x, i) => x === b[i]));

function samePicture(a: ChapterFormat['video'], b: ChapterFormat['video']): boolean {
  return a.codec === b.codec && a.width === b.width && a.height === b.height && sameBytes(a.description, b.description);
}

function sameSound(a: ChapterFormat['audio'], b: ChapterFormat['audio']): boolean {
  return a !== null && b !== null && a.codec === b.codec && a.sampleRate === b.sampleRate && a.channels === b.channels && sameBytes(a.description, b.description);
}

/** Progress is told at most once per this many bytes read. */
const PROGRESS_STEP = 1024 * 1024;

export interface JoinedVideo {
  opfsName: string;
  sizeBytes: number;
}

const asSource = (s: Sample): SourceSample => ({ offset: s.offset, size: s.size, key: s.is_sync, timestampUs: 0, durationUs: 0 });

const cancelled = () => new VideoError('aborted', 'The copy was cancelled.');

/**
 * Every chapter's index, read before the disk is touched: a chapter that cannot be read or was not recorded like
 * the first fails here. Their lengths, the first one's picture lead, and whether the sound can be kept.
 */
async function readFormats(chapters: readonly File[], signal: AbortSignal | undefined) {
  const formats: ChapterFormat[] = [];
  const durationsUs: number[] = [];
  let leadUs = 0;
  for (const file of chapters) {
    if (signal?.aborted) throw cancelled();
    const tracks = await readChapter(file);
    if (formats.length > 0 && !samePicture(formats[0].video, tracks.format.video)) {
      throw new VideoError('chapters-differ', `The chapter ${file.name} was not recorded like the first one.`, { fileName: file.name });
    }
    if (formats.length === 0) leadUs = tracks.video.leadUs;
    formats.push(tracks.format);
    durationsUs.push(tracks.video.durationUs);
  }
  // Sound only when every chapter has the same: a track missing from one chapter would be silence out of step.
  const withSound = formats.every((f) => sameSound(formats[0].audio, f.audio));
  return { first: formats[0], durationsUs, leadUs, audioFormat: withSound ? formats[0].audio : null };
}

/** The muxer of the joined file (the first chapter's picture, its sound when kept) and each track's first metadata. */
function createJoinMuxer(first: ChapterFormat, audioFormat: ChapterFormat['audio'], onData: (data: Uint8Array, position: number) => void) {
  const muxer = new Muxer({
    target: new StreamTarget({ onData, chunked: true, chunkSize: 4 * 1024 * 1024 }),
    video: { codec: first.video.muxer, width: first.video.width, height: first.video.height },
    ...(audioFormat ? { audio: { codec: 'aac' as const, numberOfChannels: audioFormat.channels, sampleRate: audioFormat.sampleRate } } : {}),
    fastStart: false,
    firstTimestampBehavior: 'cross-track-offset',
  });
  const videoMeta: EncodedVideoChunkMetadata = { decoderConfig: { codec: first.video.codec, codedWidth: first.video.width, codedHeight: first.video.height, description: first.video.description } };
  const audioMeta: EncodedAudioChunkMetadata | undefined = audioFormat ? { decoderConfig: { codec: audioFormat.codec, sampleRate: audioFormat.sampleRate, numberOfChannels: audioFormat.channels, description: audioFormat.description } } : undefined;
  return { muxer, videoMeta, audioMeta };
}

interface ChapterCopyInput {
  mux: ReturnType<typeof createJoinMuxer>;
  withSound: boolean;
  /** The first chapter's picture lead, µs. */
  leadUs: number;
  /** Waits for the disk when too much waits for it; throws a failed write's error. */
  keepUp: () => Promise<void>;
  signal: AbortSignal | undefined;
  /** Bytes of the chapters read so far, at most once per PROGRESS_STEP. */
  onRead: (done: number) => void;
}

/** Copies one chapter after another into the muxer, each chapter's packets in decode order at its start on the timeline. */
function createChapterCopy({ mux, withSound, leadUs, keepUp, signal, onRead }: ChapterCopyInput) {
  const { muxer, videoMeta, audioMeta } = mux;
  let told = 0;
  let audioEndUs = 0;
  let firstVideo = true;
  let firstAudio = true;
  return async (file: File, startUs: number, doneBefore: number) => {
    const tracks = await readChapter(file);
    const video = tracks.video;
    const audio = withSound ? tracks.audio : null;
    // The joined file keeps no edit list: the picture is shown at its raw times (its lead is moved onto the sync,
    // chapter-timeline.ts), so the sound is placed where the player showed it against the picture, and its priming
    // packets, which fall before the picture's start, are dropped.
    const audioAtUs = audio ? startUs + video.leadUs - audio.leadUs - leadUs : 0;
    const audioFrom = audio ? firstKeptSample(audio.dtsUs, audioAtUs, audioEndUs) : 0;
    const videoReader = new SampleReader(file);
    const audioReader = new SampleReader(file);
    let readTo = 0;
    for (const [track, i] of decodeOrder(video.dtsUs, audio ? audio.dtsUs.slice(audioFrom) : [])) {
      if (signal?.aborted) throw cancelled();
      if (track === 'video') {
        const s = video.samples[i];
        const data = await videoReader.read(asSource(s));
        const durationUs = i + 1 < video.dtsUs.length ? video.dtsUs[i + 1] - video.dtsUs[i] : video.durationUs - video.dtsUs[i];
        muxer.addVideoChunkRaw(data, s.is_sync ? 'key' : 'delta', startUs + video.ctsUs[i], durationUs, firstVideo ? videoMeta : undefined, video.ctsUs[i] - video.dtsUs[i]);
        firstVideo = false;
        readTo = Math.max(readTo, s.offset + s.size);
      } else if (audio) {
        const k = audioFrom + i;
        const s = audio.samples[k];
        const data = await audioReader.read(asSource(s));
        const durationUs = toUs(s.duration, s.timescale);
        muxer.addAudioChunkRaw(data, 'key', audioAtUs + audio.dtsUs[k], durationUs, firstAudio ? audioMeta : undefined);
        firstAudio = false;
        audioEndUs = audioAtUs + audio.dtsUs[k] + durationUs;
        readTo = Math.max(readTo, s.offset + s.size);
      }
      await keepUp();
      const done = doneBefore + Math.min(readTo, file.size);
      if (done - told >= PROGRESS_STEP) {
        told = done;
        onRead(done);
      }
    }
  };
}

/** A join's failure as the VideoError the racer is told; `current`: the chapter being read. */
function joinFailure(e: unknown, current: string): VideoError {
  if (e instanceof VideoError) return e;
  if (isQuotaError(e)) return new VideoError('quota', 'The device ran out of space while joining the video.', { cause: e });
  // A picked file that can no longer be read (moved, removed, or shorter than its index says).
  if ((e instanceof DOMException && e.name === 'NotReadableError') || e instanceof ExportError) return unreadable(current, e);
  return new VideoError('write-failed', `Could not store the video: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
}

/**
 * Joins `chapters` (one recording's files, in chapter order) into one stored MP4. Progress is over the chapters'
 * total size. Throws VideoError: chapter-unreadable or chapters-differ (before writing), quota, aborted,
 * no-storage, write-failed.
 */
export async function joinChaptersToStorage(chapters: readonly File[], options: CopyOptions = {}): Promise<JoinedVideo> {
  const folder = options.folder ?? (await videosFolder().catch(() => null));
  if (!folder) throw new VideoError('no-storage', 'This browser cannot store videos for offline use.');
  const totalBytes = chapters.reduce((n, f) => n + f.size, 0);
  const { first, durationsUs, leadUs, audioFormat } = await readFormats(chapters, options.signal);
  const free = await (options.freeBytes ?? estimatedFreeBytes)();
  if (free !== null && free < totalBytes) throw new VideoError('quota', 'Not enough free space on this device for the video.');

  const opfsName = `${crypto.randomUUID()}.mp4`;
  const handle = await folder.getFileHandle(opfsName, { create: true });
  let writable: FileSystemWritableFileStream | null = null;
  let current = chapters[0].name;
  try {
    writable = await handle.createWritable();
    const queue = createWriteQueue(writable);
    const output = joinOutput(queue);
    const mux = createJoinMuxer(first, audioFormat, output.onData);
    const copyChapter = createChapterCopy({ mux, withSound: audioFormat !== null, leadUs, keepUp: queue.keepUp, signal: options.signal, onRead: (done) => options.onProgress?.(done, totalBytes) });
    const starts = chapterStartsUs(durationsUs);
    let doneBefore = 0;
    options.onProgress?.(0, totalBytes);
    for (let c = 0; c < chapters.length; c++) {
      current = chapters[c].name;
      await copyChapter(chapters[c], starts[c], doneBefore);
      doneBefore += chapters[c].size;
    }
    output.hold();
    mux.muxer.finalize();
    output.release(leadUs);
    await queue.drain();
    await writable.close();
    writable = null;
    options.onProgress?.(totalBytes, totalBytes);
    return { opfsName, sizeBytes: queue.sizeBytes() };
  } catch (e) {
    if (writable) await writable.abort().catch(() => undefined);
    await folder.removeEntry(opfsName).catch(() => undefined);
    throw joinFailure(e, current);
  }
}
