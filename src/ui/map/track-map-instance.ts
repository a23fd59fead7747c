import OlMap from 'ol/Map';
import View from 'ol/View';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import type Point from 'ol/geom/Point';
import { defaults as defaultControls } from 'ol/control/defaults';
import { fetchTileUrl, MAX_TILE_ZOOM, rememberedTileUrl, tileSettings } from './map-config';
import { traceStyle } from './track-map-features';
import { latOfMercatorY, lonOfMercatorX, mercatorX, mercatorY } from './web-mercator';

/** The track map's vector sources (one a layer), which its effects fill. */
export interface TrackMapSources {
  traces: VectorSource;
  gateLines: VectorSource;
  gatePoints: VectorSource;
  overlay: VectorSource;
  cursor: VectorSource;
  outline: VectorSource;
  outlineLayer: VectorLayer;
}

interface TrackMapHandlers {
  /** True while no tile has come and some failed (offline, or the tile server unreachable); false at the first tile. */
  onTilesOffline: (offline: boolean) => void;
  /** A single click on the map, where. */
  onPointClick: (lat: number, lon: number) => void;
}

/**
 * The OpenLayers map of the track map in `target`: tiles (the server's TILE_URL wins over the build's), the outline,
 * traces, gates, overlay and cursor layers, asking again for failed tiles when back online, and the gate centres'
 * pixels written on `target` (data-gate-pixels: what the e2e reads to drag one). `dispose` takes it all down.
 */
export function createTrackMap(target: HTMLDivElement, handlers: TrackMapHandlers): { map: OlMap; sources: TrackMapSources; dispose: () => void } {
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
    handlers.onTilesOffline(false);
  });
  tileSource.on('tileloaderror', () => {
    if (tilesLoaded === 0) handlers.onTilesOffline(true);
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
  const map = new OlMap({
    target,
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
  map.on('singleclick', (event) => {
    const [x, y] = event.coordinate;
    handlers.onPointClick(latOfMercatorY(y), lonOfMercatorX(x));
  });
  // Where the gate centres are drawn, CSS pixels in the map (what the e2e reads to drag one).
  map.on('rendercomplete', () => {
    const pixels = gatePoints.getFeatures().map((f) => map.getPixelFromCoordinate((f.getGeometry() as Point).getCoordinates()) ?? []);
    target.setAttribute('data-gate-pixels', JSON.stringify(pixels.map((p) => p.map((v) => Math.round(v)))));
  });
  return {
    map,
    sources: { traces, gateLines, gatePoints, overlay, cursor, outline, outlineLayer },
    dispose() {
      disposed = true;
      window.removeEventListener('online', retry);
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
