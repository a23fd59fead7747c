/**
 * The g-g diagram (traction circle) drawn straight onto a 2D canvas: every sample of each lap as a 2 px dot, each
 * lap's envelope as a closed line (dashed for the right-hand session), circles every half g, axes through 0 and
 * labels in g. The dots are written straight into the canvas's pixels (one ImageData, put once a frame), with no
 * path or shape per dot: ten laps of racing (17,000 dots) cost about as much as one blank frame, where a charting
 * library's scatter took over a second a frame. The rings, axes, labels and envelopes are drawn over them.
 *
 * Pure drawing (no React, no DOM beyond the context handed in), so the benchmark times exactly what the screen draws.
 */
import type { GgSeries } from './coach-view';

/** The colours and opacities of one theme. */
export interface GgTheme {
  text: string;
  /** The half-g circles and the frame. */
  grid: string;
  /** The axes through 0. */
  axis: string;
  /** Opacity of the dots: on a dark background the laps' colours need more of it to be seen. */
  pointAlpha: number;
}

export function ggTheme(dark: boolean): GgTheme {
  return dark
    ? { text: '#c9c9c9', grid: 'rgba(255, 255, 255, 0.16)', axis: 'rgba(255, 255, 255, 0.45)', pointAlpha: 0.7 }
    : { text: '#333333', grid: 'rgba(0, 0, 0, 0.12)', axis: 'rgba(0, 0, 0, 0.45)', pointAlpha: 0.45 };
}

/**
 * The axes' limit, g: the envelopes' largest reach rounded up to the next half g, at least 1 (axis labels have one
 * decimal, and a limit of 1.25 g would be labelled 1.3).
 * @internal Exported for its tests.
 */
export function ggLimit(series: readonly GgSeries[]): number {
  let extent = 1;
  for (const s of series) for (const [x, y] of s.envelope) extent = Math.max(extent, Math.abs(x), Math.abs(y));
  return Math.ceil(extent * 2) / 2;
}

export interface GgDrawOptions {
  /** CSS pixels of the canvas (the context is already scaled for the device's pixel ratio). */
  width: number;
  height: number;
  /** Device pixels per CSS pixel (the canvas is width x ratio device pixels wide). Default 1. */
  pixelRatio?: number;
  theme: GgTheme;
  xName: string;
  yName: string;
  /** Axis label text of a value in g (one decimal, the user's locale). */
  format: (g: number) => string;
}

/** Room for the tick labels and the axis names, CSS pixels. */
const MARGIN = { left: 44, right: 10, top: 10, bottom: 38 };
const DOT = 2;

/**
 * The square plot: its centre and its pixels per g.
 * @internal Exported for its tests.
 */
export function ggPlotBox(width: number, height: number, limit: number): { cx: number; cy: number; scale: number; half: number } {
  const side = Math.max(10, Math.min(width - MARGIN.left - MARGIN.right, height - MARGIN.top - MARGIN.bottom));
  const half = side / 2;
  return { cx: MARGIN.left + (width - MARGIN.left - MARGIN.right) / 2, cy: MARGIN.top + half, scale: half / limit, half };
}

/** The canvas's pixel buffer, kept between frames (a frame clears it, it does not allocate one). */
const buffers = new WeakMap<CanvasRenderingContext2D, ImageData>();
/** A CSS colour as a little-endian RGBA word with alpha `alpha` (0-1), parsed by the canvas itself. */
const colourWords = new Map<string, number>();

function colourWord(ctx: CanvasRenderingContext2D, colour: string, alpha: number): number {
  const key = `${colour}|${alpha}`;
  let word = colourWords.get(key);
  if (word !== undefined) return word;
  // fillStyle normalises any CSS colour to '#rrggbb' (opaque) or 'rgba(r, g, b, a)'.
  ctx.save();
  ctx.fillStyle = '#000000';
  ctx.fillStyle = colour;
  const normal = String(ctx.fillStyle);
  ctx.restore();
  let r = 0;
  let g = 0;
  let b = 0;
  if (normal.startsWith('#')) {
    r = parseInt(normal.slice(1, 3), 16);
    g = parseInt(normal.slice(3, 5), 16);
    b = parseInt(normal.slice(5, 7), 16);
  } else {
    const m = normal.match(/[\d.]+/g) ?? [];
    [r, g, b] = [Number(m[0] ?? 0), Number(m[1] ?? 0), Number(m[2] ?? 0)];
  }
  word = ((Math.round(alpha * 255) << 24) | (b << 16) | (g << 8) | r) >>> 0;
  colourWords.set(key, word);
  return word;
}

