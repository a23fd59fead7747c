/**
 * Draws the overlay gauges on a canvas laid over the video, from the values at the frame shown
 * (domain/video/overlay-values.ts) and the layout for the frame's shape (domain/video/overlay-layout.ts). Plain
 * 2D canvas calls, a few dozen a frame, on a page canvas or an OffscreenCanvas in a worker (no DOM here): the
 * track outline is projected into a Path2D once per box and track, and number formats are made once per locale.
 */
import { formatLapTime } from '../domain/value-format/lap-time';
import { layoutOverlay, type Gauge, type Rect } from '../domain/video/overlay-layout';
import type { OverlayValues } from '../domain/video/overlay-values';
import { SectorPerformance } from '../domain/session-types';

/** A page canvas's or an OffscreenCanvas's 2D context: the drawing calls both have. */
export type OverlayContext = Omit<OffscreenCanvasRenderingContext2D, 'canvas'>;

export interface OverlayLabels {
  lap: string;
  last: string;
  delta: string;
  kmh: string;
  /** Above the g-meter ('g' when not given). */
  g?: string;
}

interface OverlayTrack {
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
}

export interface OverlayScene {
  values: OverlayValues;
  lapCount: number;
  sessionName: string;
  /** The session's date, formatted for the locale (shown after the name); empty or absent for none. */
  sessionDate?: string;
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

/** A figure's label sits in the top 41% of its box, its value (centred at 68%, 46% high) in the rest. */
const VALUE_TOP = 0.4;

function labelled(ctx: OverlayContext, r: Rect, label: string, value: string, colour = TEXT): void {
  box(ctx, r);
  const pad = r.height * 0.12;
  text(ctx, label, r.x + pad, r.y + r.height * 0.28, r.height * 0.26, DIM, 'left', r.width - 2 * pad);
  text(ctx, value, r.x + pad, r.y + r.height * 0.68, r.height * 0.46, colour, 'left', r.width - 2 * pad);
}

interface MapProjection {
  path: Path2D;
  x: (lon: number) => number;
  y: (lat: number) => number;
}

const projections = new WeakMap<OverlayTrack, { key: string; projection: MapProjection }>();

/** The track outline fitted into a box, and the projection of a position into it (kept per track and box). */
function projectionOf(track: OverlayTrack, r: Rect): MapProjection {
  const key = `${r.x},${r.y},${r.width},${r.height}`;
  const cached = projections.get(track);
  if (cached?.key === key) return cached.projection;
  const n = track.lat.length;
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
  const x = (lon: number) => ox + (lon - minLon) * kx * scale;
  const y = (lat: number) => oy - (lat - minLat) * scale;
  const path = new Path2D();
  path.moveTo(x(track.lon[0]), y(track.lat[0]));
  for (let i = 1; i < n; i++) path.lineTo(x(track.lon[i]), y(track.lat[i]));
  const projection = { path, x, y };
  projections.set(track, { key, projection });
  return projection;
}

function drawMap(ctx: OverlayContext, r: Rect, track: OverlayTrack, values: OverlayValues): void {
  box(ctx, r);
  if (track.lat.length < 2) return;
  const p = projectionOf(track, r);
  ctx.strokeStyle = DIM;
  ctx.lineWidth = Math.max(1, r.width * 0.015);
  ctx.lineJoin = 'round';
  ctx.stroke(p.path);
  if (values.lat !== null && values.lon !== null) {
    ctx.fillStyle = '#ff3b30';
    ctx.strokeStyle = TEXT;
    ctx.lineWidth = Math.max(1, r.width * 0.01);
    ctx.beginPath();
    ctx.arc(p.x(values.lon), p.y(values.lat), Math.max(3, r.width * 0.04), 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }
}

/** The g-meter's scale: its outer ring, g (a car on road tyres rarely passes 1.5 g). */
const G_RING = 1.5;

/**
 * A traction circle: rings at 0.5 g steps, the current g as a dot and the last second as a fading trail. Lateral g
 * to the right (a right turn), braking up (the car's weight goes forwards, as the racer feels it).
 */
function drawGMeter(ctx: OverlayContext, r: Rect, values: OverlayValues, label: string, fmt: Intl.NumberFormat): void {
  box(ctx, r);
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2 + r.height * 0.04;
  const radius = Math.min(r.width, r.height) * 0.38;
  const at = (lateral: number, longitudinal: number): [number, number] => {
    const k = radius / G_RING;
    const clamp = (v: number) => Math.max(-G_RING, Math.min(G_RING, v));
    return [cx + clamp(lateral) * k, cy + clamp(longitudinal) * k];
  };
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.28)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let ring = 0.5; ring <= G_RING + 1e-9; ring += 0.5) {
    ctx.moveTo(cx + (ring / G_RING) * radius, cy);
    ctx.arc(cx, cy, (ring / G_RING) * radius, 0, 2 * Math.PI);
  }
  ctx.moveTo(cx - radius, cy);
  ctx.lineTo(cx + radius, cy);
  ctx.moveTo(cx, cy - radius);
  ctx.lineTo(cx, cy + radius);
  ctx.stroke();
  text(ctx, label, r.x + r.width * 0.08, r.y + r.height * 0.1, r.height * 0.12, DIM);
  if (values.lateralG === null || values.longitudinalG === null) return;
  const dot = Math.max(2, r.width * 0.045);
  const trail = values.gTrail;
  for (let i = 0; i < trail.length; i++) {
    const [x, y] = at(trail[i][0], trail[i][1]);
    ctx.fillStyle = `rgba(255, 212, 59, ${(0.15 + (0.5 * (i + 1)) / trail.length).toFixed(2)})`;
    ctx.beginPath();
    ctx.arc(x, y, dot * 0.6, 0, 2 * Math.PI);
    ctx.fill();
  }
  const [x, y] = at(values.lateralG, values.longitudinalG);
  ctx.fillStyle = '#ffd43b';
  ctx.beginPath();
  ctx.arc(x, y, dot, 0, 2 * Math.PI);
  ctx.fill();
  const total = Math.hypot(values.lateralG, values.longitudinalG);
  text(ctx, fmt.format(total), r.x + r.width * 0.92, r.y + r.height * 0.1, r.height * 0.13, TEXT, 'right');
}

