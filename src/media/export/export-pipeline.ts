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
import { Muxer as Mp4Muxer, StreamTarget as Mp4Target } from 'mp4-muxer';
import { Muxer as WebmMuxer, StreamTarget as WebmTarget } from 'webm-muxer';
import type { AccelerationColumns } from '../../domain/coaching/acceleration';
import type { LapTrace } from '../../domain/lap-compare/lap-trace';
import type { PositionColumns } from '../../domain/session-types';
import { outputSize, type ExportHeight } from '../../domain/video/export-plan';
import type { LapSpan } from '../../domain/video/lap-times';
import type { Gauge } from '../../domain/video/overlay-layout';
import { overlayValuesAt, type OverlayLap } from '../../domain/video/overlay-values';
import { sessionTimeAt, type VideoSync } from '../../domain/video/video-clock';
import { isQuotaError } from '../../data/storage/storage-error';
import { drawGauges, type OverlayScene } from '../overlay-draw';
import { chooseEncoder } from './encoder-choice';
import { ExportError } from './export-error';
import { readSourceTracks, SampleReader, type SourceSample } from './source-tracks';
import { YuvOverlay } from './yuv-overlay';

/** What the gauges need besides the values at each frame (the player's scene without the values). */
export interface ExportScene extends Omit<OverlayScene, 'values'> {
  positions: PositionColumns;
  spans: LapSpan[];
  laps: OverlayLap[];
  reference: LapTrace | null;
  /** Per-fix g for the g-meter, or null. */
  acceleration: AccelerationColumns | null;
  gauges: Gauge[];
}

export interface ExportJob {
  source: Blob;
  /** The media-time window (seconds): every frame shown in it is exported. */
  startS: number;
  endS: number;
  sync: VideoSync;
  height: ExportHeight;
  /** The gauges; null renders the frames bare (the benchmark's baseline). */
  scene: ExportScene | null;
  /** 'webm' skips H.264 (tests of the fallback). */
  prefer?: 'mp4' | 'webm';
}

/** Where the muxer's bytes go: `write` may be asked to write earlier positions again (the mdat size at the end). */
export interface ExportSink {
  write(data: Uint8Array, position: number): void;
}

export interface ExportProgress {
  framesDone: number;
  framesTotal: number;
}

export interface ExportControl {
  cancelled(): boolean;
  onProgress(progress: ExportProgress): void;
}

