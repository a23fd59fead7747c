import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lapPositionStats } from '../../../../src/domain/analysis/lap-stats';
import { accelerationOf } from '../../../../src/domain/coaching/acceleration';
import { alignLines } from '../../../../src/domain/coaching/align-lines';
import { coachFindings } from '../../../../src/domain/coaching/coach-findings';
import { lapCorners } from '../../../../src/domain/coaching/lap-corners';
import { cornerPoints } from '../../../../src/domain/coaching/corner-points';
import { lapProfile } from '../../../../src/domain/coaching/lap-profile';
import { gateCrossings, gatesAlong } from '../../../../src/domain/coaching/gate-crossings';
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import { sessionCoaching, type CoachingLapColumns } from '../../../../src/domain/coaching/session-coaching';
import { detectLaps } from '../../../../src/domain/detection/detect-laps';
import { fixTimesMs } from '../../../../src/domain/detection/fix-times';
import { importRaceChronoCsv } from '../../../../src/domain/file-formats/import-racechrono-csv';
import { splitCells } from '../../../../src/domain/file-formats/csv-table';
import { importVbo } from '../../../../src/domain/file-formats/import-vbo';
import { extractLapTrace } from '../../../../src/domain/lap-compare/lap-trace';
import type { PositionColumns } from '../../../../src/domain/session-types';