interface Formats {
  speed: Intl.NumberFormat;
  delta: Intl.NumberFormat;
  g: Intl.NumberFormat;
}

const formats = new Map<string, Formats>();

/** Number formats of a locale, made once (an Intl constructor costs more than a frame's whole drawing). */
function formatsOf(locale: string): Formats {
  let f = formats.get(locale);
  if (!f) {
    f = {
      speed: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
      delta: new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'always' }),
      g: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    };
    formats.set(locale, f);
  }
  return f;
}

/** Clears the canvas and draws the chosen gauges for this frame. */
export function drawOverlay(ctx: OverlayContext, width: number, height: number, scene: OverlayScene): void {
  ctx.clearRect(0, 0, width, height);
  drawGauges(ctx, width, height, scene);
}

/** The label, value and value colour of a gauge that shows one figure; null for the others. */
function figureOf(gauge: Gauge, scene: OverlayScene): [string, string, string] | null {
  const { values, labels } = scene;
  const fmt = formatsOf(scene.locale);
  switch (gauge) {
    case 'lapTimer':
      return [`${labels.lap} ${values.lap}`, values.lapElapsedMs === null ? '-' : formatLapTime(Math.max(0, Math.round(values.lapElapsedMs))), TEXT];
    case 'lastLap':
      return [labels.last, values.lastLapMs === null ? '-' : formatLapTime(Math.round(values.lastLapMs)), TEXT];
    case 'lapCounter':
      return [labels.lap, `${values.lap}/${scene.lapCount}`, TEXT];
    case 'speed':
      return [labels.kmh, values.speedKmh === null ? '-' : fmt.speed.format(values.speedKmh), TEXT];
    case 'delta': {
      const d = values.deltaMs;
      return [labels.delta, d === null ? '-' : fmt.delta.format(d / 1000), d === null ? TEXT : d > 0 ? '#ff6b6b' : '#51cf66'];
    }
    default:
      return null;
  }
}

/** One gauge in its box `r`, for this frame (values.lap set). */
export function drawGauge(ctx: OverlayContext, gauge: Gauge, r: Rect, scene: OverlayScene): void {
  const figure = figureOf(gauge, scene);
  if (figure) {
    labelled(ctx, r, figure[0], figure[1], figure[2]);
    return;
  }
  const { values } = scene;
  switch (gauge) {
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
      text(ctx, scene.sessionDate ? `${scene.sessionName} · ${scene.sessionDate}` : scene.sessionName, r.x + r.height * 0.3, r.y + r.height / 2, r.height * 0.5, TEXT, 'left', r.width - r.height * 0.6);
      break;
    case 'gMeter':
      drawGMeter(ctx, r, values, scene.labels.g ?? 'g', formatsOf(scene.locale).g);
      break;
  }
}

