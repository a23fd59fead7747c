/**
 * The OpenLayers track map (loaded lazily: see lazy-track-map.tsx). Layers, bottom to top: XYZ tiles with
 * attribution (the server's TILE_URL, map-config.ts, else the build's); traces in a VectorImageLayer (re-rendered
 * as an image while panning, so 10+ overlaid laps keep frames cheap); gates (lines +
 * centre points); markers and labels.
 * The gate editor (gate-editor.ts: Draw, Modify and Snap, a lazy chunk of its own) is loaded when Draw or Edit
 * is first toggled. The component is controlled: it reports gate changes through onGatesChange and redraws from
 * the `gates` prop.
 */
import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import { defaults as defaultControls } from 'ol/control/defaults';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GateEditor } from './gate-editor';
import { gateSegments } from './gate-segments';
import { fetchTileUrl, MAX_TILE_ZOOM, rememberedTileUrl, tileSettings } from './map-config';
import { SpeedLegend } from './speed-legend';
import { cursorStyle, DECIMATE_M, GATE_COLORS, labelStyle, lineStyle, OUTLINE_STYLE, traceFeatures, traceStyle, type SpeedRange } from './track-map-features';
import type { TrackMapProps } from './types';
import { latOfMercatorY, lonOfMercatorX, mercatorX, mercatorY, toMercatorFlat } from './web-mercator';

/** OpenLayers' control buttons and the app's tooltip for each (OpenLayers' own are English). */
const CONTROL_TIPS = [
  ['.ol-zoom-in', 'mapControls.zoomIn'],
  ['.ol-zoom-out', 'mapControls.zoomOut'],
  ['.ol-rotate-reset', 'mapControls.resetRotation'],
] as const;

