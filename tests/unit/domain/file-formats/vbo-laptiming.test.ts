/**
 * A VBO's own gates ([laptiming]) as RaceChrono and RaceBox write them, on the real Rustavi Dragy trace (its
 * seeded circuit in reach): the order of the numbers decided by the trace, the laps timed at the file's lines
 * (checked against gate-line timing written again in gate-line-timing.ts), and a gate no lap crosses never
 * taking the place of the circuit's working gates.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { finishImport } from '../../../../src/domain/file-formats/time-import';
import { importFile } from '../../../../src/domain/file-formats/read-import-file';
import type { CircuitCandidate } from '../../../../src/domain/file-formats/pick-circuit';
import type { GatePoint, LapRecord } from '../../../../src/domain/session-types';
import { fixAlong, lapTimes, lineAcross, lineCrossingsMs, nearestFix, type TestLine } from './gate-line-timing';
import { withLaptiming, type WrittenGate } from './vbo-laptiming-writer';

const RUSTAVI_VBO = readFileSync(new URL('../../../fixtures/real-logs/rustavi-dragy-25hz-trimmed.vbo', import.meta.url), 'utf8');
// As seeded on the server (server/db/seed-data/circuits.ts), copied so this test does not follow edits there.
const RUSTAVI: CircuitCandidate = { id: 7, name: 'Rustavi International Motorpark', coordinates: '41.569854;44.949280;41.573961;44.946128;41.571486;44.951924', size: 30 };
const SEEDED = [
  { lat: 41.569854, lon: 44.94928 },
  { lat: 41.573961, lon: 44.946128 },
  { lat: 41.571486, lon: 44.951924 },
];

const positions = importFile('rustavi.vbo', RUSTAVI_VBO).positions;
/** The logger’s own lines: 20 m across the track, 50 m past each of the circuit's gates (so we can tell whose timed the laps). */
const lines: TestLine[] = SEEDED.map((g) => lineAcross(positions, fixAlong(positions, nearestFix(positions, g), 50), 20));
const written = (moved: Partial<Record<number, TestLine>> = {}): WrittenGate[] =>
  lines.map((l, k) => {
    const line = moved[k] ?? l;
    return { kind: k === 0 ? 'Start' : 'Split', a: line.a, b: line.b, name: k === 0 ? 'Start / Finish' : `Split ${k}` };
  });

const closed = (laps: LapRecord[]) => laps.filter((l) => l.valid && l.lapName !== 'In Lap');
const near = (p: GatePoint, q: GatePoint) => Math.abs(p.lat - q.lat) < 1e-7 && Math.abs(p.lon - q.lon) < 1e-7;

/** Laps and sectors timed at the written lines by the test's own crossing search. */
function reference(lineSet: TestLine[]) {
  const start = lineCrossingsMs(positions, lineSet[0]);
  const splits = lineSet.slice(1).map((l) => lineCrossingsMs(positions, l, 0));
  const laps = lapTimes(start).map((timeMs, k) => {
    const inLap = splits.map((c) => c.find((t) => t > start[k] && t < start[k + 1]) ?? NaN);
    const bounds = [start[k], ...inLap, start[k + 1]];
    return { timeMs, sectorsMs: bounds.slice(1).map((b, j) => b - bounds[j]) };
  });
  return laps;
}

describe('a VBO with its logger’s own [laptiming] gates, on a seeded circuit', () => {
  const expected = reference(lines);

  for (const style of ['racechrono', 'racebox'] as const) {
    it(`reads the gates as ${style === 'racechrono' ? 'RaceChrono writes them (longitude then latitude, west positive)' : 'RaceBox writes them (latitude then longitude)'} and times every lap at them`, () => {
      const imported = importFile(`${style}.vbo`, withLaptiming(RUSTAVI_VBO, written(), style));
      expect(imported.fileGates).toHaveLength(3);
      imported.fileGates!.forEach((g, k) => {
        expect(near(g.a, lines[k].a)).toBe(true);
        expect(near(g.b, lines[k].b)).toBe(true);
      });
      const done = finishImport(imported, [RUSTAVI]);
      expect(done.circuit?.id).toBe(7);
      expect(done.lapSource).toBe('file-gates');
      expect(done.fileGatesIgnored).toBe(false);
      expect(done.fileGates?.styles).toEqual(['line', 'line', 'line']);
      const laps = closed(done.laps);
      expect(expected.length).toBeGreaterThanOrEqual(3);
      expect(laps).toHaveLength(expected.length);
      laps.forEach((lap, k) => {
        // Our records are whole milliseconds of crossings interpolated on the same lines.
        expect(Math.abs(lap.timeMs - expected[k].timeMs)).toBeLessThanOrEqual(1);
        lap.sectorsMs.forEach((s, j) => expect(Math.abs(s - expected[k].sectorsMs[j])).toBeLessThanOrEqual(1));
      });
      // The circuit's laps are kept beside them: the same laps, other sectors (its gates are 50 m earlier).
      expect(closed(done.circuitLaps ?? [])).toHaveLength(expected.length);
    });
  }

  it('never lets a start/finish beside the track (crossed by no lap) replace the circuit’s gates, and says so', () => {
    const beside = lineAcross(positions, fixAlong(positions, nearestFix(positions, SEEDED[0]), 50), 10, 25);
    const imported = importFile('racechrono.vbo', withLaptiming(RUSTAVI_VBO, written({ 0: beside }), 'racechrono'));
    const done = finishImport(imported, [RUSTAVI]);
    const byCircuit = finishImport(importFile('rustavi.vbo', RUSTAVI_VBO), [RUSTAVI]);
    expect(done.lapSource).toBe('circuit');
    expect(done.fileGatesIgnored).toBe(true);
    expect(closed(done.laps).length).toBeGreaterThanOrEqual(3);
    expect(done.laps).toEqual(byCircuit.laps);
  });

  it('never lets a split no lap crosses replace the circuit’s gates; with no circuit, the file’s gates that laps cross time them', () => {
    const beside = lineAcross(positions, nearestFix(positions, SEEDED[2]), 10, 25);
    const imported = importFile('racechrono.vbo', withLaptiming(RUSTAVI_VBO, written({ 2: beside }), 'racechrono'));
    const done = finishImport(imported, [RUSTAVI]);
    expect(done.lapSource).toBe('circuit');
    expect(done.fileGatesIgnored).toBe(true);
    const alone = finishImport(imported, []);
    expect(alone.lapSource).toBe('file-gates');
    expect(alone.fileGatesIgnored).toBe(true);
    expect(alone.fileGates?.gates).toHaveLength(2);
    const expected = reference(lines.slice(0, 2));
    closed(alone.laps).forEach((lap, k) => expect(Math.abs(lap.timeMs - expected[k].timeMs)).toBeLessThanOrEqual(1));
  });

  it('keeps the circuit’s gates, and says so, when the file’s gates are on another track in every reading', () => {
    const far = written().map((g) => ({ ...g, a: { lat: g.a.lat + 1, lon: g.a.lon }, b: { lat: g.b.lat + 1, lon: g.b.lon } }));
    const done = finishImport(importFile('elsewhere.vbo', withLaptiming(RUSTAVI_VBO, far, 'racechrono')), [RUSTAVI]);
    expect(done.lapSource).toBe('circuit');
    expect(done.fileGatesIgnored).toBe(true);
  });
});
