/**
 * The map screen's model as pure functions (map-screen.tsx wires them to React and lays them out): the laps drawn
 * and their min/max speed markers for the switches and the laps hidden, the map's fit key, the gate editor's hint
 * and a lap shown or hidden. Texts come in already translated, so all of it runs under Vitest.
 */
import type { MapMarker, MapTrace } from '../../../ui/map/types';
import { lapTraces, speedMarkers, type LoadedSession } from '../shared';

/** What the map's switches and the lap list say to draw. */
export interface MapShown {
  showLaps: boolean;
  sectorVision: boolean;
  minMax: boolean;
  hidden: ReadonlySet<string>;
  picked: string | null;
}

/** The laps drawn: every session's laps not hidden (named by session when two are shown); none with 'Laps' off. */
export function mapTraces(sessions: readonly LoadedSession[], shown: MapShown): MapTrace[] {
  if (!shown.showLaps) return [];
  return sessions.flatMap((s) => lapTraces(s, { sectorVision: shown.sectorVision, hidden: shown.hidden, picked: shown.picked, labelPrefix: sessions.length > 1 }));
}

/** Each drawn lap's slowest and fastest points, with `label`'s text; none unless 'Min/max' and 'Laps' are on. */
export function mapMarkers(sessions: readonly LoadedSession[], shown: MapShown, label: (kmh: number, kind: 'min' | 'max') => string): MapMarker[] {
  return shown.minMax && shown.showLaps ? sessions.flatMap((s) => speedMarkers(s, shown.hidden, label)) : [];
}

/** The map fits its view again when this changes: the sessions shown. */
export function mapFitKey(sessions: readonly Pick<LoadedSession, 'id'>[]): string {
  return sessions.map((s) => s.id).join('|');
}

/**
 * What a click does in Draw mode (the next gate's name), and why it does nothing once every gate is placed; null
 * outside Draw mode.
 */
export function gateHintOf(drawing: boolean, gatesPlaced: number, maxGates: number, gateNames: readonly string[]): { key: 'map.gatesFull'; values: { count: number } } | { key: 'map.drawNext'; values: { gate: string } } | null {
  if (!drawing) return null;
  return gatesPlaced >= maxGates ? { key: 'map.gatesFull', values: { count: maxGates } } : { key: 'map.drawNext', values: { gate: gateNames[gatesPlaced] } };
}

/** The hidden laps with `key` shown again if it was hidden, hidden if it was shown. */
export function toggledKey(hidden: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(hidden);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}
