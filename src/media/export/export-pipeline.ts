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
import { chooseEncoder } from './encoder-choice';
import { decodeRange, exportedDurationS } from './decode-range';
import { ExportError } from './export-error';
import { readSourceTracks, SampleReader } from '../source-tracks';
import { createExportMuxer } from './export-muxer';
import { createDecodeStage, createEncodeStage, createExportFlow, createProgressReport, wrapFailure } from './export-stages';
import { createFrameComposer } from './frame-composer';
import type { ExportControl, ExportJob, ExportResult, ExportSink } from './export-types';

/** Work allowed to wait in each queue: a handful of frames (a 1080p frame is 3 MB decoded). */
const MAX_DECODE_QUEUE = 4;
const MAX_ENCODE_QUEUE = 4;
/** Decoded frames waiting for their overlay. */
const MAX_WAITING = 4;

/** What the export will do: the source's tracks, the samples to decode, the output's size and rate, the encoder. */
async function planExport(job: ExportJob) {
  const tracks = await readSourceTracks(job.source);
  const support = await VideoDecoder.isConfigSupported(tracks.video.config).catch(() => ({ supported: false }));
  if (!support.supported) throw new ExportError('undecodable', `This browser cannot decode ${tracks.video.config.codec} video.`, tracks.video.config.codec);
  const range = decodeRange(tracks.video.samples, job.startS, job.endS);
  if (!range) throw new ExportError('not-covered', 'The video has no frames in the chosen laps.');
  const { width, height } = outputSize(tracks.video.width, tracks.video.height, job.height);
  const fps = Math.round(tracks.video.fps * 1000) / 1000;
  const encoderChoice = await chooseEncoder(width, height, fps, job.prefer);
  return { tracks, range, width, height, fps, encoderChoice, mp4: encoderChoice.container === 'mp4' };
}

/**
 * Runs the export: decode (VideoDecoder) -> compose (frame-composer.ts) -> encode (VideoEncoder) -> mux
 * (export-muxer.ts), each stage's queue bounded so that memory stays flat (export-stages.ts).
 */
export async function runExport(job: ExportJob, sink: ExportSink, control: ExportControl): Promise<ExportResult> {
  const { tracks, range, width, height, fps, encoderChoice, mp4 } = await planExport(job);
  const flow = createExportFlow(control);
  const muxer = createExportMuxer(job.source, tracks, sink, { mp4, width, height, fps, firstUs: range.firstUs, lastUs: range.lastUs, onFailure: flow.fail });
  const compose = createFrameComposer({ scene: job.scene, sync: job.sync, width, height, sourceWidth: tracks.video.width, sourceHeight: tracks.video.height, fps });
  const progress = createProgressReport(control, range.frames);
  const { encoder, encodeFrame } = createEncodeStage({
    config: encoderChoice.config,
    flow,
    firstUs: range.firstUs,
    lastUs: range.lastUs,
    compose,
    mux: (chunk, meta) => muxer.addVideoChunk(chunk, meta),
    onFrameDone: progress.frameDone,
  });
  const { decoder, waiting, drained } = createDecodeStage(tracks.video.config, flow, encodeFrame);

  try {
    const reader = new SampleReader(job.source);
    const samples = tracks.video.samples;
    progress.report(true);
    for (let i = range.from; i <= range.to; i++) {
      flow.check();
      while (decoder.decodeQueueSize >= MAX_DECODE_QUEUE || waiting() >= MAX_WAITING || encoder.encodeQueueSize >= MAX_ENCODE_QUEUE) {
        await flow.wait();
        flow.check();
      }
      const s = samples[i];
      const data = await reader.read(s);
      await muxer.readAudioUpTo(s.timestampUs);
      decoder.decode(new EncodedVideoChunk({ type: s.key ? 'key' : 'delta', timestamp: s.timestampUs, duration: s.durationUs, data }));
    }
    await decoder.flush();
    await drained();
    flow.check();
    await encoder.flush();
    flow.check();
    await muxer.finalize();
    flow.check();
    progress.report(true);
    return {
      container: encoderChoice.container,
      codec: encoderChoice.config.codec,
      width,
      height,
      frames: progress.framesDone(),
      durationS: exportedDurationS(range, samples),
      audioKept: mp4 && muxer.audioMuxed(),
      audioDropped: tracks.audio !== null && !mp4,
    };
  } catch (e) {
    throw wrapFailure(flow.failure() ?? e);
  } finally {
    if (decoder.state !== 'closed') decoder.close();
    if (encoder.state !== 'closed') encoder.close();
  }
}
