/**
 * The OpenLayers track map (loaded lazily: see lazy-track-map.tsx). Layers, bottom to top: XYZ tiles with
 * attribution (the server's TILE_URL, map-config.ts, else the build's); traces in a VectorImageLayer (re-rendered
 * as an image while panning, so 10+ overlaid laps keep frames cheap); gates (lines +
 * centre points); markers and labels.
 * The map and its layers are made in track-map-instance.ts. The gate editor (gate-editor.ts: Draw, Modify and Snap, a lazy chunk of its own) is loaded when Draw or Edit
 * is first toggled. The component is controlled: it reports gate changes through onGatesChange and redraws from
 * the `gates` prop.
 */
import 'ol/ol.css';
import type OlMap from 'ol/Map';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GateEditor } from './gate-editor';
import { roundedPositions } from './rounded-positions';
import { SpeedLegend } from './speed-legend';
import type { SpeedRange } from './track-map-features';
import { createTrackMap, type TrackMapSources } from './track-map-instance';
import { drawCursor, drawGates, drawOutline, drawTraces, fitToContent } from './track-map-layers';
import type { TrackMapProps } from './types';

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
  const sources = useRef<TrackMapSources | null>(null);
  const editor = useRef<GateEditor | null>(null);
  const latestProps = useRef(props);
  latestProps.current = props;
  // No tile has come while some failed: offline, or the tile server unreachable.
  const [tilesOffline, setTilesOffline] = useState(false);

  // Create the map once.
  useEffect(() => {
    if (!target.current) return;
    const made = createTrackMap(target.current, {
      onTilesOffline: setTilesOffline,
      onPointClick(lat, lon) {
        const current = latestProps.current;
        if ((current.gateMode ?? 'view') !== 'view' || !current.onPointClick) return;
        current.onPointClick(lat, lon);
      },
    });
    map.current = made.map;
    sources.current = made.sources;
    return () => {
      made.dispose();
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
    const { lines, speedRange } = drawTraces(s, traces, speedColoured, showLabels, markers ?? []);
    setSpeedLegend(speedRange);
    target.current?.setAttribute('data-trace-features', String(lines.length));
    // The markers and where they are (lat, lon to ~1 cm): what the e2e reads (a corner's number where the tables put it).
    target.current?.setAttribute('data-markers', JSON.stringify(roundedPositions(markers ?? [], (m) => m.label)));
  }, [traces, speedColoured, showLabels, markers]);

  // Without tiles the circuit is drawn from a lap as a grey band, so the traces do not float on a white canvas.
  const { outline } = props;
  useEffect(() => {
    const s = sources.current;
    if (!s) return;
    drawOutline(s, outline);
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
    drawCursor(s, cursorMarkers ?? []);
    target.current?.setAttribute('data-cursor-markers', String(s.cursor.getFeatures().length));
    // Where the markers are (lat, lon to ~1 cm): what the e2e reads to check that aligned lines moved them.
    target.current?.setAttribute('data-cursor-at', JSON.stringify(roundedPositions(cursorMarkers ?? [], (m) => m.id)));
  }, [cursorMarkers]);

  // Gates: lines oriented from the first trace, centre points (draggable in edit mode).
  useEffect(() => {
    const s = sources.current;
    if (!s) return;
    const segments = drawGates(s, traces, gates, gateWidthM, { sectorVision, labels: showLabels ? (gateLabels ?? []) : null });
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
    fitToContent(m, s);
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