export default function TrackMap(props: TrackMapProps) {
  // `t` (not i18n.t): without an i18next instance (a bench page) it still answers, with the key.
  const { t } = useTranslation('app');
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const sources = useRef<{ traces: VectorSource; gateLines: VectorSource; gatePoints: VectorSource; overlay: VectorSource; cursor: VectorSource; outline: VectorSource; outlineLayer: VectorLayer } | null>(null);
  const editor = useRef<GateEditor | null>(null);
  const latestProps = useRef(props);
  latestProps.current = props;
  // No tile has come while some failed: offline, or the tile server unreachable.
  const [tilesOffline, setTilesOffline] = useState(false);

  // Create the map once.
  useEffect(() => {
    if (!target.current) return;
    const tiles = tileSettings();
    // The server's TILE_URL wins over the build's (its CSP allows that host): remembered from the last answer,
    // then confirmed by GET /api/map-config. Until one is known only the build's URL is used.
    const tileSource = new XYZ({ url: rememberedTileUrl() ?? tiles.url, attributions: tiles.attribution, maxZoom: MAX_TILE_ZOOM, crossOrigin: 'anonymous' });
    let disposed = false;
    void fetchTileUrl().then((url) => {
      if (!disposed && url && url !== tileSource.getUrls()?.[0]) tileSource.setUrl(url);
    });
    let tilesLoaded = 0;
    tileSource.on('tileloadend', () => {
      tilesLoaded++;
      setTilesOffline(false);
    });
    tileSource.on('tileloaderror', () => {
      if (tilesLoaded === 0) setTilesOffline(true);
    });
    // Back online: ask again for the tiles that failed.
    const retry = () => {
      if (tilesLoaded === 0) tileSource.refresh();
    };
    window.addEventListener('online', retry);
    const outline = new VectorSource();
    const outlineLayer = new VectorLayer({ source: outline, visible: false, properties: { name: 'outline' } });
    const traces = new VectorSource();
    const gateLines = new VectorSource();
    const gatePoints = new VectorSource();
    const overlay = new VectorSource();
    const cursor = new VectorSource();
    const instance = new OlMap({
      target: target.current,
      controls: defaultControls({ attributionOptions: { collapsible: false } }),
      layers: [
        new TileLayer({ source: tileSource }),
        outlineLayer,
        new VectorImageLayer({ source: traces, style: traceStyle, imageRatio: 1, properties: { name: 'traces' } }),
        new VectorLayer({ source: gateLines, properties: { name: 'gate-lines' } }),
        new VectorLayer({ source: gatePoints, properties: { name: 'gate-points' } }),
        new VectorLayer({ source: overlay, declutter: true, properties: { name: 'overlay' } }),
        new VectorLayer({ source: cursor, properties: { name: 'cursor' } }),
      ],
      view: new View({ center: [mercatorX(-8.6), mercatorY(41.5)], zoom: 5, maxZoom: 21 }),
    });
    instance.on('singleclick', (event) => {
      const current = latestProps.current;
      if ((current.gateMode ?? 'view') !== 'view' || !current.onPointClick) return;
      const [x, y] = event.coordinate;
      current.onPointClick(latOfMercatorY(y), lonOfMercatorX(x));
    });
    map.current = instance;
    sources.current = { traces, gateLines, gatePoints, overlay, cursor, outline, outlineLayer };
    // Where the gate centres are drawn, CSS pixels in the map (what the e2e reads to drag one).
    instance.on('rendercomplete', () => {
      const pixels = gatePoints.getFeatures().map((f) => instance.getPixelFromCoordinate((f.getGeometry() as Point).getCoordinates()) ?? []);
      target.current?.setAttribute('data-gate-pixels', JSON.stringify(pixels.map((p) => p.map((v) => Math.round(v)))));
    });
    return () => {
      disposed = true;
      window.removeEventListener('online', retry);
      instance.setTarget(undefined);
      instance.dispose();
      map.current = null;
      sources.current = null;
      editor.current?.dispose();
      editor.current = null;
    };
  }, []);

  // The control tooltips follow the user's language (set on the buttons OpenLayers made, after the map exists).
  useEffect(() => {
    for (const [selector, key] of CONTROL_TIPS) target.current?.querySelector(selector)?.setAttribute('title', t(key));
  }, [t]);

  const [speedLegend, setSpeedLegend] = useState<SpeedRange | null>(null);
  const { traces, speedColoured = false, showLabels = true, markers, gates, gateWidthM, gateLabels, sectorVision = false, gateMode = 'view', snapToTraces = false, fitKey } = props;

  // Traces and their labels.
  useEffect(() => {
    const s = sources.current;
    if (!s) return;
    const { lines, labels, speedRange } = traceFeatures(traces, speedColoured, showLabels);
    setSpeedLegend(speedRange);
    s.traces.clear(true);
    s.traces.addFeatures(lines);
    s.overlay.clear(true);
    s.overlay.addFeatures(labels);
    for (const marker of markers ?? []) {
      const f = new Feature({ geometry: new Point([mercatorX(marker.lon), mercatorY(marker.lat)]) });
      f.setStyle(labelStyle(showLabels || marker.always ? marker.label : '', marker.color, 'right'));
      s.overlay.addFeature(f);
    }
    target.current?.setAttribute('data-trace-features', String(lines.length));
    // The markers and where they are (lat, lon to ~1 cm): what the e2e reads (a corner's number where the tables put it).
    target.current?.setAttribute('data-markers', JSON.stringify((markers ?? []).map((m) => [m.label, Math.round(m.lat * 1e7) / 1e7, Math.round(m.lon * 1e7) / 1e7])));
  }, [traces, speedColoured, showLabels, markers]);

  // Without tiles the circuit is drawn from a lap as a grey band, so the traces do not float on a white canvas.
  const { outline } = props;
  useEffect(() => {
    const s = sources.current;
    if (!s) return;
    s.outline.clear(true);
    const flat = outline ? toMercatorFlat(outline.lat, outline.lon, outline.from ?? 0, outline.to ?? outline.lat.length, DECIMATE_M) : null;
    if (flat && flat.length >= 4) {
      const f = new Feature({ geometry: new LineString(Array.from(flat), 'XY') });
      f.setStyle(OUTLINE_STYLE);
      s.outline.addFeature(f);
    }
    s.outline.changed();
  }, [outline]);
  useEffect(() => {
    sources.current?.outlineLayer.setVisible(tilesOffline);
    target.current?.setAttribute('data-tiles', tilesOffline ? 'offline' : 'online');
  }, [tilesOffline]);

  // The charts' cursor: one dot per compared lap, moved without touching the other layers.
  const { cursorMarkers } = props;
  useEffect(() => {
    const s = sources.current;
    if (!s) return;
    s.cursor.clear(true);
    for (const marker of cursorMarkers ?? []) {
      if (!Number.isFinite(marker.lat) || !Number.isFinite(marker.lon)) continue;
      const f = new Feature({ geometry: new Point([mercatorX(marker.lon), mercatorY(marker.lat)]) });
      f.setStyle(cursorStyle(marker.color));
      s.cursor.addFeature(f);
    }
    s.cursor.changed();
    target.current?.setAttribute('data-cursor-markers', String(s.cursor.getFeatures().length));
    // Where the markers are (lat, lon to ~1 cm): what the e2e reads to check that aligned lines moved them.
    target.current?.setAttribute('data-cursor-at', JSON.stringify((cursorMarkers ?? []).map((m) => [m.id, Math.round(m.lat * 1e7) / 1e7, Math.round(m.lon * 1e7) / 1e7])));
  }, [cursorMarkers]);

  // Gates: lines oriented from the first trace, centre points (draggable in edit mode).
  useEffect(() => {
    const s = sources.current;
    if (!s) return;
    const reference = traces.find((t) => !t.dimmed) ?? traces[0];
    const segments = gateSegments(gates, gateWidthM, reference ? { lat: reference.lat, lon: reference.lon, count: reference.to ?? reference.lat.length } : undefined);
    s.gateLines.clear(true);
    s.gatePoints.clear(true);
    for (const segment of segments) {
      const color = sectorVision ? GATE_COLORS[segment.index % GATE_COLORS.length] : '#e03131';
      const line = new Feature({
        geometry: new LineString([
          [mercatorX(segment.a.lon), mercatorY(segment.a.lat)],
          [mercatorX(segment.b.lon), mercatorY(segment.b.lat)],
        ]),
      });
      line.setStyle(lineStyle(color, 4, 3));
      s.gateLines.addFeature(line);
      const point = new Feature({ geometry: new Point([mercatorX(segment.centre.lon), mercatorY(segment.centre.lat)]), gateIndex: segment.index });
      point.setStyle(labelStyle(showLabels ? (gateLabels?.[segment.index] ?? String(segment.index)) : '', color, 'below'));
      s.gatePoints.addFeature(point);
    }
    target.current?.setAttribute('data-gates', String(segments.length));
  }, [gates, gateWidthM, gateLabels, sectorVision, showLabels, traces]);

  // Interactions follow the mode; the editor's code is fetched the first time Draw or Edit is toggled.
  useEffect(() => {
    let cancelled = false;
    target.current?.setAttribute('data-gate-mode', gateMode);
    if (editor.current) {
      editor.current.set(gateMode, snapToTraces);
      return;
    }
    if (gateMode === 'view') return;
    void import('./gate-editor').then(({ createGateEditor }) => {
      const m = map.current;
      const s = sources.current;
      if (cancelled || !m || !s || editor.current) return;
      editor.current = createGateEditor(m, s.traces, s.gatePoints, {
        gates: () => latestProps.current.gates,
        onGatesChange: (gates) => latestProps.current.onGatesChange?.(gates),
      });
      const current = latestProps.current;
      editor.current.set(current.gateMode ?? 'view', current.snapToTraces ?? false);
    });
    return () => {
      cancelled = true;
    };
  }, [gateMode, snapToTraces]);

  // Fit the view to the traces (or gates) when asked.
  useEffect(() => {
    const m = map.current;
    const s = sources.current;
    if (!m || !s) return;
    const source = s.traces.getFeatures().length > 0 ? s.traces : s.gatePoints.getFeatures().length > 0 ? s.gatePoints : null;
    if (!source) return;
    const extent = source.getExtent();
    if (extent && extent.every(Number.isFinite)) m.getView().fit(extent, { padding: [24, 24, 24, 24], maxZoom: 18 });
  }, [fitKey]);

  return (
    <div style={{ position: 'relative' }}>
      <div
        ref={target}
        role="application"
        aria-label={props['aria-label']}
        data-testid="track-map"
        style={{ width: '100%', height: props.height ?? 480, position: 'relative', borderRadius: 4, overflow: 'hidden' }}
      />
      {tilesOffline && (
        <div
          role="status"
          data-testid="map-offline"
          style={{ position: 'absolute', right: 8, bottom: 28, maxWidth: 'calc(100% - 16px)', padding: '2px 8px', borderRadius: 4, background: 'rgba(255, 255, 255, 0.9)', color: '#111', font: '600 12px system-ui, sans-serif' }}
        >
          {/* With laps the outline is drawn from them; a map of gates only (admin circuits, circuit list) has none to draw. */}
          {t(props.traces.length > 0 ? 'mapControls.offline' : 'mapControls.offlineGates')}
        </div>
      )}
      {speedLegend && <SpeedLegend range={speedLegend} label={t('mapControls.speedLegend', { min: Math.round(speedLegend[0]), max: Math.round(speedLegend[1]) })} />}
    </div>
  );
}
