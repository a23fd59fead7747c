import { describe, expect, it } from 'vitest';
import type { CoachedSession } from '../../../../../src/analysis/analysis-client';
import { coachingLapColumns, sessionCoaching } from '../../../../../src/domain/coaching/session-coaching';
import type { CornerPoints } from '../../../../../src/domain/coaching/corner-points';
import { createLocalProjection } from '../../../../../src/domain/geo/local-projection';
import { lapEntries, traceOf } from '../../../../../src/features/sessions/shared/analysis-view';
import {
  alignedMapTraces,
  alignedMarkers,
  brakingRows,
  coachReport,
  ggSeries,
  gTraceSeries,
  isOptimal,
  lapG,
  OPTIMAL_COLOR,
  optimalEntry,
  type CoachReport,
} from '../../../../../src/features/sessions/coach/coach-view';
import type { MapTrace } from '../../../../../src/ui/map/types';
import { loadedSession } from '../shared/loaded-session';

const session = loadedSession(1, 0);
const coached: CoachedSession = { ...sessionCoaching(session.positions, coachingLapColumns(session.analysis.laps)), timings: { coachingMs: 0 } };
const entries = lapEntries([session]);

describe('the drivable optimal lap as a lap entry', () => {
  it('is a reference like any lap: its own key, the optimal time, its colour and the optimal trace', () => {
    const entry = optimalEntry(session, coached, 'Drivable optimal')!;
    expect(entry).not.toBeNull();
    expect(isOptimal(entry)).toBe(true);
    expect(entries.some((e) => isOptimal(e))).toBe(false);
    expect(entry.key).toBe('L-0');
    expect(entry.lap.lapName).toBe('Drivable optimal');
    expect(entry.lap.timeMs).toBe(coached.optimal!.timeMs);
    expect(entry.lap.color).toBe(OPTIMAL_COLOR);
    expect(traceOf(entry)).toBe(coached.optimal!.trace);
    expect(entry.lap.distanceM).toBe(coached.optimal!.trace.distanceM[coached.optimal!.trace.count - 1]);
  });

  it('does not exist before the coach has figures, or when it found no optimal lap', () => {
    expect(optimalEntry(session, null, 'x')).toBeNull();
    expect(optimalEntry(session, { ...coached, optimal: null }, 'x')).toBeNull();
  });
});

describe("a lap's g for the charts", () => {
  it("takes a recorded lap's g from the worker's columns, fix for fix, with distances from the lap's start", () => {
    const entry = entries[1];
    const g = lapG(entry, coached)!;
    const { startIndex, endIndex } = entry.lap;
    expect(g.longitudinalG.length).toBe(endIndex - startIndex);
    expect(Array.from(g.longitudinalG)).toEqual(Array.from(coached.acceleration.longitudinalG.subarray(startIndex, endIndex)));
    expect(g.distanceM[0]).toBe(0);
    expect(g.distanceM[g.distanceM.length - 1]).toBeCloseTo(session.positions.distanceM[endIndex - 1] - session.positions.distanceM[startIndex], 6);
    expect(lapG(entry, coached)).toBe(g);
  });

  it("shows the optimal lap's own g (its laps', blended at the joins), never g measured again from the stitched line", () => {
    const entry = optimalEntry(session, coached, 'Drivable optimal')!;
    const g = lapG(entry, coached)!;
    expect(g.longitudinalG).toBe(coached.optimal!.trace.longitudinalG);
    expect(g.lateralG).toBe(coached.optimal!.trace.lateralG);
    expect(g.envelope.length).toBeGreaterThan(0);
  });

  it('has nothing for a recorded lap before the coach has figures', () => {
    const other = loadedSession(5, 0);
    expect(lapG(lapEntries([other])[0], null)).toBeNull();
  });
});

