import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import type { GatePoint } from '../../domain/session-types';
import { gateColor, gateLabel } from './gate-marks';
import { gateSegments, type GateSegment } from './gate-segments';
import { cursorStyle, DECIMATE_M, labelStyle, lineStyle, OUTLINE_STYLE, traceFeatures, type SpeedRange } from './track-map-features';
import type { TrackMapSources } from './track-map-instance';
import type { MapMarker, MapTrace, TrackMapProps } from './types';
import { mercatorX, mercatorY, toMercatorFlat } from './web-mercator';

const pointAt = (lat: number, lon: number) => new Point([mercatorX(lon), mercatorY(lat)]);

/** Traces (in their layer), their labels and the markers (in the overlay); the speed range when coloured by speed. */
export function drawTraces(
  s: TrackMapSources,
  traces: readonly MapTrace[],
  speedColoured: boolean,
  showLabels: boolean,
  markers: readonly MapMarker[],
): { lines: Feature[]; speedRange: SpeedRange | null } {
  const { lines, labels, speedRange } = traceFeatures(traces, speedColoured, showLabels);
  s.traces.clear(true);
  s.traces.addFeatures(lines);
  s.overlay.clear(true);
  s.overlay.addFeatures(labels);
  for (const marker of markers) {
    const f = new Feature({ geometry: pointAt(marker.lat, marker.lon) });
    f.setStyle(labelStyle(showLabels || marker.always ? marker.label : '', marker.color, 'right'));
    s.overlay.addFeature(f);
  }
  return { lines, speedRange };
}

/** The circuit's outline from one lap (a grey band shown without tiles); nothing when the lap has under two points. */
export function drawOutline(s: TrackMapSources, outline: TrackMapProps['outline']): void {
  s.outline.clear(true);
  const flat = outline ? toMercatorFlat(outline.lat, outline.lon, outline.from ?? 0, outline.to ?? outline.lat.length, DECIMATE_M) : null;
  if (flat && flat.length >= 4) {
    const f = new Feature({ geometry: new LineString(Array.from(flat), 'XY') });
    f.setStyle(OUTLINE_STYLE);
    s.outline.addFeature(f);
  }
  s.outline.changed();
}

/** The charts' cursor: one dot per compared lap with a position, on its own layer. */
export function drawCursor(s: TrackMapSources, markers: NonNullable<TrackMapProps['cursorMarkers']>): void {
  s.cursor.clear(true);
  for (const marker of markers) {
    if (!Number.isFinite(marker.lat) || !Number.isFinite(marker.lon)) continue;
    const f = new Feature({ geometry: pointAt(marker.lat, marker.lon) });
    f.setStyle(cursorStyle(marker.color));
    s.cursor.addFeature(f);
  }
  s.cursor.changed();
}

/** Gates: lines oriented from the first trace not dimmed (else the first), and their centre points (labelled). */
export function drawGates(
  s: TrackMapSources,
  traces: readonly MapTrace[],
  gates: readonly GatePoint[],
  gateWidthM: number,
  options: { sectorVision: boolean; labels: readonly string[] | null },
): GateSegment[] {
  const reference = traces.find((t) => !t.dimmed) ?? traces[0];
  const segments = gateSegments(gates, gateWidthM, reference ? { lat: reference.lat, lon: reference.lon, count: reference.to ?? reference.lat.length } : undefined);
  s.gateLines.clear(true);
  s.gatePoints.clear(true);
  for (const segment of segments) {
    const color = gateColor(segment.index, options.sectorVision);
    const line = new Feature({
      geometry: new LineString([
        [mercatorX(segment.a.lon), mercatorY(segment.a.lat)],
        [mercatorX(segment.b.lon), mercatorY(segment.b.lat)],
      ]),
    });
    line.setStyle(lineStyle(color, 4, 3));
    s.gateLines.addFeature(line);
    const point = new Feature({ geometry: pointAt(segment.centre.lat, segment.centre.lon), gateIndex: segment.index });
    point.setStyle(labelStyle(gateLabel(segment.index, options.labels), color, 'below'));
    s.gatePoints.addFeature(point);
  }
  return segments;
}

/** Fits the view to the traces, else to the gates; leaves it when there is neither. */
export function fitToContent(m: OlMap, s: TrackMapSources): void {
  const source = s.traces.getFeatures().length > 0 ? s.traces : s.gatePoints.getFeatures().length > 0 ? s.gatePoints : null;
  if (!source) return;
  const extent = source.getExtent();
  if (extent && extent.every(Number.isFinite)) m.getView().fit(extent, { padding: [24, 24, 24, 24], maxZoom: 18 });
}
