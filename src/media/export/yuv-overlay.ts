/**
 * The export's overlay on a decoded frame without a full-frame canvas: each gauge is drawn on a CPU canvas
 * (willReadFrequently: reading it back is a copy, not a GPU download) only when what it shows changes (gaugeKey),
 * only its box is cleared and only the part that changed read back, and the box is kept as a layer in the frame's own terms (yuv-blend.ts)
 * that is blended into a copy of every frame's I420/NV12 planes, which becomes the frame handed to the encoder.
 * Drawing the decoded frame on a canvas instead (RGB conversion of every pixel, then back to YUV in the encoder)
 * made an overlay export take 3.5 times as long as a bare one in Chromium. Frames of another pixel format (10-bit,
 * 4:4:4, alpha) are left to the caller's canvas path.
 */
import { layoutOverlay, type Gauge, type Rect } from '../../domain/video/overlay-layout';
import { changedArea, drawGauge, gaugeKey, type OverlayScene } from '../overlay-draw';
import { ExportError } from './export-error';
import { blendLayer, emptyLayer, updateLayer, yuvCoefficients, type YuvCoefficients, type YuvLayer, type YuvPlanes } from './yuv-blend';

/** A box grown to even edges (a chroma sample covers 2x2 pixels), inside the frame. */
function evenBox(r: Rect, width: number, height: number): Rect {
  const x = Math.max(0, Math.floor(r.x / 2) * 2);
  const y = Math.max(0, Math.floor(r.y / 2) * 2);
  const right = Math.min(width, Math.ceil((r.x + r.width) / 2) * 2);
  const bottom = Math.min(height, Math.ceil((r.y + r.height) / 2) * 2);
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

function intersect(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return { x, y, width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x), height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y) };
}

interface GaugeBox {
  gauge: Gauge;
  /** The gauge's own box (where it draws). */
  rect: Rect;
  /** The box read back and blended: `rect` grown to even edges. */
  area: Rect;
  key: string | null;
  layer: YuvLayer | null;
}

export class YuvOverlay {
  private readonly ctx: OffscreenCanvasRenderingContext2D;
  private readonly boxes: GaugeBox[] = [];
  private buffer = new Uint8Array(0);
  private coefficients: { key: string; value: YuvCoefficients } | null = null;

  constructor(
    private readonly width: number,
    private readonly height: number,
    gauges: OverlayScene['gauges'],
  ) {
    const ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new ExportError('failed', 'No 2D canvas in this worker.');
    this.ctx = ctx;
    const rects = layoutOverlay(width, height, gauges);
    for (const gauge of gauges) {
      const rect = rects[gauge];
      const area = rect && evenBox(rect, width, height);
      if (rect && area && area.width > 0 && area.height > 0) this.boxes.push({ gauge, rect, area, key: null, layer: null });
    }
  }

  /** Whether this frame's pixels can be blended into (8-bit 4:2:0, the output's size). */
  accepts(frame: VideoFrame): boolean {
    return (frame.format === 'I420' || frame.format === 'NV12') && frame.visibleRect?.width === this.width && frame.visibleRect.height === this.height;
  }

  /** A new frame: `frame` (which stays open) with the gauges of `scene` over it. */
  async compose(frame: VideoFrame, scene: OverlayScene, init: { timestamp: number; duration?: number }): Promise<VideoFrame> {
    const k = this.coefficientsOf(frame);
    for (const b of this.boxes) {
      const key = gaugeKey(b.gauge, b.rect, scene);
      if (key === b.key) continue;
      const before = b.key;
      b.key = key;
      if (key === '') {
        b.layer = null;
        continue;
      }
      const { x, y, width, height } = b.area;
      // Only the part that can have changed is drawn, read back and converted (a figure's last digits, the map's dot).
      const changed = b.layer && before ? evenBox(changedArea(this.ctx, b.gauge, b.rect, before, key), x + width, y + height) : b.area;
      const area = intersect(changed, b.area);
      b.layer ??= emptyLayer(width, height);
      if (area.width === 0 || area.height === 0) continue;
      this.ctx.save();
      this.ctx.beginPath();
      this.ctx.rect(area.x, area.y, area.width, area.height);
      this.ctx.clip();
      this.ctx.clearRect(area.x, area.y, area.width, area.height);
      drawGauge(this.ctx, b.gauge, b.rect, scene);
      this.ctx.restore();
      updateLayer(b.layer, this.ctx.getImageData(area.x, area.y, area.width, area.height).data, area.x - x, area.y - y, area.width, area.height, k);
    }
    const size = frame.allocationSize();
    if (this.buffer.length !== size) this.buffer = new Uint8Array(size);
    const layout = await frame.copyTo(this.buffer);
    const format = frame.format as 'I420' | 'NV12';
    const planes: YuvPlanes = {
      format,
      yOffset: layout[0].offset,
      yStride: layout[0].stride,
      uOffset: layout[1].offset,
      uStride: layout[1].stride,
      vOffset: format === 'NV12' ? layout[1].offset + 1 : layout[2].offset,
      vStride: format === 'NV12' ? layout[1].stride : layout[2].stride,
    };
    for (const b of this.boxes) if (b.layer) blendLayer(this.buffer, planes, b.layer, b.area.x, b.area.y);
    // The frame gets a copy of the buffer, which is reused for the next one (a new buffer each frame, transferred
    // to the frame instead, cost four times as much: fresh memory is zeroed and faulted in).
    return new VideoFrame(this.buffer, {
      format,
      codedWidth: this.width,
      codedHeight: this.height,
      timestamp: init.timestamp,
      duration: init.duration,
      layout,
      colorSpace: frame.colorSpace.toJSON(),
    });
  }

  /** The frame's matrix and range; a change (never within one video, in practice) makes every layer anew. */
  private coefficientsOf(frame: VideoFrame): YuvCoefficients {
    const { matrix, fullRange } = frame.colorSpace;
    const key = `${matrix}/${fullRange}`;
    if (this.coefficients?.key !== key) {
      this.coefficients = { key, value: yuvCoefficients(matrix, fullRange, this.height) };
      for (const b of this.boxes) b.key = null;
    }
    return this.coefficients.value;
  }
}