describe('the g charts', () => {
  const entry = entries[1];
  const g = lapG(entry, coached)!;

  it('plots every sample of the g-g diagram from the lap\'s own g columns, with the envelope closed', () => {
    const s = ggSeries(entry, g, 'Lap 2');
    expect(s.lateralG).toBe(g.lateralG);
    expect(s.longitudinalG).toBe(g.longitudinalG);
    expect(s.envelope[0]).toEqual(s.envelope[s.envelope.length - 1]);
    expect(s.dashed).toBe(false);
    expect(s.color).toBe(entry.lap.color);
  });

  it('draws longitudinal and lateral g along distance, every other sample, the lateral dashed', () => {
    const [long, lat] = gTraceSeries(entry, g, { longitudinal: 'long', lateral: 'lat' }, true);
    expect(long.key).toBe(`${entry.key}:long`);
    expect(lat.key).toBe(`${entry.key}:lat`);
    expect(long.points.length).toBe(Math.ceil(g.distanceM.length / 2));
    expect(long.points[3][0]).toBeCloseTo(g.distanceM[6], 1);
    expect(long.highlighted).toBe(true);
    expect(lat.highlighted).toBe(false);
    expect(lat.dashed).toBe(true);
  });
});

describe("the coach's report on two laps", () => {
  it('has nothing to say about a lap against itself, or without two laps', () => {
    expect(coachReport(entries[0], entries[0])).toBeNull();
    expect(coachReport(null, entries[0])).toBeNull();
    expect(coachReport(entries[0], null)).toBeNull();
  });

  it('gives at most three findings that each lose time, inside the lap, and no alignment within one session', () => {
    const report = coachReport(entries[0], entries[1])!;
    expect(report.findings.length).toBeLessThanOrEqual(3);
    const length = traceOf(entries[0]).distanceM[traceOf(entries[0]).count - 1];
    for (const f of report.findings) {
      expect(f.timeLostMs).toBeGreaterThanOrEqual(5);
      expect(f.apexM).toBeGreaterThanOrEqual(0);
      expect(f.apexM).toBeLessThanOrEqual(length);
    }
    expect(report.lap.count).toBe(report.corners.count);
    expect(report.alignment).toBeNull();
  });

  it('fits the lines of two sessions onto each other', () => {
    const right = loadedSession(2, 1, 1);
    const report = coachReport(entries[0], lapEntries([right])[1])!;
    expect(report.alignment).not.toBeNull();
    expect(report.alignment!.rmsAfterM).toBeLessThanOrEqual(report.alignment!.rmsBeforeM + 1e-9);
  });
});

