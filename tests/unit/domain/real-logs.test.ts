import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectLaps } from '../../../src/domain/detection/detect-laps';
import { importRaceChronoCsv } from '../../../src/domain/file-formats/import-racechrono-csv';
import { splitCells } from '../../../src/domain/file-formats/csv-table';
import { importVbo } from '../../../src/domain/file-formats/import-vbo';
import { extractLapTrace } from '../../../src/domain/lap-compare/lap-trace';
import { detectCorners } from '../../../src/domain/lap-compare/corners';
import { lapCorners } from '../../../src/domain/coaching/lap-corners';
import { lapProfile } from '../../../src/domain/coaching/lap-profile';
import { deltaTime } from '../../../src/domain/lap-compare/delta-time';

const FIXTURES = new URL('../../fixtures/real-logs/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

/**
 * The laps the RaceChrono file itself records: for every change of `lap_number`, the row at the change (RaceChrono
 * writes one there, at the crossing) gives where the lap begins and its `elapsed_time`.
 */
function recordedLapStarts(text: string): { lat: number; lon: number; elapsedS: number; lap: number }[] {
  const lines = text.split(/\r?\n/);
  const h = lines.findIndex((l) => l.startsWith('timestamp,'));
  const header = splitCells(lines[h], ',');
  const lapCol = header.indexOf('lap_number');
  const elapsedCol = header.indexOf('elapsed_time');
  const latCol = header.indexOf('latitude');
  const lonCol = header.indexOf('longitude');
  const starts = [];
  let previous = '';
  for (const line of lines.slice(h + 3)) {
    if (line === '') continue;
    const f = splitCells(line, ',');
    if (previous !== '' && f[lapCol] !== previous) {
      starts.push({ lat: Number(f[latCol]), lon: Number(f[lonCol]), elapsedS: Number(f[elapsedCol]), lap: Number(f[lapCol]) });
    }
    previous = f[lapCol];
  }
  return starts;
}

describe('lap detection on real RaceChrono logs from Tianma', () => {
  for (const file of ['tianma-racechrono-lap9-v3.csv', 'tianma-racechrono-lap13-v3.csv']) {
    it(`reproduces the lap time that ${file} records within 5 ms, from its GPS rows alone`, () => {
      const text = read(file);
      const starts = recordedLapStarts(text);
      expect(starts.length).toBe(2);
      const recordedMs = (starts[1].elapsedS - starts[0].elapsedS) * 1000;
      expect(recordedMs).toBeGreaterThan(70_000);

      const session = importRaceChronoCsv(text);
      const detection = detectLaps(session.positions, [{ lat: starts[0].lat, lon: starts[0].lon }], 20);
      const complete = detection.laps.filter((lap) => lap.complete);
      expect(complete.length).toBe(1);
      expect(Math.abs(complete[0].timeMs - recordedMs)).toBeLessThan(5);
    });
  }
});

describe('lap detection on a real Dragy VBO from Rustavi', () => {
  // A point on the main straight, where the car is fastest.
  const mainStraight = { lat: 41.57004275, lon: 44.94903375 };

  it('splits the flying laps into laps of 134-144 s and keeps the pit stop in its own long lap', () => {
    const session = importVbo(read('rustavi-dragy-25hz-trimmed.vbo'));
    const detection = detectLaps(session.positions, [mainStraight], 25);
    const complete = detection.laps.filter((lap) => lap.complete);
    expect(complete.length).toBe(5);
    for (const lap of complete.slice(0, 3)) {
      expect(lap.timeMs).toBeGreaterThan(134_000);
      expect(lap.timeMs).toBeLessThan(144_000);
      expect(lap.minSpeedKmh).toBeGreaterThan(40);
    }
    // Lap 4 ends in the pit lane: the car stands still, and the lap is far longer.
    expect(complete[3].minSpeedKmh).toBeLessThan(1);
    expect(complete[3].timeMs).toBeGreaterThan(200_000);
    // Laps tile the time between the first and last crossing.
    const sum = complete.reduce((s, lap) => s + lap.timeMs, 0);
    expect(sum).toBeCloseTo(detection.startFinishMs[5] - detection.startFinishMs[0], 6);
  });

  it('finds the corners of a flying lap and accounts for the time lost in them', () => {
    const session = importVbo(read('rustavi-dragy-25hz-trimmed.vbo'));
    const detection = detectLaps(session.positions, [mainStraight], 25);
    const [first, second] = detection.laps;
    const reference = extractLapTrace(session.positions, second.startMs, second.endMs);
    const lap = extractLapTrace(session.positions, first.startMs, first.endMs);
    // Rustavi has 12 numbered turns; a few close ones merge into one stretch of turning.
    const corners = detectCorners(reference);
    expect(corners.count).toBeGreaterThanOrEqual(8);
    expect(corners.count).toBeLessThanOrEqual(14);
    const length = reference.distanceM[reference.count - 1];
    const report = lapCorners(lapProfile(lap, length), lapProfile(reference, length), corners);
    for (let i = 0; i < corners.count; i++) {
      expect(report.lap.minSpeedKmh[i]).toBeGreaterThan(40);
      expect(report.lap.minSpeedKmh[i]).toBeLessThan(180);
      expect(Math.abs(report.timeLostMs[i])).toBeLessThan(2000);
    }
    const delta = deltaTime(lap, reference);
    expect(delta.deltaMs[delta.deltaMs.length - 1]).toBeCloseTo(first.timeMs - second.timeMs, 6);
  });
});
