/**
 * Pure figures of the lap viewer: lap traces of both sessions, speed-vs-distance series, delta time to the
 * reference lap and sector bars (the corners are the coach's corner model: coach/coach-view.ts). The overlaid
 * speed series of every lap come downsampled from the worker (LoadedSession.views); delta time (one or two laps) is
 * resampled every CHART_STEP_M metres here.
 */
import type { LapAnalysis } from '../../../domain/analysis/analyse-session';
import { deltaTime } from '../../../domain/lap-compare/delta-time';
import { lapTraceByNumber, type LapTrace } from '../../../domain/lap-compare/lap-trace';
import { lapKeyOf } from '../search';
import { drawableLaps, sideOf, viewSlot } from './lap-views';
import type { LoadedSession } from './sessions-port';

/** Resampling step of chart series, metres. */
const CHART_STEP_M = 5;

export interface LapEntry {
  key: string;
  session: LoadedSession;
  lap: LapAnalysis;
}

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  /** [distance m, value] pairs. */
  points: [number, number][];
  highlighted: boolean;
  /** Drawn dashed: a lap of the right-hand session, whose colours are close to the left's (same hues, darker). */
  dashed: boolean;
}

/** Every drawable lap of the loaded sessions, left first. */
export function lapEntries(sessions: readonly LoadedSession[]): LapEntry[] {
  return sessions.flatMap((session) => drawableLaps(session).map((lap) => ({ key: lapKeyOf(sideOf(session), lap.lapNumber), session, lap })));
}

/**
 * The fastest of some laps, racing laps first (lap-kinds.ts: out-laps, in-laps, pit laps and laps beyond 107 % are
 * never compared by default); any drawable lap only when a session has no racing lap at all.
 */
function fastest(entries: readonly LapEntry[], racingOnly = false): LapEntry | null {
  const pick = (list: readonly LapEntry[]) => {
    let best: LapEntry | null = null;
    for (const e of list) if (e.lap.timeMs > 0 && (!best || e.lap.timeMs < best.lap.timeMs)) best = e;
    return best;
  };
  return pick(entries.filter((e) => e.lap.kind === 'racing')) ?? (racingOnly ? null : pick(entries));
}

/**
 * The reference lap: the chosen one when it exists, else the fastest racing lap of all the loaded sessions (two
 * sessions compared: the faster one's best lap, so the coach explains where the slower lap loses, never where the
 * faster one 'lost').
 */
export function resolveReference(entries: readonly LapEntry[], chosen: string | null): LapEntry | null {
  const byKey = chosen ? entries.find((e) => e.key === chosen) : undefined;
  if (byKey) return byKey;
  return fastest(entries);
}

const traceCache = new WeakMap<LoadedSession, Map<number, LapTrace>>();
/** The lap's trace (cached per loaded session). */
export function traceOf(entry: LapEntry): LapTrace {
  let perSession = traceCache.get(entry.session);
  if (!perSession) traceCache.set(entry.session, (perSession = new Map()));
  let trace = perSession.get(entry.lap.lapNumber);
  if (!trace) perSession.set(entry.lap.lapNumber, (trace = lapTraceByNumber(entry.session.positions, entry.lap.lapNumber)));
  return trace;
}

/** Puts a trace that is not a recorded lap (the drivable optimal lap) in the cache under a lap number of its own. */
export function seedTrace(session: LoadedSession, lapNumber: number, trace: LapTrace): void {
  let perSession = traceCache.get(session);
  if (!perSession) traceCache.set(session, (perSession = new Map()));
  perSession.set(lapNumber, trace);
}

const pairs = (x: ArrayLike<number>, y: ArrayLike<number>, scale = 1): [number, number][] => {
  const out: [number, number][] = new Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = [Math.round(x[i] * 10) / 10, Number.isFinite(y[i]) ? Math.round(y[i] * scale * 1000) / 1000 : NaN];
  return out;
};

const lapLabel = (e: LapEntry, both: boolean) => (both ? `${e.key}` : `${e.lap.lapNumber}`);

/** Speed vs distance of every lap, from the worker's downsampled views (lap boundaries and extremes kept). */
export function speedSeries(entries: readonly LapEntry[], picked: string | null, both: boolean): ChartSeries[] {
  return entries.map((e) => {
    const v = e.session.views.speed;
    const slot = viewSlot(e.session.views, e.lap.lapNumber);
    const from = slot < 0 ? 0 : v.lapOffsets[slot];
    const to = slot < 0 ? 0 : v.lapOffsets[slot + 1];
    return { key: e.key, name: lapLabel(e, both), color: e.lap.color, points: pairs(v.distanceM.subarray(from, to), v.speedKmh.subarray(from, to)), highlighted: e.key === picked, dashed: sideOf(e.session) === 'R' };
  });
}

/** Delta (seconds) of the compared laps against the reference: the picked lap, else each session's best lap. */
export function deltaSeries(entries: readonly LapEntry[], reference: LapEntry | null, picked: string | null, both: boolean): ChartSeries[] {
  if (!reference) return [];
  const ref = traceOf(reference);
  const sessions = [...new Set(entries.map((e) => e.session))];
  const compared = picked
    ? entries.filter((e) => e.key === picked)
    : sessions.map((s) => fastest(entries.filter((e) => e.session === s && e.key !== reference.key), true)).filter((e): e is LapEntry => e !== null);
  return compared
    .filter((e) => e.key !== reference.key)
    .map((e) => {
      const d = deltaTime(traceOf(e), ref, { stepM: CHART_STEP_M });
      return { key: e.key, name: lapLabel(e, both), color: e.lap.color, points: pairs(d.distanceM, d.deltaMs, 0.001), highlighted: e.key === picked, dashed: sideOf(e.session) === 'R' };
    });
}

/**
 * The lap compared with the reference: the picked one, else the fastest racing lap of another session than the
 * reference's (two sessions: one's best against the other's), else the session's next-fastest racing lap, else
 * the reference itself (nothing to coach until the racer picks a lap).
 */
export function comparedLap(entries: readonly LapEntry[], reference: LapEntry | null, picked: string | null): LapEntry | null {
  const byPick = picked ? entries.find((e) => e.key === picked) : undefined;
  if (byPick) return byPick;
  const others = entries.filter((e) => e.key !== reference?.key);
  // Racing laps only: an in-lap through the pit lane is compared only when the racer picks it.
  return fastest(others.filter((e) => e.session !== reference?.session), true) ?? fastest(others, true) ?? reference;
}

export interface SectorBars {
  laps: string[];
  sectorsS: [number[], number[], number[]];
}

export function sectorBars(entries: readonly LapEntry[], both: boolean): SectorBars {
  const laps = entries.map((e) => lapLabel(e, both));
  const sectorsS: [number[], number[], number[]] = [[], [], []];
  for (const e of entries) for (let k = 0; k < 3; k++) sectorsS[k].push(Math.round(e.lap.sectors[k].timeMs) / 1000);
  return { laps, sectorsS };
}