export interface ExportResult {
  container: 'mp4' | 'webm';
  codec: string;
  width: number;
  height: number;
  frames: number;
  durationS: number;
  /** The source had audio and it was copied across. */
  audioKept: boolean;
  /** The source had audio that the WebM fallback could not carry. */
  audioDropped: boolean;
}

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
function decodeRange(samples: readonly SourceSample[], startUs: number, endUs: number): { from: number; to: number; firstUs: number; lastUs: number; frames: number } | null {
  let first = -1;
  let last = -1;
  let firstUs = Infinity;
  let lastUs = -Infinity;
  let frames = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    // The frame shown at startUs (its display interval holds it) through the last one starting before endUs.
    if (s.timestampUs + s.durationUs > startUs + 1 && s.timestampUs < endUs) {
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

export async function runExport(job: ExportJob, sink: ExportSink, control: ExportControl): Promise<ExportResult> {
  const tracks = await readSourceTracks(job.source);
  const support = await VideoDecoder.isConfigSupported(tracks.video.config).catch(() => ({ supported: false }));
  if (!support.supported) throw new ExportError('undecodable', `This browser cannot decode ${tracks.video.config.codec} video.`, tracks.video.config.codec);
  const range = decodeRange(tracks.video.samples, job.startS * 1e6, job.endS * 1e6);
  if (!range) throw new ExportError('not-covered', 'The video has no frames in the chosen laps.');
  const { width, height } = outputSize(tracks.video.width, tracks.video.height, job.height);
  const fps = Math.round(tracks.video.fps * 1000) / 1000;
  const encoderChoice = await chooseEncoder(width, height, fps, job.prefer);
  const mp4 = encoderChoice.container === 'mp4';
  const audio = mp4 ? tracks.audio : null;

  let failure: unknown = null;
  const fail = (e: unknown) => {
    failure ??= e;
  };
  const onData = (data: Uint8Array, position: number) => {
    try {
      sink.write(data, position);
    } catch (e) {
      fail(e);
      throw e;
    }
  };
  // The muxers take a frame rate only as a whole number (it becomes the MP4 track's timescale): a 29.97 fps camera
  // file, or one whose measured rate is 29.987, would be refused. Without it each frame keeps its own timestamp
  // (the MP4 timescale is then fine enough for any rate).
  const frameRate = Number.isInteger(fps) && fps > 0 ? { frameRate: fps } : {};
  const target = mp4 ? new Mp4Target({ onData, chunked: true, chunkSize: 4 * 1024 * 1024 }) : new WebmTarget({ onData, chunked: true, chunkSize: 4 * 1024 * 1024 });
  const muxer = mp4
    ? new Mp4Muxer({
        target: target as Mp4Target,
        video: { codec: 'avc', width, height, ...frameRate },
        audio: audio ? { codec: 'aac', numberOfChannels: audio.channels, sampleRate: audio.sampleRate } : undefined,
        fastStart: false,
        firstTimestampBehavior: 'cross-track-offset',
      })
    : new WebmMuxer({ target: target as WebmTarget, video: { codec: 'V_VP9', width, height, ...frameRate }, firstTimestampBehavior: 'offset' });

  // Audio: the samples in the window, read ahead by the feeding loop and muxed before the video chunk they precede.
  const audioSamples = audio ? audio.samples.filter((s) => s.timestampUs >= range.firstUs && s.timestampUs <= range.lastUs) : [];
  const audioReader = new SampleReader(job.source);
  const audioReady: { data: Uint8Array; sample: SourceSample }[] = [];
  let audioRead = 0;
  let audioMuxed = 0;
  const audioMeta: EncodedAudioChunkMetadata | undefined = audio
    ? { decoderConfig: { codec: 'mp4a.40.2', sampleRate: audio.sampleRate, numberOfChannels: audio.channels, description: audio.description } }
    : undefined;
  const muxAudioUpTo = (outUs: number) => {
    while (audioReady.length > 0 && audioReady[0].sample.timestampUs - range.firstUs <= outUs) {
      const { data, sample } = audioReady.shift()!;
      (muxer as Mp4Muxer<Mp4Target>).addAudioChunkRaw(data, 'key', sample.timestampUs - range.firstUs, sample.durationUs, audioMuxed === 0 ? audioMeta : undefined);
      audioMuxed++;
    }
  };
  const readAudioUpTo = async (sourceUs: number) => {
    while (audioRead < audioSamples.length && audioSamples[audioRead].timestampUs <= sourceUs) {
      audioReady.push({ data: await audioReader.read(audioSamples[audioRead]), sample: audioSamples[audioRead] });
      audioRead++;
    }
  };

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
        muxAudioUpTo(chunk.timestamp);
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

  const scene = job.scene;
  const sameSize = width === tracks.video.width && height === tracks.video.height;
  const yuv = scene && sameSize ? new YuvOverlay(width, height, scene.gauges) : null;
  // The canvas path, made when first needed: scaling, or a pixel format the YUV blend does not take.
  let canvas: { canvas: OffscreenCanvas; ctx: OffscreenCanvasRenderingContext2D } | null = null;
  const canvasFrame = (frame: VideoFrame, overlay: OverlayScene | null, init: VideoFrameInit): VideoFrame => {
    if (!canvas) {
      const c = new OffscreenCanvas(width, height);
      const ctx = c.getContext('2d');
      if (!ctx) throw new ExportError('failed', 'No 2D canvas in this worker.');
      canvas = { canvas: c, ctx };
    }
    const { ctx } = canvas;
    // 'copy': the frame replaces the last one without blending, then the gauges go over it.
    ctx.globalCompositeOperation = 'copy';
    ctx.drawImage(frame, 0, 0, width, height);
    ctx.globalCompositeOperation = 'source-over';
    if (overlay) drawGauges(ctx, width, height, overlay);
    return new VideoFrame(canvas.canvas, init);
  };

  /** One decoded frame to the encoder, in order (a step of `frames`); closes it. */
  const encodeFrame = async (frame: VideoFrame) => {
    try {
      const ts = frame.timestamp;
      if (failure || ts < range.firstUs || ts > range.lastUs) return;
      const outUs = ts - range.firstUs;
      const init = { timestamp: outUs, duration: frame.duration ?? undefined };
      let out: VideoFrame;
      if (!scene) {
        out = sameSize ? new VideoFrame(frame, init) : canvasFrame(frame, null, init);
      } else {
        const sessionMs = sessionTimeAt(job.sync, ts / 1e6);
        const values = overlayValuesAt(scene.positions, scene.spans, scene.laps, sessionMs, scene.reference, scene.acceleration);
        const overlay = { ...scene, values };
        out = yuv?.accepts(frame) ? await yuv.compose(frame, overlay, init) : canvasFrame(frame, overlay, init);
      }
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
      await readAudioUpTo(s.timestampUs);
      decoder.decode(new EncodedVideoChunk({ type: s.key ? 'key' : 'delta', timestamp: s.timestampUs, duration: s.durationUs, data }));
    }
    await decoder.flush();
    await frames;
    check();
    await encoder.flush();
    check();
    await readAudioUpTo(Infinity);
    muxAudioUpTo(Infinity);
    muxer.finalize();
    check();
    report(true);
    return {
      container: encoderChoice.container,
      codec: encoderChoice.config.codec,
      width,
      height,
      frames: framesDone,
      durationS: (range.lastUs - range.firstUs + (tracks.video.samples[range.to]?.durationUs ?? 0)) / 1e6,
      audioKept: audio !== null && audioMuxed > 0,
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
