import { describe, expect, it } from 'vitest';
import { drawableLaps, hasNoLaps, isFullyUpdated, lapDisplayName, lapTraces, minMaxIndex, speedMarkers } from '../../../../../src/features/sessions/shared/lap-views';
import { sectorSplitIndices } from '../../../../../src/domain/views/session-views';
import { cornerRows, lapCornersOf } from '../../../../../src/features/sessions/coach/coach-view';
import { comparedLap, deltaSeries, lapEntries, resolveReference, sectorBars, speedSeries } from '../../../../../src/features/sessions/shared/analysis-view';
import { parseLapSearch } from '../../../../../src/features/sessions/search/lap-search';
import { loadedSession } from './loaded-session';
import { createI18n } from '../../../../../src/app/i18n/setup';
// The sessions area's texts, registered as its screens register them.
import '../../../../../src/features/sessions/i18n';
import { MissingKeyCollector } from '../../../../../src/app/i18n/missing-keys';

const left = loadedSession(1, 0);
const right = loadedSession(2, 1);

describe('lap views for the map', () => {
  it('draws every valid lap once, in its colour, and three sector pieces with sector vision', () => {
    const laps = drawableLaps(left);
    expect(laps.length).toBeGreaterThan(3);
    const traces = lapTraces(left, { sectorVision: false, hidden: new Set(), picked: null });
    expect(traces.map((t) => t.id)).toEqual(laps.map((l) => `L-${l.lapNumber}`));
    expect(traces[0].color).toBe(laps[0].color);
    const sectors = lapTraces(left, { sectorVision: true, hidden: new Set(['L-1']), picked: null });
    expect(sectors.filter((t) => t.id.startsWith('L-2-')).map((t) => t.id)).toEqual(['L-2-s1', 'L-2-s2', 'L-2-s3']);
    expect(sectors.some((t) => t.id.startsWith('L-1-'))).toBe(false);
  });

  it('draws the worker-downsampled views, not every fix, and joins sector pieces on their crossing points', () => {
    const traces = lapTraces(left, { sectorVision: false, hidden: new Set(), picked: null });
    const drawnPoints = traces.reduce((n, t) => n + (t.to! - t.from!), 0);
    const fixes = drawableLaps(left).reduce((n, l) => n + l.endIndex - l.startIndex, 0);
    expect(traces[0].lat).toBe(left.views.map.lat);
    expect(drawnPoints).toBeLessThan(fixes / 4);
    const sectors = lapTraces(left, { sectorVision: true, hidden: new Set(), picked: null }).filter((t) => t.id.startsWith('L-2-'));
    expect(sectors[0].from).toBe(traces[1].from);
    expect(sectors[1].from).toBe(sectors[0].to! - 1);
    expect(sectors[2].from).toBe(sectors[1].to! - 1);
    expect(sectors[2].to).toBe(traces[1].to);
    const lap2 = drawableLaps(left)[1];
    expect(left.views.map.index[sectors[1].from!]).toBe(sectorSplitIndices(left.positions, lap2)[0]);
  });

  it("draws the right-hand session's laps dashed, so its darker shades of the same hues stay apart from the left's", () => {
    expect(lapTraces(left, { sectorVision: false, hidden: new Set(), picked: null }).every((t) => !t.dashed)).toBe(true);
    expect(lapTraces(right, { sectorVision: true, hidden: new Set(), picked: null }).every((t) => t.dashed)).toBe(true);
  });

  it('highlights the picked lap and dims the others', () => {
    const traces = lapTraces(right, { sectorVision: false, hidden: new Set(), picked: 'R-2' });
    expect(traces.find((t) => t.id === 'R-2')).toMatchObject({ highlighted: true, dimmed: false });
    expect(traces.find((t) => t.id === 'R-3')).toMatchObject({ highlighted: false, dimmed: true });
  });

  it('splits a lap where the sector times end', () => {
    const lap = drawableLaps(left)[1];
    const [s2, s3] = sectorSplitIndices(left.positions, lap);
    const t0 = left.positions.timeMs[lap.startIndex];
    expect(left.positions.timeMs[s2] - t0).toBeGreaterThanOrEqual(lap.sectors[0].timeMs);
    expect(left.positions.timeMs[s2 - 1] - t0).toBeLessThan(lap.sectors[0].timeMs);
    expect(s3).toBeGreaterThan(s2);
    expect(s3).toBeLessThanOrEqual(lap.endIndex);
  });

  it('finds the min and max speed of a lap and makes two markers per lap', () => {
    const lap = drawableLaps(left)[0];
    const mm = minMaxIndex(left.positions, lap.startIndex, lap.endIndex)!;
    const speeds = Array.from(left.positions.speedKmh.subarray(lap.startIndex, lap.endIndex));
    expect(left.positions.speedKmh[mm.min]).toBe(Math.min(...speeds));
    expect(left.positions.speedKmh[mm.max]).toBe(Math.max(...speeds));
    expect(speedMarkers(left, new Set(), (v, k) => `${k} ${v.toFixed(1)}`)).toHaveLength(drawableLaps(left).length * 2);
  });

  it('calls a session without positions not fully updated', () => {
    expect(isFullyUpdated(left)).toBe(true);
    const empty = { ...left, positions: { ...left.positions, count: 0 } };
    expect(isFullyUpdated(empty)).toBe(false);
  });

  it('tells a session whose trace has no lap (no circuit, no crossing) from one whose transfer stopped early', () => {
    expect(hasNoLaps(left)).toBe(false);
    const lapless = { ...left, analysis: { ...left.analysis, laps: [] } };
    expect(hasNoLaps(lapless)).toBe(true);
    // Only the out lap (lap 0): still no lap.
    expect(hasNoLaps({ ...left, analysis: { ...left.analysis, laps: left.analysis.laps.slice(0, 1).map((l) => ({ ...l, lapNumber: 0 })) } })).toBe(true);
    // No positions at all is a transfer that did not finish, not a trace without laps.
    expect(hasNoLaps({ ...lapless, positions: { ...left.positions, count: 0 } })).toBe(false);
  });

});

