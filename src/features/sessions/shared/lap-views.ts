/**
 * Pure view helpers over loaded sessions: which fixes draw each lap and each of its sectors on the map, where a
 * lap reaches its min and max speed, and whether a session is fully updated (laps and positions agree).
 */
import type { LapAnalysis } from '../../../domain/analysis/analyse-session';
import type { PositionColumns } from '../../../domain/session-types';
import type { SessionViews } from '../../../domain/views/session-views';
import type { MapMarker, MapTrace } from '../../../ui/map/types';
import { lapKeyOf, type Side } from '../search';
import type { LoadedSession } from './sessions-port';

/** Sector colours of the sector vision: sector 1, 2, 3. */
const SECTOR_COLORS = ['#e8590c', '#1c7ed6', '#2f9e44'] as const;

/** Valid, drawable laps (lap 0 and the in-lap excluded; a lap with no fixes cannot be drawn). */
export function drawableLaps(session: LoadedSession): LapAnalysis[] {
  return session.analysis.laps.filter((l) => l.valid && l.lapName !== 'In Lap' && l.endIndex > l.startIndex);
}

const lapSlots = new WeakMap<SessionViews, Map<number, number>>();
/** Position of a lap in the session's downsampled views (-1 when it has none). */
export function viewSlot(views: SessionViews, lapNumber: number): number {
  let slots = lapSlots.get(views);
  if (!slots) {
    slots = new Map(Array.from(views.lapNumbers, (n, k) => [n, k] as const));
    lapSlots.set(views, slots);
  }
  return slots.get(lapNumber) ?? -1;
}

/**
 * Index of the lowest and highest speed of a lap's fixes.
 * @internal Exported for its tests.
 */
export function minMaxIndex(positions: PositionColumns, from: number, to: number): { min: number; max: number } | null {
  let min = -1;
  let max = -1;
  for (let i = from; i < to; i++) {
    const v = positions.speedKmh[i];
    if (!Number.isFinite(v)) continue;
    if (min < 0 || v < positions.speedKmh[min]) min = i;
    if (max < 0 || v > positions.speedKmh[max]) max = i;
  }
  return min < 0 ? null : { min, max };
}

/**
 * A session with positions and no lap: its trace crosses no start/finish line (or no circuit is near it). Said as
 * such, with a way to draw the line, rather than as a transfer that stopped early.
 */
export function hasNoLaps(session: LoadedSession): boolean {
  return session.positions.count > 0 && !session.analysis.laps.some((l) => l.lapNumber > 0);
}

/** "Fully updated" = it has laps and positions, and every valid lap has fixes (a transfer that stopped early has not). */
export function isFullyUpdated(session: LoadedSession): boolean {
  if (session.positions.count === 0 || session.analysis.laps.length === 0) return false;
  return session.analysis.laps.filter((l) => l.valid && l.lapName !== 'In Lap').every((l) => l.endIndex > l.startIndex);
}

export interface MapOptions {
  sectorVision: boolean;
  /** Laps hidden by the user (keys 'L-3'). */
  hidden: ReadonlySet<string>;
  picked: string | null;
  labelPrefix?: boolean;
}

export function sideOf(session: LoadedSession): Side {
  return session.sessionIndex === 1 ? 'R' : 'L';
}

/**
 * Traces for the map: one per lap (or three per lap with sector vision), in the lap's colour, over the session's
 * downsampled views (the worker kept lap boundaries, min/max speed and sector crossings; never every 25 Hz fix).
 */
export function lapTraces(session: LoadedSession, options: MapOptions): MapTrace[] {
  const side = sideOf(session);
  const traces: MapTrace[] = [];
  const v = session.views.map;
  for (const lap of drawableLaps(session)) {
    const key = lapKeyOf(side, lap.lapNumber);
    if (options.hidden.has(key)) continue;
    const slot = viewSlot(session.views, lap.lapNumber);
    if (slot < 0) continue;
    const start = v.lapOffsets[slot];
    const end = v.lapOffsets[slot + 1];
    if (end - start < 2) continue;
    const highlighted = options.picked === key;
    const dimmed = options.picked !== null && !highlighted;
    const label = options.labelPrefix ? `${side} ${lap.lapNumber}` : `${lap.lapNumber}`;
    const common = { lat: v.lat, lon: v.lon, speedKmh: v.speedKmh, highlighted, dimmed, dashed: side === 'R' };
    if (options.sectorVision) {
      const edges = [start, v.sectorOffsets[2 * slot], v.sectorOffsets[2 * slot + 1], end - 1];
      for (let s = 0; s < 3; s++) {
        // Each sector ends on the next one's first point (a kept gate crossing), so the sectors join up.
        const from = edges[s];
        const to = Math.min(end, edges[s + 1] + 1);
        if (to - from < 2) continue;
        traces.push({ id: `${key}-s${s + 1}`, from, to, color: SECTOR_COLORS[s], label: s === 0 ? label : undefined, ...common });
      }
    } else {
      traces.push({ id: key, from: start, to: end, color: lap.color, label, ...common });
    }
  }
  return traces;
}

/**
 * The circuit's outline for a map without tiles: the session's fastest drawable lap from the downsampled views
 * (whether or not it is hidden: the outline is the track, not a lap).
 */
export function circuitOutline(session: LoadedSession): { lat: ArrayLike<number>; lon: ArrayLike<number>; from: number; to: number } | null {
  const v = session.views.map;
  let best: { from: number; to: number; timeMs: number } | null = null;
  for (const lap of drawableLaps(session)) {
    const slot = viewSlot(session.views, lap.lapNumber);
    if (slot < 0) continue;
    const from = v.lapOffsets[slot];
    const to = v.lapOffsets[slot + 1];
    if (to - from >= 2 && (!best || lap.timeMs < best.timeMs)) best = { from, to, timeMs: lap.timeMs };
  }
  return best ? { lat: v.lat, lon: v.lon, from: best.from, to: best.to } : null;
}

/** Min and max speed markers of each shown lap. */
export function speedMarkers(session: LoadedSession, hidden: ReadonlySet<string>, format: (kmh: number, kind: 'min' | 'max') => string): MapMarker[] {
  const side = sideOf(session);
  const markers: MapMarker[] = [];
  for (const lap of drawableLaps(session)) {
    const key = lapKeyOf(side, lap.lapNumber);
    if (hidden.has(key)) continue;
    const mm = minMaxIndex(session.positions, lap.startIndex, lap.endIndex);
    if (!mm) continue;
    const p = session.positions;
    markers.push({ id: `${key}-min`, lat: p.lat[mm.min], lon: p.lon[mm.min], label: format(p.speedKmh[mm.min], 'min'), color: '#1971c2' });
    markers.push({ id: `${key}-max`, lat: p.lat[mm.max], lon: p.lon[mm.max], label: format(p.speedKmh[mm.max], 'max'), color: '#e03131' });
  }
  return markers;
}

/**
 * The device's lap names ('Lap 3', 'In Lap', kept as data) in the user's language; any other name (an
 * imported file's) as it is.
 */
export function lapDisplayName(lap: { lapName: string; lapNumber: number }, t: (key: 'analysis.inLap' | 'analysis.lapName', values?: { n: number }) => string): string {
  if (lap.lapName === 'In Lap') return t('analysis.inLap');
  return /^Lap \d+$/.test(lap.lapName) ? t('analysis.lapName', { n: lap.lapNumber }) : lap.lapName;
}
