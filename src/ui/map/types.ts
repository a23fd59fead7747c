/**
 * Props of the track map, in their own file so screens can import the types without pulling OpenLayers into
 * their chunk (the map itself is loaded lazily through lazy-track-map.tsx).
 */
import type { GatePoint } from '../../domain/session-types';

export interface MapTrace {
  id: string;
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
  /** Fix range drawn: from (inclusive) to (exclusive). Defaults to the whole arrays. */
  from?: number;
  to?: number;
  color: string;
  /** Shown at the start of the trace when labels are on (e.g. 'Lap 3'). */
  label?: string;
  /** Needed for speed colouring. */
  speedKmh?: ArrayLike<number>;
  highlighted?: boolean;
  /** Drawn thin and translucent (other laps while one is picked). */
  dimmed?: boolean;
  /** Drawn dashed (the right-hand session of a comparison: same hues as the left's, darker). */
  dashed?: boolean;
}

export interface MapMarker {
  id: string;
  lat: number;
  lon: number;
  label: string;
  color: string;
  /** Labelled even when the traces' labels are off (a corner's number). */
  always?: boolean;
}

/** A position marker of the linked cursor (a dot in the lap's colour, no label). */
interface CursorMarker {
  id: string;
  lat: number;
  lon: number;
  color: string;
}

/** view: gates shown only; draw: a click adds a gate (up to 3); edit: gates can be dragged. */
export type GateMode = 'view' | 'draw' | 'edit';

export interface TrackMapProps {
  traces: readonly MapTrace[];
  gates: readonly GatePoint[];
  /** Gate width (circuit size), metres. */
  gateWidthM: number;
  /** Labels of gates by index, e.g. ['S/F', 'S1', 'S2']. */
  gateLabels?: readonly string[];
  showLabels?: boolean;
  /** Colour traces that carry speedKmh by speed band instead of their own colour. */
  speedColoured?: boolean;
  /** Colour the gates by sector (start/finish, sector 1, sector 2). */
  sectorVision?: boolean;
  markers?: readonly MapMarker[];
  /** One lap's positions drawn as the circuit's outline when no map tiles come (offline, no signal). */
  outline?: { lat: ArrayLike<number>; lon: ArrayLike<number>; from?: number; to?: number } | null;
  /** Where the charts' cursor is on each compared lap: drawn on a layer of their own, cheap to move. */
  cursorMarkers?: readonly CursorMarker[];
  gateMode?: GateMode;
  /** Snap drawn and dragged gates onto the traces. */
  snapToTraces?: boolean;
  onGatesChange?: (gates: GatePoint[]) => void;
  /** A click (a tap) on the map while no gate is drawn or edited: where, in degrees. */
  onPointClick?: (lat: number, lon: number) => void;
  /** The view fits the traces again whenever this changes. */
  fitKey?: string;
  height?: number | string;
  'aria-label'?: string;
}