/** Every lap's dots into the canvas's pixels, the later laps over the earlier ones, clipped to the plot. */
function putDots(ctx: CanvasRenderingContext2D, series: readonly GgSeries[], box: { cx: number; cy: number; scale: number; half: number }, ratio: number, alpha: number): void {
  const w = ctx.canvas.width;
  const h = ctx.canvas.height;
  let image = buffers.get(ctx);
  if (!image || image.width !== w || image.height !== h) {
    image = ctx.createImageData(w, h);
    buffers.set(ctx, image);
  }
  const pixels = new Uint32Array(image.data.buffer, image.data.byteOffset, w * h);
  pixels.fill(0);
  const dot = Math.max(1, Math.round(DOT * ratio));
  const cx = box.cx * ratio;
  const cy = box.cy * ratio;
  const scale = box.scale * ratio;
  const x0 = Math.max(0, Math.ceil((box.cx - box.half) * ratio));
  const x1 = Math.min(w - dot, Math.floor((box.cx + box.half) * ratio) - dot);
  const y0 = Math.max(0, Math.ceil((box.cy - box.half) * ratio));
  const y1 = Math.min(h - dot, Math.floor((box.cy + box.half) * ratio) - dot);
  for (const s of series) {
    const word = colourWord(ctx, s.color, alpha);
    const { lateralG, longitudinalG } = s;
    for (let i = 0; i < lateralG.length; i++) {
      // Top-left pixel of the dot centred on the sample (NaN fails every comparison and is skipped).
      const px = Math.round(cx + lateralG[i] * scale - dot / 2);
      const py = Math.round(cy - longitudinalG[i] * scale - dot / 2);
      if (!(px >= x0 && px <= x1 && py >= y0 && py <= y1)) continue;
      for (let dy = 0; dy < dot; dy++) pixels.fill(word, (py + dy) * w + px, (py + dy) * w + px + dot);
    }
  }
  ctx.putImageData(image, 0, 0);
}

export function drawGg(ctx: CanvasRenderingContext2D, series: readonly GgSeries[], o: GgDrawOptions): void {
  const limit = ggLimit(series);
  const box = ggPlotBox(o.width, o.height, limit);
  const { cx, cy, scale, half } = box;
  // The dots first: putting the pixels replaces the whole canvas (the frame's clear), the rest is drawn over them.
  putDots(ctx, series, box, o.pixelRatio ?? 1, o.theme.pointAlpha);
  ctx.save();
  ctx.lineWidth = 1;
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;

  // Frame and half-g circles (the traction circle's rings), then the axes through 0.
  ctx.strokeStyle = o.theme.grid;
  ctx.strokeRect(cx - half, cy - half, 2 * half, 2 * half);
  ctx.beginPath();
  for (let r = 0.5; r <= limit + 1e-9; r += 0.5) {
    ctx.moveTo(cx + r * scale, cy);
    ctx.arc(cx, cy, r * scale, 0, 2 * Math.PI);
  }
  ctx.stroke();
  ctx.strokeStyle = o.theme.axis;
  ctx.beginPath();
  ctx.moveTo(cx - half, cy);
  ctx.lineTo(cx + half, cy);
  ctx.moveTo(cx, cy - half);
  ctx.lineTo(cx, cy + half);
  ctx.stroke();

  // Tick labels every half g below and left of the plot, and the axis names.
  ctx.fillStyle = o.theme.text;
  ctx.font = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (let v = -limit; v <= limit + 1e-9; v += 0.5) ctx.fillText(o.format(v), cx + v * scale, cy + half + 4);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  // Up is accelerating, down is braking: the label at the top is +limit.
  for (let v = -limit; v <= limit + 1e-9; v += 0.5) ctx.fillText(o.format(v), cx - half - 4, cy - v * scale);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  ctx.fillText(o.xName, cx, o.height - 1);
  ctx.save();
  // Beside the tick labels (the square plot is centred, so on a wide column the margin's edge is far from it).
  ctx.translate(Math.max(12, cx - half - 36), cy);
  ctx.rotate(-Math.PI / 2);
  ctx.textBaseline = 'middle';
  ctx.fillText(o.yName, 0, 0);
  ctx.restore();

  // The envelopes on top, fully opaque.
  ctx.lineWidth = 2;
  for (const s of series) {
    if (s.envelope.length < 2) continue;
    ctx.strokeStyle = s.color;
    ctx.setLineDash(s.dashed ? [6, 4] : []);
    ctx.beginPath();
    s.envelope.forEach(([x, y], k) => (k === 0 ? ctx.moveTo(cx + x * scale, cy - y * scale) : ctx.lineTo(cx + x * scale, cy - y * scale)));
    ctx.closePath();
    ctx.stroke();
  }
  ctx.restore();
}