const FIXTURES = new URL('../../../fixtures/real-logs/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

/** The Rustavi VBO with its laps detected on the main straight, as the coaching input. */
function rustavi() {
  const session = importVbo(read('rustavi-dragy-25hz-trimmed.vbo'));
  const positions: PositionColumns = session.positions;
  const detection = detectLaps(positions, [{ lat: 41.57004275, lon: 44.94903375 }], 25);
  positions.lap.set(detection.lapOfFix);
  const stats = lapPositionStats(positions).filter((s) => s.lapNumber > 0);
  const byNumber = new Map(detection.records.map((r) => [r.lapNumber, r]));
  const laps: CoachingLapColumns = {
    count: stats.length,
    lapNumber: Int32Array.from(stats, (s) => s.lapNumber),
    startIndex: Int32Array.from(stats, (s) => s.startIndex),
    endIndex: Int32Array.from(stats, (s) => s.endIndex),
    valid: Uint8Array.from(stats, (s) => (byNumber.get(s.lapNumber)?.valid ? 1 : 0)),
    timeMs: Float64Array.from(stats, (s) => byNumber.get(s.lapNumber)?.timeMs ?? 0),
  };
  return { positions, detection, laps };
}

describe('coaching on the real Rustavi VBO (a car, 25 Hz)', () => {
  const { positions, detection, laps } = rustavi();
  const coaching = sessionCoaching(positions, laps);

  it('measures the g a road car reaches on a circuit: up to 1-1.6 g braking and turning, calm on the straights', () => {
    let maxLat = 0;
    let maxBrake = 0;
    let maxAccel = 0;
    for (let i = 0; i < positions.count; i++) {
      maxLat = Math.max(maxLat, Math.abs(coaching.acceleration.lateralG[i]));
      maxBrake = Math.max(maxBrake, -coaching.acceleration.longitudinalG[i]);
      maxAccel = Math.max(maxAccel, coaching.acceleration.longitudinalG[i]);
    }
    expect(maxLat).toBeGreaterThan(0.8);
    expect(maxLat).toBeLessThan(1.8);
    expect(maxBrake).toBeGreaterThan(0.7);
    expect(maxBrake).toBeLessThan(1.8);
    expect(maxAccel).toBeGreaterThan(0.2);
    expect(maxAccel).toBeLessThan(1);
    // Each flying lap's envelope reaches 0.8 g somewhere and stays under 2 g.
    for (let j = 0; j < 3; j++) {
      const radius = coaching.envelopes.radiusG.subarray(j * coaching.envelopes.bins, (j + 1) * coaching.envelopes.bins);
      expect(Math.max(...radius)).toBeGreaterThan(0.8);
      expect(Math.max(...radius)).toBeLessThan(2);
    }
  });

  it('builds a drivable optimal between the sum of best micro-sectors and the best lap, from the flying laps only', () => {
    const o = coaching.optimal!;
    expect(o).not.toBeNull();
    expect(o.sumOfBestMs).toBeLessThanOrEqual(o.timeMs);
    expect(o.timeMs).toBeLessThanOrEqual(o.bestLapMs);
    expect(o.timeMs).toBeGreaterThan(o.bestLapMs * 0.97);
    const best = Math.min(...detection.laps.filter((l) => l.complete).map((l) => l.timeMs));
    expect(Math.abs(o.bestLapMs - best)).toBeLessThan(50);
    expect(o.sectorCount).toBeGreaterThan(100);
    // The pit-stop lap and the out lap are not racing laps.
    expect(Array.from(coaching.consistency.racingLapNumbers)).toEqual([1, 2, 3]);
    expect(new Set(o.lapNumberOfSector).size).toBeGreaterThanOrEqual(2);
    expect(coaching.corners.count).toBeGreaterThanOrEqual(8);
    expect(Array.from(coaching.consistency.cleanLapNumbers)).toContain(coaching.referenceLapNumber);
    for (const v of coaching.consistency.cornerMinSpeedMeanKmh) {
      expect(v).toBeGreaterThan(40);
      expect(v).toBeLessThan(200);
    }
  });

  it('puts the drivable optimal between the sum of the best micro-sectors and the best lap, by the figures of the real laps', () => {
    const o = coaching.optimal!;
    // Measured on this log: best lap 2:15.65 (lap 2, as timed at the line), sum of best 30 m micro-sectors ~2:12.1.
    expect(o.sumOfBestMs).toBeLessThanOrEqual(o.timeMs);
    expect(o.timeMs).toBeLessThanOrEqual(o.bestLapMs);
    expect(o.bestLapMs).toBe(Math.min(...Array.from(laps.timeMs).filter((t, i) => coaching.consistency.racingLapNumbers.includes(laps.lapNumber[i]) && t > 0)));
    expect(o.timeMs).toBeGreaterThan(131_500);
    expect(o.timeMs - o.sumOfBestMs).toBeLessThan(1000);
    // The trace's time at the finish is the optimal time, and it is the time of the chain of laps it names.
    expect(o.trace.timeMs[o.trace.count - 1]).toBeCloseTo(o.timeMs, 3);
  });

  it('times every micro-sector between the same two places on track in every lap (gates, not fractions of each lap length)', () => {
    const times = fixTimesMs(positions);
    const trace = (n: number) => {
      const i = laps.lapNumber.indexOf(n);
      return extractLapTrace(positions, times[laps.startIndex[i]], times[laps.endIndex[i]], times);
    };
    const ref = trace(2);
    const length = ref.distanceM[ref.count - 1];
    const gates = gatesAlong(ref, Float64Array.from({ length: 99 }, (_, k) => ((k + 1) / 100) * length));
    const projection = createLocalProjection(ref.lat[0], ref.lon[0]);
    for (const n of [1, 3]) {
      const lap = trace(n);
      const c = gateCrossings(lap, gates);
      for (let k = 0; k < gates.count; k++) {
        expect(Number.isFinite(c.timeMs[k])).toBe(true);
        if (k > 0) expect(c.timeMs[k]).toBeGreaterThan(c.timeMs[k - 1]);
        // The crossing is on the gate's line: its distance along the reference's heading from the gate is ~0.
        const cursor = { d: c.distanceM[k] };
        let j = 0;
        while (j < lap.count - 2 && lap.distanceM[j + 1] < cursor.d) j++;
        const f = (cursor.d - lap.distanceM[j]) / (lap.distanceM[j + 1] - lap.distanceM[j]);
        const x = projection.x(lap.lon[j] + f * (lap.lon[j + 1] - lap.lon[j])) - gates.x[k];
        const y = projection.y(lap.lat[j] + f * (lap.lat[j + 1] - lap.lat[j])) - gates.y[k];
        expect(Math.abs(x * gates.ux[k] + y * gates.uy[k])).toBeLessThan(0.01);
        expect(Math.abs(x * gates.uy[k] - y * gates.ux[k])).toBeLessThan(8);
      }
    }
  });

  it('draws an optimal lap whose g stays within what a car does (|g| < 1.6) and that runs on without a jump at the joins', () => {
    const o = coaching.optimal!;
    const t = o.trace;
    const projection = createLocalProjection(t.lat[0], t.lon[0]);
    // Its g as shown (the laps' own, blended) and its g measured again from its own line and speed.
    const again = accelerationOf(t);
    for (let i = 0; i < t.count; i++) {
      expect(Math.hypot(t.longitudinalG[i], t.lateralG[i])).toBeLessThan(1.6);
      expect(Math.hypot(again.longitudinalG[i], again.lateralG[i])).toBeLessThan(1.6);
    }
    const step = t.distanceM[1] - t.distanceM[0];
    let joins = 0;
    for (let k = 1; k < o.sectorCount; k++) {
      if (o.lapNumberOfSector[k] === o.lapNumberOfSector[k - 1]) continue;
      joins++;
      const at = Math.round(o.boundaryM[k] / step);
      // Around the join: consecutive samples no further apart than the spacing allows, speed and g without a step.
      for (let i = Math.max(1, at - 10); i <= Math.min(t.count - 1, at + 10); i++) {
        const gap = Math.hypot(projection.x(t.lon[i]) - projection.x(t.lon[i - 1]), projection.y(t.lat[i]) - projection.y(t.lat[i - 1]));
        expect(gap).toBeLessThan(step * 1.25);
        expect(Math.abs(t.speedKmh[i] - t.speedKmh[i - 1])).toBeLessThan(4);
        expect(Math.abs(t.longitudinalG[i] - t.longitudinalG[i - 1])).toBeLessThan(0.3);
        expect(Math.abs(t.lateralG[i] - t.lateralG[i - 1])).toBeLessThan(0.3);
      }
    }
    expect(joins).toBeGreaterThan(5);
  });

  it('tells where the slowest flying lap lost most against the fastest, and aligns the two lines within a metre', () => {
    const times = fixTimesMs(positions);
    const trace = (n: number) => {
      const i = laps.lapNumber.indexOf(n);
      return extractLapTrace(positions, times[laps.startIndex[i]], times[laps.endIndex[i]], times);
    };
    const racing = Array.from(coaching.consistency.racingLapNumbers);
    const slowest = racing.reduce((a, b) => (laps.timeMs[laps.lapNumber.indexOf(a)] > laps.timeMs[laps.lapNumber.indexOf(b)] ? a : b));
    const ref = trace(coaching.referenceLapNumber);
    const lap = trace(slowest);
    const length = ref.distanceM[ref.count - 1];
    const refP = lapProfile(ref, length);
    const lapP = lapProfile(lap, length);
    const findings = coachFindings(lapCorners(lapP, refP, coaching.corners, cornerPoints(lapP, coaching.corners), cornerPoints(refP, coaching.corners)));
    expect(findings.length).toBe(3);
    const total = lap.timeMs[lap.count - 1] - ref.timeMs[ref.count - 1];
    expect(total).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f.timeLostMs).toBeGreaterThan(0);
      expect(f.timeLostMs).toBeLessThan(total + 1000);
      expect(f.fromM).toBeLessThan(f.toM);
    }
    expect(findings[0].timeLostMs).toBeGreaterThanOrEqual(findings[2].timeLostMs);
    const a = alignLines(lap, ref)!;
    expect(a.rmsAfterM).toBeLessThanOrEqual(a.rmsBeforeM);
    expect(Math.hypot(a.eastM, a.northM)).toBeLessThan(3);
  });
});