describe('the braking and throttle table', () => {
  const points = (o: Partial<Record<'brakeM' | 'minSpeedKmh' | 'minSpeedM' | 'throttleM', number[]>> & { before?: number[] }): CornerPoints => {
    const n = 3;
    const col = (v: number[] | undefined) => Float64Array.from(v ?? new Array(n).fill(NaN));
    return {
      count: n,
      brakeM: col(o.brakeM),
      brakeSpeedKmh: new Float32Array(n).fill(NaN),
      brakeBeforeStart: Uint8Array.from(o.before ?? [0, 0, 0]),
      peakBrakeG: new Float32Array(n).fill(0.8),
      minSpeedM: col(o.minSpeedM),
      minSpeedKmh: Float32Array.from(o.minSpeedKmh ?? new Array(n).fill(NaN)),
      throttleM: col(o.throttleM),
      throttleSpeedKmh: new Float32Array(n).fill(NaN),
    };
  };
  const report: CoachReport = {
    count: 3,
    corners: { count: 3, startM: Float64Array.of(100, 500, 900), apexM: Float64Array.of(150, 550, 950), endM: Float64Array.of(200, 600, 1000) } as CoachReport['corners'],
    atM: Float64Array.of(150, 550, 950),
    zoneFromM: Float64Array.of(0, 400, 800),
    zoneToM: Float64Array.of(400, 800, 1200),
    timeLostMs: Float64Array.of(10, -5, 0),
    lap: points({ brakeM: [NaN, 420.4, NaN], minSpeedKmh: [66.4, 88.5, NaN], minSpeedM: [148, NaN, NaN], throttleM: [205, NaN, NaN], before: [1, 0, 0] }),
    reference: points({ brakeM: [31.2, 418, NaN], minSpeedKmh: [69, 90.2, NaN], throttleM: [NaN, 577, NaN] }),
    findings: [],
    alignment: null,
  };
  const pt = (v: number, digits: number) => new Intl.NumberFormat('pt-PT', { maximumFractionDigits: digits, minimumFractionDigits: digits, useGrouping: true }).format(v);

  const texts = { beforeLine: 'antes da linha', bothBeforeLine: 'ambas antes da linha' };

  it("reads 'lap / reference' per cell, in words where braking began before the line and a dash where a lap has no such point", () => {
    const rows = brakingRows(report, pt, texts);
    expect(rows[0]).toEqual({ corner: 1, focusM: 150, brake: 'antes da linha / 31', apex: '66 / 69', throttle: '205 / –' });
    expect(rows[1]).toEqual({ corner: 2, focusM: 550, brake: '420 / 418', apex: '89 / 90', throttle: '– / 577' });
  });

  it('never shows a 0 for a braking point the lap does not have, and leaves out a turn without any figure', () => {
    const rows = brakingRows(report, pt, texts);
    expect(rows.map((r) => r.corner)).toEqual([1, 2]);
    for (const r of rows) for (const cell of r.brake.split(' / ')) expect(cell).not.toBe('0');
  });

  it("formats numbers in the user's language", () => {
    const thousands = { ...report, lap: points({ brakeM: [1234, NaN, NaN], minSpeedKmh: [1, 1, 1] }), reference: points({ brakeM: [1240, NaN, NaN], minSpeedKmh: [1, 1, 1] }) };
    expect(brakingRows(thousands, (v, d) => new Intl.NumberFormat('en-US', { maximumFractionDigits: d }).format(v), texts)[0].brake).toBe('1,234 / 1,240');
  });

  it("says once that both laps braked from before the line, never '< 0 / < 0'", () => {
    const both = { ...report, reference: points({ brakeM: [NaN, 418, NaN], minSpeedKmh: [69, 90.2, NaN], before: [1, 0, 0] }) };
    const rows = brakingRows(both, pt, texts);
    expect(rows[0].brake).toBe('ambas antes da linha');
    for (const r of rows) expect(r.brake).not.toContain('<');
  });
});

describe('aligned lines on the map', () => {
  const lat = Float64Array.of(41.57, 41.5701, 41.5702);
  const lon = Float64Array.of(44.949, 44.9491, 44.9492);
  const traces: MapTrace[] = [
    { id: 'L-2', lat, lon, color: '#000' },
    { id: 'R-1', lat: lat.slice(), lon: lon.slice(), color: '#111' },
  ];
  traces.push({ ...traces[1], id: 'R-2' });
  const alignment = { rotationRad: 0, eastM: 3, northM: -4, rmsBeforeM: 5, rmsAfterM: 0.3, centreLat: 41.57, centreLon: 44.949 };
  const projection = createLocalProjection(41.57, 44.949);

  it("move every line of the compared session by the fit, the reference session's not at all", () => {
    const moved = alignedMapTraces(traces, { side: 'R', alignment });
    expect(moved[0]).toBe(traces[0]);
    for (const t of moved.slice(1)) {
      for (let i = 0; i < 3; i++) {
        expect(projection.x(t.lon[i]) - projection.x(lon[i])).toBeCloseTo(3, 3);
        expect(projection.y(t.lat[i]) - projection.y(lat[i])).toBeCloseTo(-4, 3);
      }
    }
    // One session's laps share their columns: moved once, still shared.
    expect(moved[1].lat).toBe(moved[2].lat);
  });

  it('leave everything where it was without an alignment', () => {
    expect(alignedMapTraces(traces, null)).toEqual(traces);
  });

  it("move the compared session's cursor marker with its line", () => {
    const markers = [
      { id: 'R-1', lat: lat[1], lon: lon[1], color: '#111' },
      { id: 'L-2', lat: lat[1], lon: lon[1], color: '#000' },
    ];
    const [r, l] = alignedMarkers(markers, { side: 'R', alignment });
    expect(projection.x(r.lon) - projection.x(lon[1])).toBeCloseTo(3, 3);
    expect(projection.y(r.lat) - projection.y(lat[1])).toBeCloseTo(-4, 3);
    expect(l).toBe(markers[1]);
    expect(alignedMarkers(markers, null)).toEqual(markers);
  });
});
