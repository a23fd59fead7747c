/**
 * The overlay export, streaming: the stored video's samples are read a window at a time, decoded (VideoDecoder),
 * the player's gauges for the session time each frame in the chosen window shows (through the stored sync) blended
 * into the frame's own YUV planes (yuv-overlay.ts; drawn with the frame on a canvas only when it must be scaled or
 * has another pixel format), encoded (VideoEncoder: H.264, else VP9) and muxed (mp4-muxer, else
 * webm-muxer) into a sink that writes at file positions (the worker's OPFS file). The source's AAC packets are
 * copied across untouched. Memory stays flat whatever the length: at most a few samples wait to be decoded and a
 * few frames to be encoded (decodeQueueSize / encodeQueueSize bound the reading), and the muxer writes as it goes
 * (no fast start: the index goes at the end).
 */
import { outputSize } from '../../domain/video/export-plan';
import { frameInWindow } from '../../domain/video/lap-frames';
import { isQuotaError } from '../../data/storage/storage-error';
import { chooseEncoder } from './encoder-choice';
import { ExportError } from './export-error';
import { readSourceTracks, SampleReader, type SourceSample } from '../source-tracks';
import { createExportMuxer } from './export-muxer';
import { createFrameComposer } from './frame-composer';
import type { ExportControl, ExportJob, ExportResult, ExportSink } from './export-types';

/** Work allowed to wait in each queue: a handful of frames (a 1080p frame is 3 MB decoded). */
const MAX_DECODE_QUEUE = 4;
const MAX_ENCODE_QUEUE = 4;
/** Decoded frames waiting for their overlay. */
const MAX_WAITING = 4;
/** A key frame every two seconds: seeking in the result stays quick. */
const KEY_INTERVAL_US = 2_000_000;
/** Progress reports at most this often. */
const PROGRESS_MS = 200;

/** The samples to decode: from the key frame before the window's first frame to the window's last (decode order). */
function decodeRange(samples: readonly SourceSample[], startS: number, endS: number): { from: number; to: number; firstUs: number; lastUs: number; frames: number } | null {
  let first = -1;
  let last = -1;
  let firstUs = Infinity;
  let lastUs = -Infinity;
  let frames = 0;
  let videoEndUs = 0;
  for (const s of samples) videoEndUs = Math.max(videoEndUs, s.timestampUs + s.durationUs);
  // A window that reaches the video's end (the whole session, a last lap filmed to the end) keeps its last frame.
  const toVideoEnd = endS * 1e6 >= videoEndUs - 1000;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    // The player's rule (lap-frames.ts): from the frame on screen at the window's start (the lap's first frame) to
    // the one before the frame on screen at its end (the next lap's first).
    if (frameInWindow(s.timestampUs / 1e6, (s.timestampUs + s.durationUs) / 1e6, startS, endS, toVideoEnd)) {
      if (first < 0) first = i;
      last = i;
      frames++;
      if (s.timestampUs < firstUs) firstUs = s.timestampUs;
      if (s.timestampUs > lastUs) lastUs = s.timestampUs;
    }
  }
  if (first < 0) return null;
  let from = first;
  while (from > 0 && !samples[from].key) from--;
  return { from, to: last, firstUs, lastUs, frames };
}

/**
 * Runs the export: decode (VideoDecoder) -> compose (frame-composer.ts) -> encode (VideoEncoder) -> mux
 * (export-muxer.ts), each stage's queue bounded so that memory stays flat.
 */