describe('lap viewer figures', () => {
  const entries = lapEntries([left, right]);

  it('defaults the reference to the fastest racing lap of both sessions and honours a chosen one', () => {
    const ref = resolveReference(entries, null)!;
    const racingTimes = entries.filter((e) => e.lap.kind === 'racing').map((e) => e.lap.timeMs);
    expect(ref.lap.timeMs).toBe(Math.min(...racingTimes));
    expect(resolveReference(entries, 'R-2')!.key).toBe('R-2');
    expect(resolveReference(entries, 'R-999')!.key).toBe(ref.key);
  });

  it('builds a speed series per lap and a delta series that ends at the lap time difference', () => {
    const speed = speedSeries(entries, 'R-2', true);
    expect(speed).toHaveLength(entries.length);
    expect(speed.find((s) => s.key === 'R-2')?.highlighted).toBe(true);
    expect(speed.map((s) => s.dashed)).toEqual(speed.map((s) => s.key.startsWith('R-')));
    expect(speed.some((s) => s.dashed) && speed.some((s) => !s.dashed)).toBe(true);
    // From the worker's views: starts at 0 m, far fewer points than the lap's fixes.
    const first = speed[0];
    expect(first.points[0][0]).toBe(0);
    expect(first.points.length).toBeLessThan((entries[0].lap.endIndex - entries[0].lap.startIndex) / 4);
    const ref = resolveReference(entries, null)!;
    const [delta] = deltaSeries(entries, ref, 'R-2', true);
    const picked = entries.find((e) => e.key === 'R-2')!;
    const last = delta.points[delta.points.length - 1][1];
    expect(last).toBeCloseTo((picked.lap.timeMs - ref.lap.timeMs) / 1000, 0);
  });

  it('reports the corners of the reference for the compared lap, and sector bars per lap', () => {
    const ref = resolveReference(entries, null)!;
    const compared = comparedLap(entries, ref, null)!;
    expect(compared.key).not.toBe(ref.key);
    const corners = cornerRows(lapCornersOf(ref, compared), (v, d) => v.toFixed(d));
    expect(corners.length).toBeGreaterThan(0);
    for (const c of corners) expect(Number.isFinite(c.minSpeedKmh)).toBe(true);
    const bars = sectorBars(entries, true);
    expect(bars.laps).toHaveLength(entries.length);
    expect(bars.sectorsS[0][0]).toBeCloseTo(entries[0].lap.sectors[0].timeMs / 1000, 3);
  });

  it('parses lap keys from the URL and drops invalid ones', () => {
    expect(parseLapSearch({ lap: 'L-3', ref: 'nonsense' })).toEqual({ lap: 'L-3', ref: undefined });
    expect(parseLapSearch({ lap: 'R-12', ref: 'X-1' })).toEqual({ lap: 'R-12', ref: undefined });
    // A team-mate's session by its server id; anything but a positive integer is dropped.
    expect(parseLapSearch({ team: '42' }).team).toBe(42);
    expect(parseLapSearch({ team: 7 }).team).toBe(7);
    for (const bad of ['0', '-1', '4.2', 'x', '1234567890123', null]) expect(parseLapSearch({ team: bad }).team).toBeUndefined();
  });
});

describe('lap names in the lap viewer', () => {
  it("show the device's 'Lap N' and 'In Lap' in the user's language and other names as they are", () => {
    const storage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined, clear: () => undefined, key: () => null, length: 0 } as Storage;
    const pt = createI18n({ locale: 'pt-pt', withReact: false, collector: new MissingKeyCollector(storage) }).getFixedT('pt-pt', 'sessions');
    const en = createI18n({ locale: 'en-us', withReact: false, collector: new MissingKeyCollector(storage) }).getFixedT('en-us', 'sessions');
    expect(lapDisplayName({ lapName: 'Lap 3', lapNumber: 3 }, pt)).toBe('Volta 3');
    expect(lapDisplayName({ lapName: 'In Lap', lapNumber: 9 }, pt)).toBe('Volta de entrada');
    expect(lapDisplayName({ lapName: 'Lap 3', lapNumber: 3 }, en)).toBe('Lap 3');
    expect(lapDisplayName({ lapName: 'In Lap', lapNumber: 9 }, en)).toBe('In Lap');
    expect(lapDisplayName({ lapName: 'Warm-up', lapNumber: 1 }, pt)).toBe('Warm-up');
  });
});
