/**
 * The gate editor's OpenLayers interactions, in their own lazy chunk (Draw, Modify and Snap are a sizeable part
 * of OpenLayers and only needed once the user toggles Draw or Edit). Draw: a click adds a gate centre (at most
 * MAX_GATES); Modify: drag centres; Snap: onto the traces. Changes are reported, never applied here: the map is
 * controlled by its `gates` prop.
 */
import type OlMap from 'ol/Map';
import type Feature from 'ol/Feature';
import type VectorSource from 'ol/source/Vector';
import type Point from 'ol/geom/Point';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import Snap from 'ol/interaction/Snap';
import type { GatePoint } from '../../domain/session-types';
import { MAX_GATES } from './gate-segments';
import type { GateMode } from './types';
import { latOfMercatorY, lonOfMercatorX } from './web-mercator';

export interface GateEditorInputs {
  gates(): readonly GatePoint[];
  onGatesChange(gates: GatePoint[]): void;
}

export interface GateEditor {
  set(mode: GateMode, snap: boolean): void;
  dispose(): void;
}

function gatesFromPointFeatures(features: Feature[]): GatePoint[] {
  return features
    .slice()
    .sort((a, b) => (a.get('gateIndex') as number) - (b.get('gateIndex') as number))
    .map((f) => {
      const [x, y] = (f.getGeometry() as Point).getCoordinates();
      return { lat: latOfMercatorY(y), lon: lonOfMercatorX(x) };
    });
}

export function createGateEditor(map: OlMap, traces: VectorSource, gatePoints: VectorSource, inputs: GateEditorInputs): GateEditor {
  const draw = new Draw({ type: 'Point', condition: () => inputs.gates().length < MAX_GATES });
  draw.on('drawend', (event) => {
    const [x, y] = (event.feature.getGeometry() as Point).getCoordinates();
    const gates = inputs.gates();
    if (gates.length >= MAX_GATES) return;
    inputs.onGatesChange([...gates, { lat: latOfMercatorY(y), lon: lonOfMercatorX(x) }]);
  });
  const modify = new Modify({ source: gatePoints, pixelTolerance: 12 });
  modify.on('modifyend', () => inputs.onGatesChange(gatesFromPointFeatures(gatePoints.getFeatures())));
  const snap = new Snap({ source: traces, pixelTolerance: 14, vertex: true, edge: true });
  map.addInteraction(draw);
  map.addInteraction(modify);
  map.addInteraction(snap); // Snap must come after the interactions it serves.
  return {
    set(mode, snapOn) {
      draw.setActive(mode === 'draw');
      modify.setActive(mode === 'edit');
      snap.setActive(snapOn && mode !== 'view');
    },
    dispose() {
      map.removeInteraction(draw);
      map.removeInteraction(modify);
      map.removeInteraction(snap);
    },
  };
}
