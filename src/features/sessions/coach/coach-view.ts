/**
 * Pure figures of the coach on the lap viewer: the drivable optimal lap as a lap entry (a reference like any lap),
 * the g-g points and envelopes of the compared laps, their g traces along distance, braking and throttle points
 * per corner against the reference, and the coach's three findings. Session-wide figures (acceleration of every
 * fix, envelopes, the optimal lap, consistency) come from the analysis worker (CoachedSession); what depends on
 * the two laps on screen is computed here, on two laps only.
 */
import type { CoachedSession } from '../../../analysis/analysis-client';
import type { LapAnalysis } from '../../../domain/analysis/analyse-session';
import { accelerationOf, type AccelerationColumns } from '../../../domain/coaching/acceleration';
import type { OptimalTrace } from '../../../domain/coaching/drivable-optimal';
import type { LapTrace } from '../../../domain/lap-compare/lap-trace';
import { coachFindings, type CoachFinding } from '../../../domain/coaching/coach-findings';
import type { CornerPoints } from '../../../domain/coaching/corner-points';
import { lapCorners, type LapCorners } from '../../../domain/coaching/lap-corners';
import { DistanceCursor } from '../../../domain/lap-compare/resample';
import { envelopePolygon, ggEnvelope } from '../../../domain/coaching/gg-envelope';
import { lapProfile } from '../../../domain/coaching/lap-profile';
import { alignColumns, alignLines, alignmentMover, type LineAlignment } from '../../../domain/coaching/align-lines';
import type { MapMarker, MapTrace } from '../../../ui/map/types';
import { detectCorners } from '../../../domain/lap-compare/corners';
import { seedTrace, traceOf, type ChartSeries, type LapEntry } from '../shared';
import { lapKeyOf } from '../search';
import { sideOf } from '../shared';
import type { LoadedSession } from '../shared';

/** Lap number of a session's drivable optimal lap in lap keys ('L-0'): no lap of the analysis has number 0. */
const OPTIMAL_LAP_NUMBER = 0;
/** Colour of the drivable optimal lap on the map and in the charts (distinct from the laps' hue wheel in both themes). */
export const OPTIMAL_COLOR = '#c2255c';

export const isOptimal = (entry: LapEntry | null) => entry?.lap.lapNumber === OPTIMAL_LAP_NUMBER;

/** The session's drivable optimal lap as a lap entry (its trace is the optimal lap's), or null without one. */
export function optimalEntry(session: LoadedSession, coaching: CoachedSession | null, name: string): LapEntry | null {
  const o = coaching?.optimal;
  if (!o) return null;
  const lap: LapAnalysis = {
    lapNumber: OPTIMAL_LAP_NUMBER,
    lapName: name,
    timeMs: o.timeMs,
    valid: true,
    sectors: [0, 1, 2].map(() => ({ timeMs: NaN, bestSector: false, performance: -1 as const })) as LapAnalysis['sectors'],
    maxSpeedKmh: NaN,
    minSpeedKmh: NaN,
    averageSpeedKmh: NaN,
    distanceM: o.trace.distanceM[o.trace.count - 1],
    startIndex: 0,
    endIndex: 0,
    bestLap: false,
    color: OPTIMAL_COLOR,
    kind: 'racing',
  };
  seedTrace(session, OPTIMAL_LAP_NUMBER, o.trace);
  return { key: lapKeyOf(sideOf(session), OPTIMAL_LAP_NUMBER), session, lap };
}

export interface LapG {
  /** g per sample along the lap: longitudinal (negative braking), lateral (positive right). */
  longitudinalG: ArrayLike<number>;
  lateralG: ArrayLike<number>;
  /** Metres from the lap's start of each sample. */
  distanceM: ArrayLike<number>;
  /** g-g envelope radii (gg-envelope.ts). */
  envelope: ArrayLike<number>;
}

/**
 * The g a trace carries with it (the drivable optimal lap's: its laps' own g, blended at the joins). Measured again
 * from the stitched line it would show the joins as spikes, so it is never recomputed.
 */
