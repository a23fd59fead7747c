/**
 * The stages of the overlay export (export-pipeline.ts runs them): a flow shared by all (the first failure, the
 * cancel check, and the wake-up of the reading loop when a queue moves), the progress report, the decoder (decoded
 * frames wait in order for their overlay) and the encoder (a frame composed, encoded with a key frame every two
 * seconds, muxed). Each bounds its own queue so that memory stays flat.
 */
import { isQuotaError } from '../../data/storage/storage-error';
import { ExportError } from './export-error';
import type { ExportControl } from './export-types';

/** A key frame every two seconds: seeking in the result stays quick. */
const KEY_INTERVAL_US = 2_000_000;
/** Progress reports at most this often. */
const PROGRESS_MS = 200;
/** How long the reading loop waits at most for a queue to move before it looks again. */
const WAIT_MS = 50;

/** A failure as an ExportError: quota, or what went wrong. */
export function wrapFailure(e: unknown): ExportError {
  if (e instanceof ExportError) return e;
  if (isQuotaError(e)) return new ExportError('quota', 'The device ran out of space while the video was written.');
  return new ExportError('failed', e instanceof Error ? `${e.name}: ${e.message}` : String(e));
}

export type ExportFlow = ReturnType<typeof createExportFlow>;

/** What the stages share: the first failure (later ones are dropped), cancelling, and the reading loop's wake-up. */
export function createExportFlow(control: Pick<ExportControl, 'cancelled'>) {
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  return {
    fail(e: unknown) {
      failure ??= e;
    },
    failure: () => failure,
    /** A queue moved: the waiting reading loop goes on. */
    poke() {
      const w = wake;
      wake = null;
      w?.();
    },
    /** Waits until a queue moves (or a short while). */
    wait: () =>
      new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, WAIT_MS);
      }),
    /** Throws when the racer cancelled or a stage failed. */
    check() {
      if (control.cancelled()) throw new ExportError('aborted', 'The export was cancelled.');
      if (failure) throw wrapFailure(failure);
    },
  };
}

/** Frames written so far, reported at most every PROGRESS_MS (or when forced). */
export function createProgressReport(control: Pick<ExportControl, 'onProgress'>, framesTotal: number, now: () => number = () => performance.now()) {
  let framesDone = 0;
  let lastReport = 0;
  const report = (force = false) => {
    const t = now();
    if (!force && t - lastReport < PROGRESS_MS) return;
    lastReport = t;
    control.onProgress({ framesDone, framesTotal });
  };
  return {
    report,
    frameDone() {
      framesDone++;
      report();
    },
    framesDone: () => framesDone,
  };
}

/**
 * Whether a frame at `outUs` (µs into the result) is a key frame, given the last one's time.
 * @internal Exported for its tests.
 */
export function isKeyFrame(outUs: number, lastKeyUs: number): boolean {
  return outUs - lastKeyUs >= KEY_INTERVAL_US;
}

interface EncodeStageInput {
  config: VideoEncoderConfig;
  flow: ExportFlow;
  /** The window's first and last frame timestamps (source µs): frames outside it are dropped. */
  firstUs: number;
  lastUs: number;
  compose: (frame: VideoFrame, init: { timestamp: number; duration?: number }) => Promise<VideoFrame>;
  /** An encoded chunk to the muxer. */
  mux: (chunk: EncodedVideoChunk, meta?: EncodedVideoChunkMetadata) => void;
  onFrameDone: () => void;
}

/** The encoder, and the step that composes one decoded frame and encodes it (in order; it closes the frame). */
export function createEncodeStage({ config, flow, firstUs, lastUs, compose, mux, onFrameDone }: EncodeStageInput) {
  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      if (flow.failure()) return;
      try {
        mux(chunk, meta);
        onFrameDone();
      } catch (e) {
        flow.fail(e);
      }
      flow.poke();
    },
    error: (e) => {
      flow.fail(e);
      flow.poke();
    },
  });
  encoder.configure(config);
  encoder.ondequeue = flow.poke;
  let lastKeyUs = -Infinity;

  const encodeFrame = async (frame: VideoFrame) => {
    try {
      const ts = frame.timestamp;
      if (flow.failure() || ts < firstUs || ts > lastUs) return;
      const outUs = ts - firstUs;
      const out = await compose(frame, { timestamp: outUs, duration: frame.duration ?? undefined });
      if (flow.failure()) {
        out.close();
        return;
      }
      const keyFrame = isKeyFrame(outUs, lastKeyUs);
      if (keyFrame) lastKeyUs = outUs;
      encoder.encode(out, { keyFrame });
      out.close();
    } catch (e) {
      flow.fail(e);
    } finally {
      frame.close();
    }
  };
  return { encoder, encodeFrame };
}

/**
 * The decoder: its frames wait in order for their turn at `encodeFrame` (copying a frame's planes is asynchronous);
 * `waiting` counts them so that the reading loop holds back as it does for the decoder's and encoder's queues.
 */
export function createDecodeStage(config: VideoDecoderConfig, flow: ExportFlow, encodeFrame: (frame: VideoFrame) => Promise<void>) {
  let frames: Promise<void> = Promise.resolve();
  let waiting = 0;
  const decoder = new VideoDecoder({
    output: (frame) => {
      waiting++;
      frames = frames.then(() => encodeFrame(frame)).then(() => {
        waiting--;
        flow.poke();
      });
    },
    error: (e) => {
      flow.fail(e);
      flow.poke();
    },
  });
  decoder.configure(config);
  decoder.ondequeue = flow.poke;
  return {
    decoder,
    waiting: () => waiting,
    /** Every decoded frame handed to the encoder. */
    drained: () => frames,
  };
}
