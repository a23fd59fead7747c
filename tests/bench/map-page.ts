/**
 * Map bench page (built by map.bench.ts with Vite, run in headless Chromium). Loads real sessions through the
 * REAL analysis worker (processSession with the downsampled views, as the sessions port does), builds the map
 * screen's traces with the app's lapTraces() and renders the app's TrackMap (OpenLayers, its real layers; tiles
 * from the bench server). Then pans it with a simulated mouse drag, one pointer move per animation frame, and
 * records the frame times (requestAnimationFrame deltas) during the drag and the settle after it (when the
 * trace image is re-rendered at the new extent).
 *
 * Modes: 'views' = the app (worker-downsampled traces); 'raw' = every 25 Hz fix of each lap (what the map drew
 * before the views), for a before/after ratio within one run; 'tiles' = the same map with no trace or gate (the
 * floor: what panning costs on this machine whatever is drawn).
 */
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import TrackMap from '../../src/ui/map/track-map';
import { createAnalysisClient } from '../../src/analysis/analysis-client';
import { drawableLaps, lapTraces, sideOf } from '../../src/features/sessions/shared/lap-views';
import { lapKeyOf } from '../../src/features/sessions/search/lap-search';
import type { LoadedSession } from '../../src/features/sessions/shared/sessions-port';
import type { MapTrace } from '../../src/ui/map/types';
import type { GatePoint } from '../../src/domain/session-types';

export interface PanFigures {
  mode: string;
  lapsOverlaid: number;
  pointsDrawn: number;
  fixesInLaps: number;
  frames: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  framesOver16_7Ms: number;
  /** Frames during the drag only (the settle re-render excluded). */
  dragP95Ms: number;
  dragMaxMs: number;
  settleMaxMs: number;
  traceFeatures: number;
  /** Canvases the map composites each frame (OpenLayers shares one between layers when it can). */
  canvases: number;
}

const sessions: LoadedSession[] = [];
let gates: GatePoint[] = [];
let widthM = 30;
let root: Root | null = null;
const host = document.createElement('div');
host.style.width = '1200px';
host.style.height = '700px';
document.body.style.margin = '0';
document.body.appendChild(host);

async function load(names: string[], circuitGates: GatePoint[], gateWidthM: number) {
  gates = circuitGates;
  widthM = gateWidthM;
  const client = createAnalysisClient();
  for (const [k, name] of names.entries()) {
    const [nmea, laps] = await Promise.all([fetch(`/data/${name}.nmea`).then((r) => r.arrayBuffer()), fetch(`/data/${name}.laps`).then((r) => r.arrayBuffer())]);
    const p = await client.processSession({ nmea: new Uint8Array(nmea), laps: new Uint8Array(laps), sessionIndex: k, views: true });
    if (!p.views) throw new Error('no views');
    sessions.push({ id: k + 1, name, circuitId: 1, sessionIndex: k, positions: p.positions, laps: p.laps, analysis: p.analysis, views: p.views, circuit: null, syncState: 'Completed', skippedLines: 0 });
  }
  client.dispose();
  return sessions.map((s) => drawableLaps(s).length);
}

/** Every fix of each lap, as the map drew it before the worker's views (the same ids, colours and ranges). */
function rawTraces(s: LoadedSession): MapTrace[] {
  const p = s.positions;
  return drawableLaps(s).map((lap) => ({
    id: lapKeyOf(sideOf(s), lap.lapNumber),
    lat: p.lat,
    lon: p.lon,
    speedKmh: p.speedKmh,
    from: lap.startIndex,
    to: Math.min(p.count, lap.endIndex + 1),
    color: lap.color,
    label: `${sideOf(s)} ${lap.lapNumber}`,
  }));
}