function ownG(trace: LapTrace): AccelerationColumns | undefined {
  const g = trace as Partial<OptimalTrace>;
  return g.longitudinalG && g.lateralG ? { count: trace.count, longitudinalG: g.longitudinalG, lateralG: g.lateralG } : undefined;
}

const gCache = new WeakMap<LoadedSession, Map<number, LapG>>();

/** The lap's g: the worker's per-fix columns for a recorded lap, computed here for the optimal lap. */
export function lapG(entry: LapEntry, coaching: CoachedSession | null): LapG | null {
  let perSession = gCache.get(entry.session);
  if (!perSession) gCache.set(entry.session, (perSession = new Map()));
  const cached = perSession.get(entry.lap.lapNumber);
  if (cached) return cached;
  let g: LapG | null = null;
  if (entry.lap.lapNumber === OPTIMAL_LAP_NUMBER) {
    const trace = traceOf(entry);
    const a = ownG(trace) ?? accelerationOf(trace);
    g = { longitudinalG: a.longitudinalG, lateralG: a.lateralG, distanceM: trace.distanceM, envelope: ggEnvelope(a.longitudinalG, a.lateralG) };
  } else if (coaching) {
    const { startIndex: from, endIndex: to } = entry.lap;
    const p = entry.session.positions;
    const distanceM = new Float64Array(to - from);
    for (let i = from; i < to; i++) distanceM[i - from] = p.distanceM[i] - p.distanceM[from];
    const slot = coaching.envelopes.lapNumber.indexOf(entry.lap.lapNumber);
    const bins = coaching.envelopes.bins;
    g = {
      longitudinalG: coaching.acceleration.longitudinalG.subarray(from, to),
      lateralG: coaching.acceleration.lateralG.subarray(from, to),
      distanceM,
      envelope: slot < 0 ? ggEnvelope(coaching.acceleration.longitudinalG, coaching.acceleration.lateralG, from, to) : coaching.envelopes.radiusG.subarray(slot * bins, (slot + 1) * bins),
    };
  }
  if (g) perSession.set(entry.lap.lapNumber, g);
  return g;
}

