/**
 * Draws the overlay gauges, from the values at the frame shown (domain/video/overlay-values.ts) and the layout for
 * the frame's shape (domain/video/overlay-layout.ts). Plain 2D canvas calls, a few dozen a frame, on any 2D
 * context: the player's canvas laid over the <video>, or the export worker's OffscreenCanvas (no DOM here).
 */
import { formatLapTime } from '../domain/format/lap-time';
import { layoutOverlay, type Gauge, type Rect } from '../domain/video/overlay-layout';
import type { OverlayValues } from '../domain/video/overlay-values';
import { SectorPerformance } from '../domain/session-types';

/** A page canvas's or an OffscreenCanvas's 2D context: the drawing calls both have. */
export type OverlayContext = Omit<OffscreenCanvasRenderingContext2D, 'canvas'>;

interface OverlayLabels {
  lap: string;
  last: string;
  delta: string;
  kmh: string;
}

interface OverlayTrack {
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
}

export interface OverlayScene {
  values: OverlayValues;
  lapCount: number;
  sessionName: string;
  track: OverlayTrack | null;
  labels: OverlayLabels;
  gauges: readonly Gauge[];
  locale: string;
}

const BOX = 'rgba(10, 14, 20, 0.62)';
const TEXT = '#ffffff';
const DIM = 'rgba(255, 255, 255, 0.7)';
const SECTOR_COLOUR: Record<number, string> = { [SectorPerformance.Best]: '#be4bdb', [SectorPerformance.Improved]: '#2f9e44', [SectorPerformance.Worse]: '#f08c00' };

function box(ctx: OverlayContext, r: Rect): void {
  ctx.fillStyle = BOX;
  ctx.beginPath();
  ctx.roundRect(r.x, r.y, r.width, r.height, Math.min(r.width, r.height) * 0.12);
  ctx.fill();
}

/** One line of text; `maxWidth` shrinks the font until it fits, then ellipsises (a long session name). */
function text(ctx: OverlayContext, value: string, x: number, y: number, size: number, colour = TEXT, align: CanvasTextAlign = 'left', maxWidth = Infinity): void {
  ctx.fillStyle = colour;
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  let px = Math.max(8, Math.round(size));
  ctx.font = `600 ${px}px system-ui, sans-serif`;
  while (px > 8 && ctx.measureText(value).width > maxWidth) {
    px--;
    ctx.font = `600 ${px}px system-ui, sans-serif`;
  }
  let shown = value;
  while (shown.length > 1 && ctx.measureText(shown).width > maxWidth) shown = `${shown.slice(0, -2)}…`;
  ctx.fillText(shown, x, y);
}

function labelled(ctx: OverlayContext, r: Rect, label: string, value: string, colour = TEXT): void {
  box(ctx, r);
  const pad = r.height * 0.12;
  text(ctx, label, r.x + pad, r.y + r.height * 0.28, r.height * 0.26, DIM, 'left', r.width - 2 * pad);
  text(ctx, value, r.x + pad, r.y + r.height * 0.68, r.height * 0.46, colour, 'left', r.width - 2 * pad);
}

function drawMap(ctx: OverlayContext, r: Rect, track: OverlayTrack, values: OverlayValues): void {
  box(ctx, r);
  const n = track.lat.length;
  if (n < 2) return;
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (let i = 0; i < n; i++) {
    minLat = Math.min(minLat, track.lat[i]);
    maxLat = Math.max(maxLat, track.lat[i]);
    minLon = Math.min(minLon, track.lon[i]);
    maxLon = Math.max(maxLon, track.lon[i]);
  }
  const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = (maxLon - minLon) * kx || 1e-9;
  const spanY = maxLat - minLat || 1e-9;
  const pad = r.width * 0.1;
  const scale = Math.min((r.width - 2 * pad) / spanX, (r.height - 2 * pad) / spanY);
  const ox = r.x + (r.width - spanX * scale) / 2;
  const oy = r.y + (r.height + spanY * scale) / 2;
  const px = (lon: number) => ox + (lon - minLon) * kx * scale;
  const py = (lat: number) => oy - (lat - minLat) * scale;
  ctx.strokeStyle = DIM;
  ctx.lineWidth = Math.max(1, r.width * 0.015);
  ctx.beginPath();
  ctx.moveTo(px(track.lon[0]), py(track.lat[0]));
  for (let i = 1; i < n; i++) ctx.lineTo(px(track.lon[i]), py(track.lat[i]));
  ctx.stroke();
  if (values.lat !== null && values.lon !== null) {
    ctx.fillStyle = '#ff3b30';
    ctx.beginPath();
    ctx.arc(px(values.lon), py(values.lat), Math.max(3, r.width * 0.04), 0, 2 * Math.PI);
    ctx.fill();
  }
}

/** Clears the canvas and draws the chosen gauges for this frame. */
export function drawOverlay(ctx: OverlayContext, width: number, height: number, scene: OverlayScene): void {
  ctx.clearRect(0, 0, width, height);
  const { values, labels } = scene;
  if (values.lap === null) return;
  const boxes = layoutOverlay(width, height, scene.gauges);
  const fmtSpeed = new Intl.NumberFormat(scene.locale, { maximumFractionDigits: 0 });
  const fmtDelta = new Intl.NumberFormat(scene.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'always' });
  for (const gauge of scene.gauges) {
    const r = boxes[gauge];
    if (!r) continue;
    switch (gauge) {
      case 'lapTimer':
        labelled(ctx, r, `${labels.lap} ${values.lap}`, values.lapElapsedMs === null ? '-' : formatLapTime(Math.max(0, Math.round(values.lapElapsedMs))));
        break;
      case 'lastLap':
        labelled(ctx, r, labels.last, values.lastLapMs === null ? '-' : formatLapTime(Math.round(values.lastLapMs)));
        break;
      case 'lapCounter':
        labelled(ctx, r, labels.lap, `${values.lap}/${scene.lapCount}`);
        break;
      case 'speed':
        labelled(ctx, r, labels.kmh, values.speedKmh === null ? '-' : fmtSpeed.format(values.speedKmh));
        break;
      case 'delta': {
        const d = values.deltaMs;
        labelled(ctx, r, labels.delta, d === null ? '-' : fmtDelta.format(d / 1000), d === null ? TEXT : d > 0 ? '#ff6b6b' : '#51cf66');
        break;
      }
      case 'sectors': {
        box(ctx, r);
        const pad = r.height * 0.18;
        const w = (r.width - pad * 4) / 3;
        values.sectors.forEach((p, k) => {
          ctx.fillStyle = p === null ? 'rgba(255,255,255,0.18)' : SECTOR_COLOUR[p];
          ctx.fillRect(r.x + pad + k * (w + pad), r.y + pad, w, r.height - 2 * pad);
          text(ctx, `S${k + 1}`, r.x + pad + k * (w + pad) + w / 2, r.y + r.height / 2, r.height * 0.4, TEXT, 'center');
        });
        break;
      }
      case 'map':
        if (scene.track) drawMap(ctx, r, scene.track, values);
        break;
      case 'sessionName':
        box(ctx, r);
        text(ctx, scene.sessionName, r.x + r.height * 0.3, r.y + r.height / 2, r.height * 0.5, TEXT, 'left', r.width - r.height * 0.6);
        break;
      case 'gMeter':
        break;
    }
  }
}
