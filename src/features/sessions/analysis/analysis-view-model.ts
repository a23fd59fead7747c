/**
 * The lap viewer's model as pure functions of what is loaded and picked (analysis-screen.tsx only wires them to
 * React and lays the results out): which laps are compared, the reference, the charts' series, the map's lines,
 * the lap names and the reference choices. Texts come in already translated, so all of it runs under Vitest.
 */
import type { CoachedSession } from '../../../analysis/analysis-client';
import type { MapTrace } from '../../../ui/map/types';
import { alignedMapTraces, ggSeries, gTraceSeries, isOptimal, lapG, OPTIMAL_COLOR, type CoachReport, type MapAlignment } from '../coach';
import { lapTraces, resolveReference, sideOf, speedSeries, traceOf, type ChartSeries, type LapEntry, type LoadedSession } from '../shared';

const NO_HIDDEN: ReadonlySet<string> = new Set();

/** The sessions on screen, left first: the left one and the right one (a session of the racer's or a shared lap's). */
export function sessionsOf(left: LoadedSession | null, right: LoadedSession | null): LoadedSession[] {
  return [left, right].filter((s): s is LoadedSession => s !== null);
}

/** The picked lap's key when it is one of the laps on screen, else null (a pick left from another session). */
export function pickedKeyOf(entries: readonly LapEntry[], pickedLap: string | null): string | null {
  return pickedLap && entries.some((e) => e.key === pickedLap) ? pickedLap : null;
}

/**
 * The reference lap: the optimal lap only when the racer picked it (by default the reference stays the fastest lap
 * driven), else the chosen lap or the fastest.
 */
export function referenceOf(entries: readonly LapEntry[], optimal: LapEntry | null, referenceKey: string | null): LapEntry | null {
  return optimal && referenceKey === optimal.key ? optimal : resolveReference(entries, referenceKey);
}

/** A lap of the left session by number (its best lap, the lap the video shows), or null. */
export function leftLapOf(entries: readonly LapEntry[], left: LoadedSession | null, lapNumber: number | null | undefined): LapEntry | null {
  if (!left || lapNumber === null || lapNumber === undefined) return null;
  return entries.find((e) => e.session === left && e.lap.lapNumber === lapNumber) ?? null;
}

export interface LapLabelTexts {
  /** The optimal lap's name ('Optimal lap'). */
  optimal: string;
  /** A driven lap's name ('Lap 4', 'In lap'). */
  lapName(lap: { lapName: string; lapNumber: number }): string;
}

/** A lap as the screen names it: 'Lap 4', or 'Lap 4 (L)' when two sessions are compared (L/R: the session's side). */
export function lapLabeller(texts: LapLabelTexts, both: boolean): (e: { key: string; lap: { lapName: string; lapNumber: number }; session?: LoadedSession }) => string {
  return (e) =>
    isOptimal(e as LapEntry) ? texts.optimal : e.session?.sharedBy ? e.session.sharedBy.ownerName : `${texts.lapName(e.lap)}${both ? ` (${e.key.split('-')[0]})` : ''}`;
}

/** The reference picker's choices: 'Optimal', the sharing racer's name, the key ('L-4') or the lap number, with the time. */
export function referenceChoices(entries: readonly LapEntry[], both: boolean, optimalName: string, lapTime: (ms: number) => string): { value: string; label: string }[] {
  return entries.map((e) => ({
    value: e.key,
    label: `${isOptimal(e) ? optimalName : e.session.sharedBy ? e.session.sharedBy.ownerName : both ? e.key : e.lap.lapNumber} · ${lapTime(e.lap.timeMs)}`,
  }));
}

/** The speed chart's lines: every lap's, and the optimal lap's (dashed) when it is the reference. */
export function speedChartSeries(entries: readonly LapEntry[], picked: string | null, both: boolean, reference: LapEntry | null, optimalName: string): ChartSeries[] {
  const series = speedSeries(entries, picked, both);
  if (reference && isOptimal(reference)) {
    const trace = traceOf(reference);
    const points: [number, number][] = [];
    for (let i = 0; i < trace.count; i += 2) points.push([Math.round(trace.distanceM[i] * 10) / 10, Math.round(trace.speedKmh[i] * 10) / 10]);
    series.push({ key: reference.key, name: optimalName, color: OPTIMAL_COLOR, points, highlighted: false, dashed: true });
  }
  return series;
}

/** The laps whose g is drawn: the compared lap and its reference when they differ, else the reference alone. */
export function gLapsOf(compared: LapEntry | null, reference: LapEntry | null): LapEntry[] {
  return compared && reference && compared.key !== reference.key ? [compared, reference] : reference ? [reference] : [];
}

/** Each lap's coach figures: the left session's or the right one's. */
export type CoachingOf = (entry: LapEntry) => CoachedSession | null;

/** The g chart's lines: each lap's longitudinal and lateral g along distance (the first lap's highlighted). */
export function gChartSeries(laps: readonly LapEntry[], coachingOf: CoachingOf, label: (e: LapEntry) => string, texts: { longitudinal: string; lateral: string }): ChartSeries[] {
  return laps.flatMap((e, i) => {
    const g = lapG(e, coachingOf(e));
    return g ? gTraceSeries(e, g, { longitudinal: `${label(e)} · ${texts.longitudinal}`, lateral: `${label(e)} · ${texts.lateral}` }, i === 0) : [];
  });
}

/** The g-g diagram's envelopes, one per lap with g. */
export function ggDiagramSeries(laps: readonly LapEntry[], coachingOf: CoachingOf, label: (e: LapEntry) => string) {
  return laps.flatMap((e) => {
    const g = lapG(e, coachingOf(e));
    return g ? [ggSeries(e, g, label(e))] : [];
  });
}

/** Two sessions' lines moved onto each other (the compared lap's session onto the reference's), unless turned off. */
export function mapAlignmentOf(alignLines: boolean, report: CoachReport | null, compared: LapEntry | null): MapAlignment | null {
  return alignLines && report?.alignment && compared ? { side: sideOf(compared.session), alignment: report.alignment } : null;
}

/** The map's lines: every lap of the sessions, the optimal lap (dashed unless it is the reference), aligned. */
export function mapTraces(
  sessions: readonly LoadedSession[],
  view: { picked: string | null; both: boolean; optimal: LapEntry | null; reference: LapEntry | null; optimalName: string; aligned: MapAlignment | null },
): MapTrace[] {
  const { picked, both, optimal, reference, aligned } = view;
  const laps: MapTrace[] = sessions.flatMap((s) => lapTraces(s, { sectorVision: false, hidden: NO_HIDDEN, picked, labelPrefix: both }));
  if (optimal) {
    const trace = traceOf(optimal);
    const chosen = reference?.key === optimal.key;
    laps.push({ id: optimal.key, lat: trace.lat, lon: trace.lon, color: OPTIMAL_COLOR, label: view.optimalName, highlighted: chosen, dimmed: !chosen && picked !== null, dashed: !chosen });
  }
  return alignedMapTraces(laps, aligned);
}

/** The lap a click on a chart picks: none when it is the picked lap again (unpicks) or the optimal lap. */
export function chartPick(entries: readonly LapEntry[], picked: string | null, key: string): string | null {
  return key === picked || isOptimal(entries.find((e) => e.key === key) ?? null) ? null : key;
}

/** The left session's lap the video follows: the picked lap when it is the compared one and the left session's. */
export function pickedLeftLapOf(compared: LapEntry | null, left: LoadedSession | null, picked: string | null): number | null {
  return compared && compared.session === left && picked === compared.key ? compared.lap.lapNumber : null;
}