export interface GgSeries {
  key: string;
  name: string;
  color: string;
  /** Lateral and longitudinal g of every sample (the lap's own columns, not copied). */
  lateralG: ArrayLike<number>;
  longitudinalG: ArrayLike<number>;
  /** The envelope as a closed polygon, [lateral g, longitudinal g]. */
  envelope: [number, number][];
  dashed: boolean;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

export function ggSeries(entry: LapEntry, g: LapG, name: string): GgSeries {
  const polygon = envelopePolygon(g.envelope).map(([x, y]) => [round3(x), round3(y)] as [number, number]);
  return {
    key: entry.key,
    name,
    color: entry.lap.color,
    lateralG: g.lateralG,
    longitudinalG: g.longitudinalG,
    envelope: polygon.length ? [...polygon, polygon[0]] : [],
    dashed: sideOf(entry.session) === 'R',
  };
}

/** Longitudinal and lateral g against distance, every `every` samples (25 Hz is more than a chart shows). */
export function gTraceSeries(entry: LapEntry, g: LapG, names: { longitudinal: string; lateral: string }, highlighted: boolean, every = 2): ChartSeries[] {
  const long: [number, number][] = [];
  const lat: [number, number][] = [];
  for (let i = 0; i < g.distanceM.length; i += every) {
    const d = Math.round(g.distanceM[i] * 10) / 10;
    long.push([d, round3(g.longitudinalG[i])]);
    lat.push([d, round3(g.lateralG[i])]);
  }
  const dashed = sideOf(entry.session) === 'R';
  return [
    { key: `${entry.key}:long`, name: names.longitudinal, color: entry.lap.color, points: long, highlighted, dashed },
    { key: `${entry.key}:lat`, name: names.lateral, color: entry.lap.color, points: lat, highlighted: false, dashed: true },
  ];
}

/**
 * The corners of the compared lap against the reference (lap-corners.ts): the one model the coach's sentences, the
 * Corners table, the braking table, the map's corner labels and the charts' focus read. The compared lap may be the
 * reference itself (the tables then show its own figures, nothing lost). Null without a reference.
 */
export function lapCornersOf(reference: LapEntry | null, compared: LapEntry | null): LapCorners | null {
  if (!reference) return null;
  const ref = traceOf(reference);
  const lap = compared ? traceOf(compared) : ref;
  if (ref.count < 2 || lap.count < 2) return null;
  const length = ref.distanceM[ref.count - 1];
  const corners = detectCorners(ref);
  const refProfile = lapProfile(ref, length, 1, ownG(ref));
  const lapProfileOf = lap === ref ? refProfile : lapProfile(lap, length, 1, ownG(lap));
  return lapCorners(lapProfileOf, refProfile, corners);
}

export interface CoachReport extends LapCorners {
  findings: CoachFinding[];
  /** Set when the two laps come from different sessions: how far their lines were apart and the rigid fit. */
  alignment: LineAlignment | null;
}

/**
 * The coach's three findings and the braking and throttle points of both laps, from the laps' corner model
 * (`model`: lapCornersOf's for these two laps when the screen has it already). Null for a lap against itself.
 */
export function coachReport(reference: LapEntry | null, compared: LapEntry | null, model: LapCorners | null = lapCornersOf(reference, compared)): CoachReport | null {
  if (!reference || !compared || reference.key === compared.key || !model) return null;
  return {
    ...model,
    findings: coachFindings(model),
    alignment: reference.session !== compared.session ? alignLines(traceOf(compared), traceOf(reference)) : null,
  };
}

/** One row of the Corners table, from the corner model: its figures and their text. */
export interface CornerRow {
  corner: number;
  /** Where the corner is (its apex), reference metres: the place a click shows and the map labels. */
  atM: number;
  minSpeedKmh: number;
  referenceMinSpeedKmh: number;
  /** Time lost in the corner's zone, ms (negative: gained). */
  timeLostMs: number;
  /** The zone, reference metres. */
  fromM: number;
  toM: number;
  /** Speeds to 0.1 km/h; the time lost signed, to 0.01 s as the coach's sentences write it ('+0.23 s', '-0.12 s'). */
  minSpeed: string;
  referenceMinSpeed: string;
  timeLost: string;
}

/** `formatNumber(value, fraction digits)` in the user's language. */
export function cornerRows(model: LapCorners | null, formatNumber: (value: number, digits: number) => string): CornerRow[] {
  if (!model) return [];
  const speed = (v: number) => (Number.isFinite(v) ? formatNumber(v, 1) : '-');
  return Array.from({ length: model.count }, (_, i) => {
    const lost = model.timeLostMs[i];
    return {
      corner: i + 1,
      atM: model.atM[i],
      minSpeedKmh: model.lap.minSpeedKmh[i],
      referenceMinSpeedKmh: model.reference.minSpeedKmh[i],
      timeLostMs: lost,
      fromM: model.zoneFromM[i],
      toM: model.zoneToM[i],
      minSpeed: speed(model.lap.minSpeedKmh[i]),
      referenceMinSpeed: speed(model.reference.minSpeedKmh[i]),
      timeLost: Number.isFinite(lost) ? `${lost > 0 ? '+' : lost < 0 ? '-' : ''}${formatNumber(Math.abs(lost) / 1000, 2)} s` : '-',
    };
  });
}

/** Colour of the corner numbers on the map. */
const CORNER_LABEL_COLOR = '#495057';

/** The corners' numbers on the map, each at its place on the reference's line (where the table and the coach show it). */
export function cornerMarkers(model: LapCorners | null, reference: LapEntry | null): MapMarker[] {
  if (!model || !reference) return [];
  const trace = traceOf(reference);
  if (trace.count < 2) return [];
  const cursor = new DistanceCursor(trace);
  return Array.from({ length: model.count }, (_, i) => {
    cursor.seek(model.atM[i]);
    return { id: `corner-${i + 1}`, lat: cursor.value(trace.lat), lon: cursor.value(trace.lon), label: String(i + 1), color: CORNER_LABEL_COLOR, always: true };
  });
}

/** One row of the braking and throttle table: the compared lap's figure, then the reference's, as text. */
export interface BrakingRow {
  corner: number;
  /** Where the corner is shown (its apex, as in the Corners table), reference metres. */
  focusM: number;
  brake: string;
  apex: string;
  throttle: string;
}

const MISSING = '–';

/** What the braking column says where a lap was already braking at the line (its first metre). */
export interface BrakingTexts {
  /** One lap braking from before the line: 'before the line'. */
  beforeLine: string;
  /** Both laps: 'both before the line'. */
  bothBeforeLine: string;
}

/**
 * The braking and throttle table as text: 'lap / reference' per cell, metres and km/h to the unit, '–' where a lap
 * has no such point (no braking, no throttle before the next turn), and in words where braking began before the
 * line (the lap cannot tell where: never a made-up number such as '< 0'). Corners with no figure at all for either
 * lap are left out (a row of dashes tells nothing).
 */
export function brakingRows(report: LapCorners, formatNumber: (value: number, digits: number) => string, texts: BrakingTexts): BrakingRow[] {
  const value = (v: number) => (Number.isFinite(v) ? formatNumber(v, 0) : MISSING);
  const brake = (p: CornerPoints, i: number) => (p.brakeBeforeStart[i] ? texts.beforeLine : value(p.brakeM[i]));
  const rows: BrakingRow[] = [];
  for (let i = 0; i < report.corners.count; i++) {
    const cells = [
      [brake(report.lap, i), brake(report.reference, i)],
      [value(report.lap.minSpeedKmh[i]), value(report.reference.minSpeedKmh[i])],
      [value(report.lap.throttleM[i]), value(report.reference.throttleM[i])],
    ];
    if (cells.every((pair) => pair.every((c) => c === MISSING))) continue;
    const bothBefore = report.lap.brakeBeforeStart[i] && report.reference.brakeBeforeStart[i];
    rows.push({
      corner: i + 1,
      focusM: report.atM[i],
      brake: bothBefore ? texts.bothBeforeLine : cells[0].join(' / '),
      apex: cells[1].join(' / '),
      throttle: cells[2].join(' / '),
    });
  }
  return rows;
}

/** Lines of one session moved by an alignment: which session ('L' or 'R', the compared lap's) and the fit. */
export interface MapAlignment {
  side: 'L' | 'R';
  alignment: LineAlignment;
}

/**
 * The map's traces with the compared session's laps moved onto the reference's line by the alignment (traces of
 * one session share their columns, which are moved once).
 */
export function alignedMapTraces(traces: readonly MapTrace[], aligned: MapAlignment | null): MapTrace[] {
  if (!aligned) return [...traces];
  const moved = new Map<ArrayLike<number>, { lat: Float64Array; lon: Float64Array }>();
  return traces.map((t) => {
    if (!t.id.startsWith(`${aligned.side}-`)) return t;
    let columns = moved.get(t.lat);
    if (!columns) moved.set(t.lat, (columns = alignColumns(t.lat, t.lon, aligned.alignment)));
    return { ...t, lat: columns.lat, lon: columns.lon };
  });
}

/** Cursor positions with the compared session's moved by the alignment, like its lines. */
export function alignedMarkers<M extends { id: string; lat: number; lon: number }>(markers: readonly M[], aligned: MapAlignment | null): M[] {
  if (!aligned) return [...markers];
  const move = alignmentMover(aligned.alignment);
  return markers.map((m) => {
    if (!m.id.startsWith(`${aligned.side}-`)) return m;
    const [lat, lon] = move(m.lat, m.lon);
    return { ...m, lat, lon };
  });
}
