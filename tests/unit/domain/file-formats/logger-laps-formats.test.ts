/**
 * Every format that carries its logger's own laps, on a real trace: the Rustavi Dragy VBO (25 Hz) and the same
 * trace resampled at 1 Hz (every 25th fix), each written in the format with the logger's laps timed on the 25 Hz
 * trace at a line across the main straight, so the logger's lap times are known exactly. For each file:
 *  - the logger's laps kept are its own figures (to the format's resolution: a lap-number column only says at
 *    which row the lap changed);
 *  - our laps, timed at the same line, are within the interpolation error derived below of the true laps, and
 *    equal to gate-line timing written again in the test (gate-line-timing.ts) on the imported fixes.
 *
 * Interpolation error: between two fixes t0 < t1 around the true crossing T (where the 25 Hz trace's signed
 * distance s to the line is 0), our crossing T' is where the straight line L between the two fixes' distances
 * reaches 0. L(T) = L(T) - s(T), so |T' - T| = |L(T) - s(T)| / slope(L) <= D / slope(L), D the most L departs from
 * s between t0 and t1 (measured on the 25 Hz fixes). D is the classic A (t1 - t0)^2 / 8 of a path whose |s''|
 * reaches A: at 1 Hz here, braking at 4-9 m/s² into turn 1, 20 to 35 ms a crossing. The positions as the formats
 * write them (7 decimals of a degree: under 1 cm) add their rounding over the slope; at 25 Hz that is all.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loggerCrossingsMs } from '../../../../src/domain/detection/logger-laps';
import { importAlfanoCsv } from '../../../../src/domain/file-formats/import-alfano-csv';
import { importAimCsv, importMotecCsv } from '../../../../src/domain/file-formats/import-channel-export';
import { importHarrysCsv } from '../../../../src/domain/file-formats/import-harrys-csv';
import { importRaceBoxCsv } from '../../../../src/domain/file-formats/import-racebox-csv';
import { importRaceChronoCsv } from '../../../../src/domain/file-formats/import-racechrono-csv';
import { importRaceChronoCsvV2 } from '../../../../src/domain/file-formats/import-racechrono-csv-v2';
import { importFile } from '../../../../src/domain/file-formats/read-import-file';
import { timeImport } from '../../../../src/domain/file-formats/time-import';
import { importTrackAddictCsv } from '../../../../src/domain/file-formats/import-trackaddict-csv';
import type { ImportedSession } from '../../../../src/domain/file-formats/import-types';
import { importVbo } from '../../../../src/domain/file-formats/import-vbo';
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import type { PositionColumns } from '../../../../src/domain/session-types';
import { writeAlfano } from './alfano-csv-writer';
import { lapTimes, lineAcross, lineCrossingsMs, nearestFix, type TestLine } from './gate-line-timing';
import { everyKth, writeHarrys, writeMotecCsv, writeRaceBox, writeRaceChronoV2, writeTrackAddict } from './logger-csv-writers';
import { writeAimCsv, writeRaceChronoV3, writeVboLapNumbers } from './logger-lap-writers';

const VBO = readFileSync(new URL('../../../fixtures/real-logs/rustavi-dragy-25hz-trimmed.vbo', import.meta.url), 'utf8');
const real = importFile('rustavi.vbo', VBO);
const truth = real.positions;
const START = Date.parse(real.startedAt);
/** The logger's line: 20 m across the main straight at the seeded start/finish. */
const line: TestLine = lineAcross(truth, nearestFix(truth, { lat: 41.569854, lon: 44.94928 }), 20);
const trueCrossings = lineCrossingsMs(truth, line);
const trueLaps = lapTimes(trueCrossings);

/** Where a format writes positions to 7 decimals of a degree, a fix is off by up to this, metres. */
const POSITION_ROUNDING_M = Math.hypot(0.5e-7 * 111_000, 0.5e-7 * 111_000);

/** The signed distance of fix i past the line, metres. */
function signedDistance(p: PositionColumns, i: number): number {
  const proj = createLocalProjection(line.centre.lat, line.centre.lon);
  const h = (line.headingDeg * Math.PI) / 180;
  return proj.x(p.lon[i]) * Math.sin(h) + proj.y(p.lat[i]) * Math.cos(h);
}

/**
 * The bound on our crossing's error (ms) for fixes `rowMs` apart around the true crossing at `tMs` (see the
 * module comment): the most the straight line between the two fixes departs from the 25 Hz trace, over its
 * slope, plus the written positions' rounding over that slope.
 */
function crossingBoundMs(tMs: number, rowMs: number): number {
  const k = rowMs / 40;
  const i0 = Math.floor(tMs / rowMs) * k;
  const i1 = i0 + k;
  const s0 = signedDistance(truth, i0);
  const s1 = signedDistance(truth, i1);
  let departure = 0;
  for (let i = i0; i <= i1; i++) departure = Math.max(departure, Math.abs(signedDistance(truth, i) - (s0 + ((s1 - s0) * (i - i0)) / k)));
  const slope = (s1 - s0) / (rowMs / 1000);
  return ((departure + POSITION_ROUNDING_M) / slope) * 1000;
}

