/**
 * The export's middle stage: a decoded source frame becomes the output frame, with the gauges of the session time
 * the frame shows (the player's label rule, lap-frames.ts: a lap's first frame reads 'LAP N 00:00.00'). The gauges
 * are blended into the frame's own YUV planes (yuv-overlay.ts) when the size is kept and the pixel format allows;
 * otherwise the frame is drawn on a canvas (scaled) and the gauges over it. Without a scene the frame goes bare
 * (the benchmark's baseline).
 */
import { frameLabelTime } from '../../domain/video/lap-frames';
import { overlayValuesAt } from '../../domain/video/overlay-values';
import { sessionTimeAt, type VideoSync } from '../../domain/video/video-clock';
import { drawGauges, type OverlayScene } from '../overlay-draw';
import { ExportError } from './export-error';
import type { ExportScene } from './export-types';
import { YuvOverlay } from './yuv-overlay';

export interface FrameComposerOptions {
  scene: ExportScene | null;
  sync: VideoSync;
  /** Output size, and the source's: the same size takes the YUV blend. */
  width: number;
  height: number;
  sourceWidth: number;
  sourceHeight: number;
  /** Frame rate, for a frame without a duration. */
  fps: number;
}

/** The output frame's time stamp (µs from the export's start) and duration. */
interface OutputStamp {
  timestamp: number;
  duration?: number;
}

/** The output frame for a source frame at source time `frame.timestamp`, stamped `init` (the caller closes both). */
export type FrameComposer = (frame: VideoFrame, init: OutputStamp) => Promise<VideoFrame>;

export function createFrameComposer(o: FrameComposerOptions): FrameComposer {
  const { scene, width, height } = o;
  const sameSize = width === o.sourceWidth && height === o.sourceHeight;
  const yuv = scene && sameSize ? new YuvOverlay(width, height, scene.gauges) : null;
  // The canvas path, made when first needed: scaling, or a pixel format the YUV blend does not take.
  let canvas: { canvas: OffscreenCanvas; ctx: OffscreenCanvasRenderingContext2D } | null = null;
  const canvasFrame = (frame: VideoFrame, overlay: OverlayScene | null, init: OutputStamp): VideoFrame => {
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
  return async (frame, init) => {
    if (!scene) return sameSize ? new VideoFrame(frame, init) : canvasFrame(frame, null, init);
    const ts = frame.timestamp;
    const durationUs = frame.duration ?? 1e6 / o.fps;
    const sessionMs = frameLabelTime(scene.spans, sessionTimeAt(o.sync, ts / 1e6), sessionTimeAt(o.sync, (ts + durationUs) / 1e6));
    const values = overlayValuesAt(scene.positions, scene.spans, scene.laps, sessionMs, scene.reference, scene.acceleration);
    const overlay = { ...scene, values };
    return yuv?.accepts(frame) ? yuv.compose(frame, overlay, init) : canvasFrame(frame, overlay, init);
  };
}
