import { describe, expect, it } from 'vitest';
import type { CoachedSession } from '../../../../../src/analysis/analysis-client';
import { coachingLapColumns, sessionCoaching } from '../../../../../src/domain/coaching/session-coaching';
import {
  chartPick,
  gChartSeries,
  ggDiagramSeries,
  gLapsOf,
  lapLabeller,
  leftLapOf,
  mapAlignmentOf,
  mapTraces,
  pickedKeyOf,
  pickedLeftLapOf,
  referenceChoices,
  referenceOf,
  sessionsOf,
  speedChartSeries,
} from '../../../../../src/features/sessions/analysis/analysis-view-model';
import { coachReport, OPTIMAL_COLOR, optimalEntry } from '../../../../../src/features/sessions/coach/coach-view';
import { comparedLap, lapEntries, speedSeries } from '../../../../../src/features/sessions/shared/analysis-view';
import type { LapEntry } from '../../../../../src/features/sessions/shared/analysis-view';
import { loadedSession } from '../shared/loaded-session';

const left = loadedSession(1, 0);
const right = loadedSession(2, 1, 7);
const coached: CoachedSession = { ...sessionCoaching(left.positions, coachingLapColumns(left.analysis.laps)), timings: { coachingMs: 0 } };
const one = lapEntries([left]);
const two = lapEntries(sessionsOf(left, right));
const optimal = optimalEntry(left, coached, 'Optimal lap')!;
const texts = { optimal: 'Optimal lap', lapName: (lap: { lapNumber: number }) => `Lap ${lap.lapNumber}` };
const seconds = (ms: number) => `${(ms / 1000).toFixed(3)}`;

describe('the laps on screen', () => {
  it('are the left session then the right one, either missing', () => {
    expect(sessionsOf(left, right)).toEqual([left, right]);
    expect(sessionsOf(left, null)).toEqual([left]);
    expect(sessionsOf(null, right)).toEqual([right]);
  });

  it('keep a picked lap only when it is one of them', () => {
    expect(pickedKeyOf(one, 'L-2')).toBe('L-2');
    expect(pickedKeyOf(one, 'R-2')).toBeNull();
    expect(pickedKeyOf(one, null)).toBeNull();
  });

  it('name a left lap by number, none without a session or a number', () => {
    expect(leftLapOf(two, left, 2)?.key).toBe('L-2');
    expect(leftLapOf(two, null, 2)).toBeNull();
    expect(leftLapOf(two, left, null)).toBeNull();
    expect(leftLapOf(two, left, 999)).toBeNull();
  });
});

describe('the reference', () => {
  it('is the optimal lap only when the racer picked it', () => {
    expect(referenceOf(one, optimal, optimal.key)).toBe(optimal);
    const fastest = referenceOf(one, optimal, null);
    expect(fastest).not.toBe(optimal);
    expect(fastest?.session).toBe(left);
    expect(referenceOf(one, optimal, 'L-3')?.key).toBe('L-3');
  });

  it('choices name the optimal lap, the key when two sessions are compared, else the lap number, with the time', () => {
    const single = referenceChoices([...one, optimal], false, 'Optimal', seconds);
    expect(single[0]).toEqual({ value: one[0].key, label: `${one[0].lap.lapNumber} · ${seconds(one[0].lap.timeMs)}` });
    expect(single.at(-1)).toEqual({ value: optimal.key, label: `Optimal · ${seconds(optimal.lap.timeMs)}` });
    const both = referenceChoices(two, true, 'Optimal', seconds);
    expect(both.map((c) => c.label.split(' · ')[0])).toEqual(two.map((e) => e.key));
  });

  it('choices and labels name a shared lap by its owner', () => {
    const shared = { ...right, sharedBy: { ownerName: 'Rui C.', lapNumber: 2, lapTimeMs: 60_000, date: '2026-05-01', vehicleCategory: null } };
    const entries = lapEntries([left, shared]);
    const sharedEntry = entries.find((e) => e.session === shared)!;
    expect(referenceChoices([sharedEntry], true, 'Optimal', seconds)[0].label).toBe(`Rui C. · ${seconds(sharedEntry.lap.timeMs)}`);
    expect(lapLabeller(texts, true)(sharedEntry)).toBe('Rui C.');
  });
});

describe('lap labels', () => {
  it("add the session's side only when two sessions are compared", () => {
    expect(lapLabeller(texts, false)(one[1])).toBe(`Lap ${one[1].lap.lapNumber}`);
    const r = two.find((e) => e.session === right)!;
    expect(lapLabeller(texts, true)(r)).toBe(`Lap ${r.lap.lapNumber} (R)`);
    expect(lapLabeller(texts, true)(optimal)).toBe('Optimal lap');
  });
});