export async function runExport(job: ExportJob, sink: ExportSink, control: ExportControl): Promise<ExportResult> {
  const tracks = await readSourceTracks(job.source);
  const support = await VideoDecoder.isConfigSupported(tracks.video.config).catch(() => ({ supported: false }));
  if (!support.supported) throw new ExportError('undecodable', `This browser cannot decode ${tracks.video.config.codec} video.`, tracks.video.config.codec);
  const range = decodeRange(tracks.video.samples, job.startS, job.endS);
  if (!range) throw new ExportError('not-covered', 'The video has no frames in the chosen laps.');
  const { width, height } = outputSize(tracks.video.width, tracks.video.height, job.height);
  const fps = Math.round(tracks.video.fps * 1000) / 1000;
  const encoderChoice = await chooseEncoder(width, height, fps, job.prefer);
  const mp4 = encoderChoice.container === 'mp4';

  let failure: unknown = null;
  const fail = (e: unknown) => {
    failure ??= e;
  };
  const muxer = createExportMuxer(job.source, tracks, sink, { mp4, width, height, fps, firstUs: range.firstUs, lastUs: range.lastUs, onFailure: fail });
  const compose = createFrameComposer({ scene: job.scene, sync: job.sync, width, height, sourceWidth: tracks.video.width, sourceHeight: tracks.video.height, fps });

  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };

  let framesDone = 0;
  let lastReport = 0;
  let lastKeyUs = -Infinity;
  const report = (force = false) => {
    const now = performance.now();
    if (!force && now - lastReport < PROGRESS_MS) return;
    lastReport = now;
    control.onProgress({ framesDone, framesTotal: range.frames });
  };

  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      if (failure) return;
      try {
        muxer.addVideoChunk(chunk, meta);
        framesDone++;
        report();
      } catch (e) {
        fail(e);
      }
      poke();
    },
    error: (e) => {
      fail(e);
      poke();
    },
  });
  encoder.configure(encoderChoice.config);
  encoder.ondequeue = poke;

  /** One decoded frame to the encoder, in order (a step of `frames`); closes it. */
  const encodeFrame = async (frame: VideoFrame) => {
    try {
      const ts = frame.timestamp;
      if (failure || ts < range.firstUs || ts > range.lastUs) return;
      const outUs = ts - range.firstUs;
      const out = await compose(frame, { timestamp: outUs, duration: frame.duration ?? undefined });
      if (failure) {
        out.close();
        return;
      }
      const keyFrame = outUs - lastKeyUs >= KEY_INTERVAL_US;
      if (keyFrame) lastKeyUs = outUs;
      encoder.encode(out, { keyFrame });
      out.close();
    } catch (e) {
      fail(e);
    } finally {
      frame.close();
    }
  };
  // Decoded frames wait here for their turn (copying a frame's planes is asynchronous); `waiting` counts them so
  // the reading loop holds back as it does for the decoder's and encoder's queues.
  let frames: Promise<void> = Promise.resolve();
  let waiting = 0;

  const decoder = new VideoDecoder({
    output: (frame) => {
      waiting++;
      frames = frames.then(() => encodeFrame(frame)).then(() => {
        waiting--;
        poke();
      });
    },
    error: (e) => {
      fail(e);
      poke();
    },
  });
  decoder.configure(tracks.video.config);
  decoder.ondequeue = poke;

  const check = () => {
    if (control.cancelled()) throw new ExportError('aborted', 'The export was cancelled.');
    if (failure) throw wrapFailure(failure);
  };

  try {
    const reader = new SampleReader(job.source);
    const samples = tracks.video.samples;
    report(true);
    for (let i = range.from; i <= range.to; i++) {
      check();
      while (decoder.decodeQueueSize >= MAX_DECODE_QUEUE || waiting >= MAX_WAITING || encoder.encodeQueueSize >= MAX_ENCODE_QUEUE) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
        check();
      }
      const s = samples[i];
      const data = await reader.read(s);
      await muxer.readAudioUpTo(s.timestampUs);
      decoder.decode(new EncodedVideoChunk({ type: s.key ? 'key' : 'delta', timestamp: s.timestampUs, duration: s.durationUs, data }));
    }
    await decoder.flush();
    await frames;
    check();
    await encoder.flush();
    check();
    await muxer.finalize();
    check();
    report(true);
    return {
      container: encoderChoice.container,
      codec: encoderChoice.config.codec,
      width,
      height,
      frames: framesDone,
      durationS: (range.lastUs - range.firstUs + (tracks.video.samples[range.to]?.durationUs ?? 0)) / 1e6,
      audioKept: mp4 && muxer.audioMuxed(),
      audioDropped: tracks.audio !== null && !mp4,
    };
  } catch (e) {
    throw wrapFailure(failure ?? e);
  } finally {
    if (decoder.state !== 'closed') decoder.close();
    if (encoder.state !== 'closed') encoder.close();
  }
}

/** A failure as an ExportError: quota, or what went wrong. */
function wrapFailure(e: unknown): ExportError {
  if (e instanceof ExportError) return e;
  if (isQuotaError(e)) return new ExportError('quota', 'The device ran out of space while the video was written.');
  return new ExportError('failed', e instanceof Error ? `${e.name}: ${e.message}` : String(e));
}