/**
 * What a gauge in box `r` shows this frame, as a string: equal strings draw the same pixels (the map's dot to the
 * pixel, a tenth of its size), so the export reuses a box's last pixels while its key stays. '' when nothing is drawn.
 */
export function gaugeKey(gauge: Gauge, r: Rect, scene: OverlayScene): string {
  const { values } = scene;
  if (values.lap === null) return '';
  const figure = figureOf(gauge, scene);
  if (figure) return figure.join('\n');
  switch (gauge) {
    case 'sectors':
      return values.sectors.join('|');
    case 'map': {
      if (!scene.track || scene.track.lat.length < 2) return scene.track ? 'box' : '';
      if (values.lat === null || values.lon === null) return 'track';
      const p = projectionOf(scene.track, r);
      return `${Math.round(p.x(values.lon))},${Math.round(p.y(values.lat))}`;
    }
    case 'sessionName':
      return 'name';
    case 'gMeter':
      return values.lateralG === null || values.longitudinalG === null ? 'rings' : `${values.lateralG},${values.longitudinalG},${values.gTrail.flat().join(',')}`;
  }
  return '';
}

/**
 * Draws the chosen gauges for this frame inside their boxes (layoutOverlay's), over what the canvas holds; false
 * when there is nothing to show (outside the laps).
 */
export function drawGauges(ctx: OverlayContext, width: number, height: number, scene: OverlayScene): boolean {
  if (scene.values.lap === null) return false;
  const boxes = layoutOverlay(width, height, scene.gauges);
  for (const gauge of scene.gauges) {
    const r = boxes[gauge];
    if (r) drawGauge(ctx, gauge, r, scene);
  }
  return true;
}

/** The map dot's reach around its centre: radius, outline and anti-aliasing, plus the key's rounding. */
function dotReach(r: Rect): number {
  return Math.max(3, r.width * 0.04) + Math.max(1, r.width * 0.01) + 2;
}

/**
 * The part of box `r` whose pixels can differ between a gauge drawn for key `before` and for key `after`
 * (gaugeKey's): a figure's value band when only the value changed, the map's old and new dot, else the box.
 */
export function changedArea(ctx: OverlayContext, gauge: Gauge, r: Rect, before: string, after: string): Rect {
  if (gauge === 'lapTimer' || gauge === 'lastLap' || gauge === 'lapCounter' || gauge === 'speed' || gauge === 'delta') {
    const [beforeLabel, beforeValue, beforeColour] = before.split('\n');
    const [label, value, colour] = after.split('\n');
    if (beforeLabel !== label) return r;
    const top = Math.floor(r.y + r.height * VALUE_TOP);
    const band = { x: r.x, y: top, width: r.width, height: r.y + r.height - top };
    if (beforeColour !== colour) return band;
    // Left-aligned: the characters the two values share at their start stay where they were (a lap timer's
    // minutes and seconds), unless either value was shrunk to fit.
    const pad = r.height * 0.12;
    const size = Math.max(8, Math.round(r.height * 0.46));
    ctx.font = `600 ${size}px system-ui, sans-serif`;
    if (Math.max(ctx.measureText(beforeValue).width, ctx.measureText(value).width) > r.width - 2 * pad) return band;
    let same = 0;
    while (same < value.length && beforeValue[same] === value[same]) same++;
    // A tenth of the font's size covers kerning and anti-aliasing at the first changed character.
    const x = Math.max(r.x, Math.floor(r.x + pad + ctx.measureText(value.slice(0, same)).width - size * 0.1));
    return { ...band, x, width: r.x + r.width - x };
  }
  const dot = /^(-?\d+),(-?\d+)$/;
  const a = dot.exec(before);
  const b = dot.exec(after);
  if (gauge === 'map' && a && b) {
    const reach = dotReach(r);
    const x0 = Math.max(r.x, Math.floor(Math.min(+a[1], +b[1]) - reach));
    const y0 = Math.max(r.y, Math.floor(Math.min(+a[2], +b[2]) - reach));
    const x1 = Math.min(r.x + r.width, Math.ceil(Math.max(+a[1], +b[1]) + reach));
    const y1 = Math.min(r.y + r.height, Math.ceil(Math.max(+a[2], +b[2]) + reach));
    return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
  }
  return r;
}