describe('chart series', () => {
  it('speed: every lap, plus the optimal lap dashed in its colour when it is the reference', () => {
    const plain = speedChartSeries(one, null, false, one[0], 'Optimal');
    expect(plain).toEqual(speedSeries(one, null, false));
    const withOptimal = speedChartSeries(one, null, false, optimal, 'Optimal');
    expect(withOptimal).toHaveLength(plain.length + 1);
    const last = withOptimal.at(-1)!;
    expect(last).toMatchObject({ key: optimal.key, name: 'Optimal', color: OPTIMAL_COLOR, dashed: true, highlighted: false });
    expect(last.points.length).toBeGreaterThan(10);
    // Every other fix, to 0.1 m and 0.1 km/h.
    for (const [d, v] of last.points.slice(0, 20)) {
      expect(Math.round(d * 10)).toBeCloseTo(d * 10, 6);
      expect(Math.round(v * 10)).toBeCloseTo(v * 10, 6);
    }
  });

  it('g: the compared lap and its reference when they differ, the reference alone otherwise', () => {
    expect(gLapsOf(one[1], one[2]).map((e) => e.key)).toEqual([one[1].key, one[2].key]);
    expect(gLapsOf(one[2], one[2]).map((e) => e.key)).toEqual([one[2].key]);
    expect(gLapsOf(one[1], null)).toEqual([]);
    const laps = gLapsOf(one[1], one[2]);
    const g = gChartSeries(laps, () => coached, (e) => e.key, { longitudinal: 'long', lateral: 'lat' });
    expect(g.length).toBeGreaterThan(0);
    expect(g.every((s) => s.name.startsWith(`${laps[0].key} · `) || s.name.startsWith(`${laps[1].key} · `))).toBe(true);
    expect(g.filter((s) => s.highlighted).every((s) => s.name.startsWith(laps[0].key))).toBe(true);
    expect(ggDiagramSeries(laps, () => coached, (e) => e.key)).toHaveLength(laps.length);
  });

  it('a click on a chart picks the lap, unpicks the picked one, never picks the optimal lap', () => {
    expect(chartPick(one, null, 'L-2')).toBe('L-2');
    expect(chartPick(one, 'L-2', 'L-2')).toBeNull();
    expect(chartPick([...one, optimal], null, optimal.key)).toBeNull();
  });
});

describe('the map', () => {
  it("draws the optimal lap dashed unless it is the reference, and aligns only when asked and the coach has an alignment", () => {
    const view = { picked: null, both: false, optimal, reference: one[0], optimalName: 'Optimal', aligned: null };
    const traces = mapTraces([left], view);
    const o = traces.find((t) => t.id === optimal.key)!;
    expect(o).toMatchObject({ color: OPTIMAL_COLOR, label: 'Optimal', highlighted: false, dashed: true, dimmed: false });
    expect(mapTraces([left], { ...view, reference: optimal }).find((t) => t.id === optimal.key)).toMatchObject({ highlighted: true, dashed: false });
    expect(mapTraces([left], { ...view, picked: 'L-2' }).find((t) => t.id === optimal.key)).toMatchObject({ dimmed: true });
    expect(mapTraces([left], { ...view, optimal: null }).some((t) => t.id === optimal.key)).toBe(false);

    const reference = two.find((e) => e.session === left)!;
    const compared: LapEntry = comparedLap(two, reference, two.find((e) => e.session === right)!.key)!;
    const report = coachReport(reference, compared);
    expect(mapAlignmentOf(false, report, compared)).toBeNull();
    expect(mapAlignmentOf(true, null, compared)).toBeNull();
    const aligned = mapAlignmentOf(true, report, compared);
    if (report?.alignment) expect(aligned).toEqual({ side: 'R', alignment: report.alignment });
    else expect(aligned).toBeNull();
  });
});

describe('the video', () => {
  it("follows the picked lap only when it is the compared lap and the left session's", () => {
    expect(pickedLeftLapOf(one[1], left, one[1].key)).toBe(one[1].lap.lapNumber);
    expect(pickedLeftLapOf(one[1], left, null)).toBeNull();
    const r = two.find((e) => e.session === right)!;
    expect(pickedLeftLapOf(r, left, r.key)).toBeNull();
    expect(pickedLeftLapOf(null, left, 'L-1')).toBeNull();
  });
});