describe('acceleration on the real Tianma RaceChrono lap', () => {
  it("agrees with RaceChrono's own combined g (its calc channel) within 0.08 g median", () => {
    const text = read('tianma-racechrono-lap9-v3.csv');
    const p = importRaceChronoCsv(text).positions;
    const times = fixTimesMs(p);
    const a = accelerationOf({ count: p.count, timeMs: times, lat: p.lat, lon: p.lon, speedKmh: p.speedKmh });
    const lines = text.split(/\r?\n/);
    const h = lines.findIndex((l) => l.startsWith('timestamp,'));
    const header = splitCells(lines[h], ',');
    const rows = lines
      .slice(h + 3)
      .filter(Boolean)
      .map((l) => splitCells(l, ','))
      .map((f) => [Number(f[header.indexOf('timestamp')]), Number(f[header.indexOf('combined_acc')])]);
    const diffs: number[] = [];
    let j = 0;
    for (let i = 0; i < p.count; i++) {
      const t = times[i] / 1000;
      while (j < rows.length - 1 && rows[j][0] - rows[0][0] < t - 1e-3) j++;
      if (Math.abs(rows[j][0] - rows[0][0] - t) > 0.005) continue;
      diffs.push(Math.abs(Math.hypot(a.longitudinalG[i], a.lateralG[i]) - rows[j][1]));
    }
    expect(diffs.length).toBeGreaterThan(p.count * 0.9);
    diffs.sort((x, y) => x - y);
    expect(diffs[diffs.length >> 1]).toBeLessThan(0.08);
    expect(diffs[Math.floor(diffs.length * 0.9)]).toBeLessThan(0.3);
  });
});
