import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lapPositionStats } from '../../../../src/domain/analysis/lap-stats';
import { accelerationOf } from '../../../../src/domain/coaching/acceleration';
import { alignLines } from '../../../../src/domain/coaching/align-lines';
import { coachFindings } from '../../../../src/domain/coaching/coach-findings';
import { cornerPoints } from '../../../../src/domain/coaching/corner-points';
import { lapProfile } from '../../../../src/domain/coaching/lap-profile';
import { sessionCoaching, type CoachingLapColumns } from '../../../../src/domain/coaching/session-coaching';
import { detectLaps } from '../../../../src/domain/detection/detect-laps';
import { fixTimesMs } from '../../../../src/domain/detection/fix-times';
import { importRaceChronoCsv } from '../../../../src/domain/formats/import-racechrono-csv';
import { splitCells } from '../../../../src/domain/formats/csv-table';
import { importVbo } from '../../../../src/domain/formats/import-vbo';
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
    const findings = coachFindings(lapP, refP, coaching.corners, cornerPoints(lapP, coaching.corners), cornerPoints(refP, coaching.corners));
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