interface FormatCase {
  name: string;
  write: (p: PositionColumns, startMs: number, crossingsMs: readonly number[]) => string;
  read: (text: string) => ImportedSession;
  /** How far the logger's figure of a lap, as the format writes it, may be from the true lap, ms. */
  figureMs: (rowMs: number) => number;
}

const asMs = () => 1;
const FORMATS: FormatCase[] = [
  { name: 'AiM Race Studio CSV (beacon markers)', write: writeAimCsv, read: (t) => importAimCsv(t), figureMs: asMs },
  { name: 'MoTeC i2 CSV (beacon markers)', write: writeMotecCsv, read: (t) => importMotecCsv(t), figureMs: asMs },
  { name: 'RaceChrono CSV v3 (lap changes)', write: writeRaceChronoV3, read: (t) => importRaceChronoCsv(t), figureMs: asMs },
  { name: 'RaceChrono CSV v2 (lap changes)', write: writeRaceChronoV2, read: (t) => importRaceChronoCsvV2(t), figureMs: asMs },
  { name: 'TrackAddict CSV (# Lap lines)', write: (p, s, c) => writeTrackAddict(p, s, c, { sensorsPerFix: 4 }), read: (t) => importTrackAddictCsv(t), figureMs: asMs },
  { name: 'RaceBox CSV (its lap list)', write: writeRaceBox, read: (t) => importRaceBoxCsv(t), figureMs: asMs },
  // Harry's TIME and Alfano's Time Lap have two decimals of a second.
  { name: "Harry's LapTimer CSV (time into the lap)", write: (p, s, c) => writeHarrys(p, s, c, 'units-in-names'), read: (t) => importHarrysCsv(t), figureMs: () => 10 },
  { name: 'Alfano CSV (Time Lap)', write: (p, s, c) => writeAlfano(p, s, c, { style: 'eu' }), read: (t) => importAlfanoCsv(t, { fallbackDate: START }), figureMs: () => 10 },
  // A lap number alone says only at which row the lap changed.
  { name: 'VBO (Lap_Number channel)', write: writeVboLapNumbers, read: (t) => importVbo(t), figureMs: (rowMs) => rowMs + 1 },
];

describe('the logger’s laps and ours on the line, for every format that carries laps', () => {
  it('has a real trace with several laps at the line (the truth the files are written from)', () => {
    expect(trueLaps.length).toBeGreaterThanOrEqual(4);
    expect(trueLaps.slice(0, 3).every((t) => t > 130_000 && t < 140_000)).toBe(true);
  });

  for (const format of FORMATS) {
    for (const rowMs of [40, 1000]) {
      it(`${format.name} at ${1000 / rowMs} Hz: keeps the logger's figures and times ours at the line within the interpolation error`, () => {
        const fixes = rowMs === 40 ? truth : everyKth(truth, rowMs / 40);
        const imported = format.read(format.write(fixes, START, trueCrossings));
        const timed = timeImport(imported, [], { startFinish: { gate: line.centre, headingDeg: line.headingDeg, widthM: 20 } });

        // The logger's laps, as the file gives them.
        const logger = lapTimes(loggerCrossingsMs(imported.loggerLaps ?? [], imported.startedAt));
        expect(logger).toHaveLength(trueLaps.length);
        logger.forEach((ms, k) => expect(Math.abs(ms - trueLaps[k])).toBeLessThanOrEqual(format.figureMs(rowMs)));

        // Ours: interpolated at the line, within the derived error of the truth, and the test's own timing.
        const ours = Array.from(timed.detection!.startFinishMs);
        const again = lineCrossingsMs(imported.positions, line);
        expect(ours).toHaveLength(trueCrossings.length);
        expect(again).toHaveLength(trueCrossings.length);
        const bounds = trueCrossings.map((t) => crossingBoundMs(t, rowMs));
        ours.forEach((t, k) => {
          expect(Math.abs(t - again[k])).toBeLessThan(0.01);
          expect(Math.abs(t - trueCrossings[k])).toBeLessThanOrEqual(bounds[k]);
        });
        const laps = timed.laps.filter((l) => l.valid && l.lapName !== 'In Lap');
        expect(laps).toHaveLength(trueLaps.length);
        laps.forEach((lap, k) => {
          // Whole milliseconds of the two crossings.
          expect(Math.abs(lap.timeMs - lapTimes(again)[k])).toBeLessThanOrEqual(1);
          expect(Math.abs(lap.timeMs - trueLaps[k])).toBeLessThanOrEqual(bounds[k] + bounds[k + 1] + 1);
        });
        // Lap by lap, ours against the logger's, the difference within both errors.
        const comparison = timed.loggerComparison!;
        expect(comparison.matches).toHaveLength(trueLaps.length);
        comparison.matches.forEach((m, k) => expect(Math.abs(m.diffMs)).toBeLessThanOrEqual(bounds[k] + bounds[k + 1] + format.figureMs(rowMs)));
      });
    }
  }
});
