/**
 * The track map's OpenLayers styles (cached: one Style object per colour and width, not one per feature) and the
 * features of its traces: plain lines, or speed-coloured bands with the legend's range, and each lap's label.
 */
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import MultiLineString from 'ol/geom/MultiLineString';
import Point from 'ol/geom/Point';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import { withAlpha } from './colors';
import { SPEED_BAND_COLORS, speedRuns } from './speed-runs';
import type { MapTrace } from './types';
import { toMercatorFlat } from './web-mercator';

/** Sector colours of gates: start/finish, sector 1 end, sector 2 end. */
export const GATE_COLORS = ['#e03131', '#f08c00', '#1c7ed6'] as const;
/** Fixes closer than this to the previous drawn one are skipped (sub-metre detail is invisible at track zoom). */
export const DECIMATE_M = 0.5;

const styleCache = new Map<string, Style>();
/** Dash pattern of dashed traces, in px: long enough to keep the lap's colour readable. */
const TRACE_DASH = [10, 7];

export function lineStyle(color: string, width: number, zIndex = 0, dashed = false): Style {
  const key = `${color}|${width}|${zIndex}|${dashed}`;
  let style = styleCache.get(key);
  if (!style) {
    style = new Style({ stroke: new Stroke({ color, width, lineCap: dashed ? 'butt' : 'round', lineJoin: 'round', lineDash: dashed ? TRACE_DASH : undefined }), zIndex });
    styleCache.set(key, style);
  }
  return style;
}

export function traceStyle(feature: FeatureLike): Style {
  const color = feature.get('color') as string;
  const highlighted = feature.get('highlighted') === true;
  const dimmed = feature.get('dimmed') === true;
  const dashed = feature.get('dashed') === true;
  return lineStyle(dimmed ? withAlpha(color, 0.35) : color, highlighted ? 5 : dimmed ? 1.5 : 2.5, highlighted ? 2 : dimmed ? 0 : 1, dashed);
}

/**
 * A dot with a label above it, below it or to its right: gate labels sit below their gate, lap labels above the
 * lap's first fix (at the start/finish line 'S/F' and 'L 1' never print over each other), and min/max speed
 * labels to the right of their dot, off the vertical where the gate and lap labels are.
 */
export function labelStyle(text: string, color: string, placement: 'above' | 'below' | 'right' = 'above'): Style {
  return new Style({
    image: new CircleStyle({ radius: 4, fill: new Fill({ color }), stroke: new Stroke({ color: '#fff', width: 1 }) }),
    text: new Text({
      text,
      offsetY: placement === 'below' ? 14 : placement === 'above' ? -12 : 0,
      offsetX: placement === 'right' ? 8 : 0,
      textAlign: placement === 'right' ? 'left' : 'center',
      font: '600 11px system-ui, sans-serif',
      fill: new Fill({ color: '#111' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
    }),
  });
}

/** The circuit's outline without tiles: a wide light band under the traces, like tarmac on a map. */
export const OUTLINE_STYLE = [
  new Style({ stroke: new Stroke({ color: '#868e96', width: 18, lineCap: 'round', lineJoin: 'round' }) }),
  new Style({ stroke: new Stroke({ color: '#dee2e6', width: 14, lineCap: 'round', lineJoin: 'round' }) }),
];

const cursorStyles = new Map<string, Style>();
/** The cursor's dot: larger than a label dot, ringed in white so it reads over the traces. */
export function cursorStyle(color: string): Style {
  let style = cursorStyles.get(color);
  if (!style) {
    style = new Style({ image: new CircleStyle({ radius: 7, fill: new Fill({ color }), stroke: new Stroke({ color: '#fff', width: 2.5 }) }), zIndex: 10 });
    cursorStyles.set(color, style);
  }
  return style;
}

/** Lowest and highest speed of the speed-coloured traces, km/h (the legend's ends). */
export type SpeedRange = readonly [minKmh: number, maxKmh: number];

export function traceFeatures(traces: readonly MapTrace[], speedColoured: boolean, showLabels: boolean): { lines: Feature[]; labels: Feature[]; speedRange: SpeedRange | null } {
  const lines: Feature[] = [];
  const labels: Feature[] = [];
  let minKmh = Infinity;
  let maxKmh = -Infinity;
  if (speedColoured) {
    for (const trace of traces) {
      if (!trace.speedKmh) continue;
      const to = trace.to ?? trace.lat.length;
      for (let i = trace.from ?? 0; i < to; i++) {
        const v = trace.speedKmh[i];
        if (Number.isFinite(v)) {
          if (v < minKmh) minKmh = v;
          if (v > maxKmh) maxKmh = v;
        }
      }
    }
  }
  for (const trace of traces) {
    const from = trace.from ?? 0;
    const to = trace.to ?? trace.lat.length;
    if (speedColoured && trace.speedKmh && maxKmh > minKmh) {
      const bands = speedRuns(trace.lat, trace.lon, trace.speedKmh, from, to, minKmh, maxKmh);
      bands.forEach((runs, band) => {
        if (runs.length === 0) return;
        const geometry = new MultiLineString([]);
        for (const run of runs) geometry.appendLineString(new LineString(Array.from(run), 'XY'));
        lines.push(new Feature({ geometry, color: SPEED_BAND_COLORS[band], traceId: trace.id, highlighted: trace.highlighted, dimmed: trace.dimmed, dashed: trace.dashed }));
      });
    } else {
      const flat = toMercatorFlat(trace.lat, trace.lon, from, to, DECIMATE_M);
      if (flat.length < 4) continue;
      lines.push(new Feature({ geometry: new LineString(Array.from(flat), 'XY'), color: trace.color, traceId: trace.id, highlighted: trace.highlighted, dimmed: trace.dimmed, dashed: trace.dashed }));
    }
    if (showLabels && trace.label) {
      const first = toMercatorFlat(trace.lat, trace.lon, from, Math.min(to, from + 50));
      if (first.length >= 2) {
        const label = new Feature({ geometry: new Point([first[0], first[1]]) });
        label.setStyle(labelStyle(trace.label, trace.color));
        labels.push(label);
      }
    }
  }
  return { lines, labels, speedRange: speedColoured && maxKmh > minKmh ? [minKmh, maxKmh] : null };
}
