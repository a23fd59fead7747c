/**
 * Files from tracks that are not among the seeded circuits: the real Tianma RaceChrono v3 laps (Tianma left out
 * of the circuits), and the real Rustavi trace moved 300 km north, written as TrackAddict (1 Hz) and RaceChrono
 * v3 (25 Hz) logs with their logger's laps. Each is timed at a start/finish proposed from the logger's own lap
 * boundaries (the racer confirms it), and our laps are compared with the logger's; a file with no laps of its
 * own gets the point its trace passes most regularly.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { finishImport } from '../../../../src/domain/file-formats/time-import';
import { importFile } from '../../../../src/domain/file-formats/read-import-file';
import type { CircuitCandidate } from '../../../../src/domain/file-formats/pick-circuit';
import { importRaceChronoCsv } from '../../../../src/domain/file-formats/import-racechrono-csv';
import { importTrackAddictCsv } from '../../../../src/domain/file-formats/import-trackaddict-csv';
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import type { PositionColumns } from '../../../../src/domain/session-types';
import { lapTimes, lineAcross, lineCrossingsMs, nearestFix } from './gate-line-timing';
import { everyKth, writeTrackAddict } from './logger-csv-writers';
import { writeRaceChronoV3 } from './logger-lap-writers';

const FIXTURES = new URL('../../../fixtures/real-logs/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
// Seeded circuits (server/db/seed-data/circuits.ts), none near the moved trace.
const SEED: CircuitCandidate[] = [
  { id: 7, name: 'Rustavi International Motorpark', coordinates: '41.569854;44.949280;41.573961;44.946128;41.571486;44.951924', size: 30 },
];

const real = importFile('rustavi.vbo', read('rustavi-dragy-25hz-trimmed.vbo'));
/** The Rustavi trace 300 km north (2.7 degrees): a track no circuit is near. */
const moved: PositionColumns = { ...real.positions, lat: real.positions.lat.map((v) => v + 2.7) };
const START = Date.parse(real.startedAt);
const line = lineAcross(moved, nearestFix(moved, { lat: 41.569854 + 2.7, lon: 44.94928 }), 20);
const crossings = lineCrossingsMs(moved, line);

const distanceM = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const p = createLocalProjection(a.lat, a.lon);
  return Math.hypot(p.x(b.lon), p.y(b.lat));
};

describe('a file from a track no circuit is near', () => {
  const cases = [
    { name: 'TrackAddict at 1 Hz', session: () => importTrackAddictCsv(writeTrackAddict(everyKth(moved, 25), START, crossings, { sensorsPerFix: 1 })), slackMs: 40, nearM: 3 },
    { name: 'RaceChrono v3 at 25 Hz', session: () => importRaceChronoCsv(writeRaceChronoV3(moved, START, crossings)), slackMs: 2, nearM: 1 },
  ];
  for (const c of cases) {
    it(`${c.name}: proposes the start/finish its logger's laps imply, times every lap there and compares them with the logger's`, () => {
      const done = finishImport(c.session(), SEED, { sourceName: 'club.csv' });
      expect(done.circuit).toBeNull();
      expect(done.lapSource).toBe('logger-line');
      expect(done.proposalFrom).toBe('logger');
      expect(done.proposal).not.toBeNull();
      // On the logger's line (fitted to its laps: a 1 Hz file only says between which rows a lap changed).
      expect(distanceM(done.proposal!.gate, line.centre)).toBeLessThan(c.nearM);
      expect(Math.abs(((done.proposal!.headingDeg - line.headingDeg + 540) % 360) - 180)).toBeLessThan(5);
      const comparison = done.loggerComparison!;
      expect(comparison.loggerLapCount).toBe(crossings.length - 1);
      expect(comparison.matches).toHaveLength(crossings.length - 1);
      // Each lap within our interpolation error at that rate (20-35 ms a crossing at 1 Hz, under 1 ms at 25 Hz).
      expect(comparison.maxAbsDiffMs).toBeLessThan(c.slackMs);
      expect(done.proposal!.laps).toBe(crossings.length - 1);
      lapTimes(crossings).forEach((ms, k) => expect(Math.abs(comparison.matches[k].loggerMs - ms)).toBeLessThanOrEqual(1));
    });
  }

  it('a real RaceChrono v3 lap (Tianma, left out of the circuits) gets its logger’s line, and our lap matches RaceChrono’s', () => {
    const done = finishImport(importRaceChronoCsv(read('tianma-racechrono-lap9-v3.csv')), [], { sourceName: 'tianma.csv' });
    expect(done.lapSource).toBe('logger-line');
    expect(done.proposal?.laps).toBe(1);
    expect(done.loggerComparison?.matches).toHaveLength(1);
    expect(done.loggerComparison!.maxAbsDiffMs).toBeLessThan(20);
  });

  it('with no laps of its own, gets the point its trace passes most regularly', () => {
    const gpsOnly = { ...real, positions: moved, loggerLaps: undefined };
    const done = finishImport(gpsOnly, SEED, { sourceName: 'club.gpx' });
    expect(done.lapSource).toBe('proposed');
    expect(done.proposalFrom).toBe('trace');
    expect(done.proposal?.laps).toBeGreaterThanOrEqual(3);
  });
});