const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function quantile(sorted: number[], q: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The map's own element (the one OpenLayers draws into and TrackMap marks with its data attributes). */
const mapElement = (el: HTMLElement) => el.querySelector<HTMLElement>('[data-testid="track-map"]');

async function waitForFeatures(el: HTMLElement) {
  for (let i = 0; i < 600 && !el.querySelector('.ol-viewport'); i++) await sleep(10);
  for (let i = 0; i < 600 && !(Number(mapElement(el)?.getAttribute('data-trace-features')) > 0); i++) await sleep(10);
}

function pointer(type: string, target: EventTarget, x: number, y: number) {
  target.dispatchEvent(
    new PointerEvent(type, { bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, buttons: type === 'pointerup' ? 0 : 1 }),
  );
}

type Mode = 'views' | 'raw' | 'tiles';
let current: { mode: Mode; speedColoured: boolean; traces: MapTrace[] } | null = null;

/** Renders the map with the chosen traces and waits for it to settle (first render, tiles). */
async function show(mode: Mode, speedColoured = false, showLabels = true): Promise<void> {
  root?.unmount();
  host.replaceChildren();
  root = createRoot(host);
  const traces =
    mode === 'tiles'
      ? []
      : sessions.flatMap((s) => (mode === 'views' ? lapTraces(s, { sectorVision: false, hidden: new Set(), picked: null, labelPrefix: sessions.length > 1 }) : rawTraces(s)));
  flushSync(() =>
    root!.render(
      createElement(TrackMap, {
        traces,
        gates: mode === 'tiles' ? [] : gates,
        gateWidthM: widthM,
        gateLabels: ['S/F', 'S1', 'S2'],
        showLabels,
        speedColoured,
        fitKey: `${mode}-${speedColoured ? 'speed' : 'laps'}`,
        height: 700,
      }),
    ),
  );
  if (mode !== 'tiles') await waitForFeatures(host);
  await sleep(800); // first render and tiles
  current = { mode, speedColoured, traces };
}

/** Drags the shown map around for `dragMs` (one pointer move a frame), then lets it settle for `settleMs`. */
async function pan(options: { dragMs: number; settleMs: number }): Promise<PanFigures> {
  if (!current) throw new Error('show first');
  const { mode, speedColoured, traces } = current;
  const viewport = host.querySelector('.ol-viewport') as HTMLElement;
  const box = viewport.getBoundingClientRect();
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  await frame();
  pointer('pointerdown', viewport, cx, cy);
  const deltas: number[] = [];
  const dragDeltas: number[] = [];
  const settleDeltas: number[] = [];
  let last = await frame();
  const t0 = last;
  let released = false;
  // A slow loop around the start point (radius 220 px, one turn a second): the trace keeps moving on screen.
  for (;;) {
    const now = await frame();
    const d = now - last;
    last = now;
    deltas.push(d);
    (released ? settleDeltas : dragDeltas).push(d);
    const t = now - t0;
    if (!released) {
      const a = (2 * Math.PI * t) / 1000;
      pointer('pointermove', viewport, cx + 220 * Math.sin(a), cy + 220 * (1 - Math.cos(a)) * 0.6);
      if (t >= options.dragMs) {
        pointer('pointerup', viewport, cx + 220 * Math.sin(a), cy + 220 * (1 - Math.cos(a)) * 0.6);
        released = true;
      }
    } else if (t >= options.dragMs + options.settleMs) break;
  }
  const sorted = [...deltas].sort((a, b) => a - b);
  const dragSorted = [...dragDeltas].sort((a, b) => a - b);
  const pointsDrawn = traces.reduce((n, tr) => n + ((tr.to ?? tr.lat.length) - (tr.from ?? 0)), 0);
  const fixesInLaps = sessions.reduce((n, s) => n + drawableLaps(s).reduce((m, l) => m + l.endIndex - l.startIndex + 1, 0), 0);
  return {
    mode: `${mode}${speedColoured ? '+speed' : ''}`,
    lapsOverlaid: traces.length,
    pointsDrawn,
    fixesInLaps,
    frames: deltas.length,
    p50Ms: quantile(sorted, 0.5),
    p95Ms: quantile(sorted, 0.95),
    maxMs: sorted[sorted.length - 1],
    // rAF deltas jitter by a fraction of a millisecond around 16.67 ms: a frame that missed its vsync shows as ~33 ms.
    framesOver16_7Ms: deltas.filter((d) => d > 16.7 + 1.5).length,
    dragP95Ms: quantile(dragSorted, 0.95),
    dragMaxMs: dragSorted[dragSorted.length - 1],
    settleMaxMs: Math.max(...settleDeltas),
    traceFeatures: Number(mapElement(host)?.getAttribute('data-trace-features') ?? 0),
    canvases: host.querySelectorAll('canvas').length,
  };
}

Object.assign(window, { mapBench: { load, show, pan } });
document.title = 'ready';
