import { describe, expect, it } from 'vitest';
import { detectLaps } from '../../../../src/domain/detection/detect-laps';
import { compareLoggerLaps, loggerCrossingsMs } from '../../../../src/domain/detection/logger-laps';
import { bytesDurationS, bytesNumber, decimalOfToken } from '../../../../src/domain/file-formats/alfano-numbers';
import { fileNameDayMs, importAlfanoCsv, looksLikeAlfanoCsv } from '../../../../src/domain/file-formats/import-alfano-csv';
import { ImportError, isImportError } from '../../../../src/domain/file-formats/import-errors';
import { detectImportFormat, importFile } from '../../../../src/domain/file-formats/read-import-file';
import { finishImport } from '../../../../src/domain/file-formats/time-import';
import type { ImportedSession } from '../../../../src/domain/file-formats/import-types';
import type { PositionColumns } from '../../../../src/domain/session-types';
import { GATE_S, gatePoints, sample, trueCrossingsMs, wavyMotion } from '../synthetic-track';
import { writeAlfano, type AlfanoWriteOptions } from './alfano-csv-writer';
import { writeHarrys, writeMotecCsv, writeRaceBox } from './logger-csv-writers';

/** A 3-minute session on the synthetic stadium (about 25 s laps), its true crossings and the file's start. */
const START = Date.UTC(2026, 3, 12, 14, 41, 41);
const motion = wavyMotion(30, 6, 17, 180);
const crossings = trueCrossingsMs(motion, GATE_S[0]);
const at = (rateHz: number) => sample(motion, { rateHz });
const hundredHz = at(100);
/** The name the file would have on the user's disk: its date dates the session. */
const NAME = 'alfano 2026-04-12.csv';

function errorOf(run: () => unknown): ImportError {
  try {
    run();
  } catch (error) {
    expect(isImportError(error)).toBe(true);
    return error as ImportError;
  }
  throw new Error('expected an ImportError');
}

const read = (text: string, fileName = NAME) => importAlfanoCsv(text, { fileName });

/** The file's own lap times (Time Lap of every complete lap), ms. */
function fileLapTimesMs(text: string): number[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const names = lines[0].split(';');
  const lapCol = names.indexOf('Lap');
  const timeCol = names.indexOf('Time Lap');
  const eu = !/\d\.\d{7}/.test(text);
  const times = lines.slice(1).map((l) => l.split(';')).filter((c) => c[lapCol]).map((c) => Number((eu ? c[timeCol].replace(/\./g, '').replace(',', '.') : c[timeCol].replace(/,/g, ''))) * 1000);
  // The first is the out-lap (from the start of the recording), the last the lap the recording ended in.
  return times.slice(1, -1);
}

/** Our laps, timed at the synthetic track's line, against the file's own. */
function agreement(session: ImportedSession) {
  const detection = detectLaps(session.positions, gatePoints(), 12);
  return compareLoggerLaps(detection.startFinishMs, loggerCrossingsMs(session.loggerLaps ?? [], session.startedAt));
}

/** Same fixes as the truth (7-decimal degrees, 10 ms times; the file's own speed when it has one). */
function expectNear(a: PositionColumns, truth: PositionColumns, withSpeed = true): void {
  for (let i = 0; i < a.count; i += 97) {
    expect(a.lat[i]).toBeCloseTo(truth.lat[i], 6);
    expect(a.lon[i]).toBeCloseTo(truth.lon[i], 6);
    expect(a.timeMs[i]).toBeCloseTo(truth.timeMs[i], 6);
    if (withSpeed) expect(a.speedKmh[i]).toBeCloseTo(truth.speedKmh[i], 0);
  }
}

describe('Alfano CSV (generated from the public descriptions of the export)', () => {
  it('reads a 100 Hz US-style export: every row a fix, Absolute Time, Speed GPS, the start from the name and the header', () => {
    const text = writeAlfano(hundredHz, START, crossings);
    const session = read(text);
    expect(session.source).toBe('alfano-csv');
    expect(session.issues).toEqual([]);
    expect(session.positions.count).toBe(hundredHz.count);
    expect(session.startedAt).toBe('2026-04-12T14:41:41.000Z');
    expectNear(session.positions, hundredHz);
  });

  for (const rateHz of [10, 25, 100]) {
    it(`keeps the logger's laps at ${rateHz} Hz, and our laps agree with the file's Time Lap within 20 ms`, () => {
      const truth = at(rateHz);
      const text = writeAlfano(truth, START, crossings);
      const session = read(text);
      const fileLaps = fileLapTimesMs(text);
      expect(fileLaps.length).toBe(crossings.length - 1);
      // The file's lap times, except where their rounding to 0.01 s would put a crossing outside its two rows.
      const kept = session.loggerLaps?.map((l) => l.durationMs) ?? [];
      expect(kept).toHaveLength(fileLaps.length);
      kept.forEach((ms, k) => expect(Math.abs(ms - fileLaps[k])).toBeLessThanOrEqual(10));
      const c = agreement(session);
      expect(c.matches).toHaveLength(crossings.length - 1);
      expect(c.maxAbsDiffMs).toBeLessThan(20);
      c.matches.forEach((m, k) => expect(Math.abs(m.oursMs - fileLaps[k])).toBeLessThan(20));
    });
  }

  it('times the same laps as the logger within 20 ms at the line its laps imply (no circuit near), through importFile', () => {
    const bytes = new TextEncoder().encode(writeAlfano(at(25), START, crossings, { crlf: true }));
    const imported = importFile(NAME, bytes);
    expect(imported.source).toBe('alfano-csv');
    const finished = finishImport(imported, []);
    expect(finished.timedAtLoggerLine).toBe(true);
    expect(finished.loggerComparison?.matches).toHaveLength(crossings.length - 1);
    expect(finished.loggerComparison?.maxAbsDiffMs).toBeLessThan(20);
  });

  it('reads the European style (decimal comma, "." grouping) as the US style', () => {
    const truth = at(25);
    const us = read(writeAlfano(truth, START, crossings));
    const eu = read(writeAlfano(truth, START, crossings, { style: 'eu' }));
    expect(eu.issues).toEqual([]);
    expect(eu.positions.count).toBe(us.positions.count);
    expectNear(eu.positions, truth);
    expect(eu.loggerLaps).toEqual(us.loggerLaps);
    expect(eu.startedAt).toBe(us.startedAt);
  });

  it('reads CRLF, a BOM, an empty cell ending every row, empty rows between laps, and fewer columns', () => {
    const truth = at(25);
    const plain = read(writeAlfano(truth, START, crossings));
    const variants: AlfanoWriteOptions[] = [
      { crlf: true },
      { bom: true },
      { trailingEmpty: true },
      { blankRows: true },
      { short: true },
      { short: true, style: 'eu', crlf: true, bom: true, trailingEmpty: true, blankRows: true },
      { without: ['Strip', 'Time Strip', 'Time', 'Distance', 'RPM', 'Speed GPS'] },
    ];
    for (const options of variants) {
      const text = writeAlfano(truth, START, crossings, options);
      expect(detectImportFormat('session.csv', text), JSON.stringify(options)).toBe('alfano-csv');
      const session = read(text);
      expect(session.issues, JSON.stringify(options)).toEqual([]);
      expect(session.positions.count).toBe(truth.count);
      expectNear(session.positions, truth, !options.without);
      expect(session.startedAt).toBe(plain.startedAt);
      expect(session.loggerLaps).toEqual(plain.loggerLaps);
    }
  });

  it('reads quoted cells and lap times written as minutes and seconds the same way', () => {
    const text = writeAlfano(at(25), START, crossings);
    const plain = read(text);
    const lines = text.split('\n');
    const timeCol = lines[0].split(';').indexOf('Time Lap');
    const rewritten = lines
      .map((line, i) => {
        if (i === 0 || line === '') return line;
        const cells = line.split(';');
        const s = Number(cells[timeCol]);
        if (cells[timeCol] !== '') cells[timeCol] = `${Math.floor(s / 60)}:${(s % 60).toFixed(2).padStart(5, '0')}`;
        return cells.map((c) => `"${c}"`).join(';');
      })
      .join('\n');
    expect(rewritten).toContain('"0:');
    const session = read(rewritten);
    expect(session.issues).toEqual([]);
    expect(session.positions.count).toBe(plain.positions.count);
    expect(session.loggerLaps).toEqual(plain.loggerLaps);
  });

  it('keeps only the rows where a new GPS position arrived when rows repeat it between fixes', () => {
    const text = writeAlfano(hundredHz, START, crossings, { gpsEvery: 4 });
    const session = read(text);
    expect(session.issues).toEqual([]);
    expect(session.positions.count).toBe(Math.ceil(hundredHz.count / 4));
    expect(session.positions.timeMs[1]).toBeCloseTo(40, 6);
    const c = agreement(session);
    expect(c.matches).toHaveLength(crossings.length - 1);
    expect(c.maxAbsDiffMs).toBeLessThan(20);
  });

  it('reports the rows recorded before the GPS had a fix, keeps the rest, and refuses a file with no fix at all', () => {
    const truth = at(25);
    const session = read(writeAlfano(truth, START, crossings, { noFixRows: 50 }));
    expect(session.issues).toHaveLength(50);
    expect(session.issues[0]).toEqual({ line: 2, reason: 'no GPS fix' });
    expect(session.positions.count).toBe(truth.count - 50);
    // The session starts at its first fix: 50 rows of 40 ms after the header's time.
    expect(session.startedAt).toBe('2026-04-12T14:41:43.000Z');
    const none = errorOf(() => read(writeAlfano(everyRow(truth, 40), START, [], { noFixRows: 1000 })));
    expect(none.reason).toBe('no-fixes');
    expect(none.message).toBe('The Alfano CSV file has no row with a GPS position.');
  });

  it('refuses a file without Lat. or Lon., naming what is missing in a typed error', () => {
    const noLat = errorOf(() => read(writeAlfano(at(25), START, crossings, { without: ['Lat.'] })));
    expect(noLat.reason).toBe('missing-columns');
    expect(noLat.detail.missing).toEqual(['Lat.']);
    expect(noLat.message).toMatch(/^The Alfano CSV file has no Lat\. column \(its columns: Lap, Time Lap, /);
    const neither = errorOf(() => read(writeAlfano(at(25), START, crossings, { without: ['Lat.', 'Lon.'] })));
    expect(neither.detail.missing).toEqual(['Lat.', 'Lon.']);
    expect(neither.detail.found).toContain('Absolute Time');
    const noTime = writeAlfano(at(25), START, crossings, { without: ['Absolute Time'] });
    expect(detectImportFormat('session.csv', noTime)).toBe('alfano-csv');
    expect(errorOf(() => importFile(NAME, noTime)).detail.missing).toEqual(['Absolute Time']);
    expect(errorOf(() => importAlfanoCsv('')).reason).toBe('empty-file');
    expect(errorOf(() => importAlfanoCsv('Time;Speed\n1;2\n')).reason).toBe('bad-structure');
  });

  it('dates the session by the name, else by the last-modified date (the day before when past UTC midnight), else refuses it', () => {
    const text = writeAlfano(at(10), START, crossings);
    expect(importAlfanoCsv(text, { fileName: 'Run 3 20260412.csv' }).startedAt).toBe('2026-04-12T14:41:41.000Z');
    expect(importAlfanoCsv(text, { fileName: '12.04.2026 kart.csv' }).startedAt).toBe('2026-04-12T14:41:41.000Z');
    expect(importAlfanoCsv(text, { fileName: 'session.csv', fallbackDate: Date.UTC(2026, 3, 12, 15, 10) }).startedAt).toBe('2026-04-12T14:41:41.000Z');
    // Written 01:00 UTC on the 13th: a 14:41 start can only be the 12th.
    expect(importAlfanoCsv(text, { fileName: 'session.csv', fallbackDate: Date.UTC(2026, 3, 13, 1, 0) }).startedAt).toBe('2026-04-12T14:41:41.000Z');
    const undated = errorOf(() => importAlfanoCsv(text, { fileName: 'session.csv' }));
    expect(undated.reason).toBe('missing-date');
    // Without the header's time, the file's last-modified time is the end of the session.
    const noUtc = writeAlfano(at(10), START, crossings, { withoutUtc: true });
    expect(importAlfanoCsv(noUtc, { fallbackDate: START + 180_000 }).startedAt).toBe('2026-04-12T14:41:41.000Z');
  });

  it('finds dates in file names only where they are valid dates', () => {
    expect(fileNameDayMs('2026-04-12_14-41.csv')).toBe(Date.UTC(2026, 3, 12));
    expect(fileNameDayMs('C:\\logs\\12-04-2026.csv')).toBe(Date.UTC(2026, 3, 12));
    expect(fileNameDayMs('04-13-2026.csv')).toBe(Date.UTC(2026, 3, 13));
    expect(fileNameDayMs('session 12345678.csv')).toBeNaN();
    expect(fileNameDayMs('lap 3.csv')).toBeNaN();
    expect(fileNameDayMs(undefined)).toBeNaN();
  });
});

/** Every k-th row of the columns (a slower file from the same truth). */
function everyRow(p: PositionColumns, k: number): PositionColumns {
  const n = Math.ceil(p.count / k);
  const pick = <T extends Float64Array | Float32Array | Int32Array>(a: T, out: T): T => {
    for (let j = 0; j < n; j++) out[j] = a[j * k];
    return out;
  };
  return {
    count: n,
    lap: pick(p.lap, new Int32Array(n)),
    timeMs: pick(p.timeMs, new Float64Array(n)),
    lat: pick(p.lat, new Float64Array(n)),
    lon: pick(p.lon, new Float64Array(n)),
    speedKmh: pick(p.speedKmh, new Float32Array(n)),
    distanceM: pick(p.distanceM, new Float64Array(n)),
  };
}

describe('Alfano numbers', () => {
  it('decide the decimal separator only from tokens that can be read one way', () => {
    expect(decimalOfToken('41.5608123')).toBe(46);
    expect(decimalOfToken('41,5608123')).toBe(44);
    expect(decimalOfToken('52,6')).toBe(44);
    expect(decimalOfToken('17,090.4')).toBe(46);
    expect(decimalOfToken('17.090,4')).toBe(44);
    expect(decimalOfToken('1,234,567')).toBe(46);
    expect(decimalOfToken('4,120')).toBeNull();
    expect(decimalOfToken('4.120')).toBeNull();
    expect(decimalOfToken('87')).toBeNull();
  });

  it('read grouped and signed numbers straight from bytes, exactly as Number() reads the plain digits', () => {
    const b = (s: string) => new TextEncoder().encode(s);
    const us = (s: string) => bytesNumber(b(s), 0, s.length, 46);
    const eu = (s: string) => bytesNumber(b(s), 0, s.length, 44);
    expect(us('4,120')).toBe(4120);
    expect(us('17,090.4')).toBe(17090.4);
    expect(us('-8.3975123')).toBe(-8.3975123);
    expect(eu('4.120')).toBe(4120);
    expect(eu('52,6')).toBe(52.6);
    expect(eu(' -8,3975123 ')).toBe(-8.3975123);
    expect(us('"41.5608"')).toBe(41.5608);
    for (const bad of ['', ' ', '-', '1.2.3', '12a', '1,2.3,4']) expect(us(bad)).toBeNaN();
  });

  it('read lap times as seconds or as minutes and seconds', () => {
    const duration = (s: string, decimal: 44 | 46) => bytesDurationS(new TextEncoder().encode(s), 0, s.length, decimal);
    expect(duration('87.43', 46)).toBeCloseTo(87.43, 9);
    expect(duration('1:27.43', 46)).toBeCloseTo(87.43, 9);
    expect(duration('1:27,43', 44)).toBeCloseTo(87.43, 9);
    expect(duration('1:01:27.43', 46)).toBeCloseTo(3687.43, 9);
    expect(duration('', 46)).toBeNaN();
    expect(duration('1:', 46)).toBeNaN();
  });
});

describe('Alfano CSV detection', () => {
  it('is told apart from the other ";" and "," CSV exports, whatever the extension', () => {
    const truth = everyRow(at(25), 50);
    const text = writeAlfano(truth, START, crossings);
    expect(looksLikeAlfanoCsv(text)).toBe(true);
    expect(looksLikeAlfanoCsv('\uFEFF' + text)).toBe(true);
    expect(detectImportFormat('data.txt', text)).toBe('alfano-csv');
    expect(detectImportFormat('data.vbo', text)).toBe('alfano-csv');
    const others: [string, string][] = [
      ['racebox-csv', writeRaceBox(truth, START, crossings).replace(/,/g, ';')],
      ['harrys-csv', writeHarrys(truth, START, crossings, 'units-in-names').replace(/,/g, ';')],
      // AiM's layout (MoTeC's) with Alfano's names in its channel row: that row is not the first, so not Alfano's header.
      ['motec-csv', writeMotecCsv(truth, START, crossings).replace(/","/g, '";"').replace('"Engine RPM"', '"Lap";"Time Lap";"Absolute Time"')],
    ];
    for (const [source, other] of others) {
      expect(looksLikeAlfanoCsv(other)).toBe(false);
      expect(detectImportFormat('data.csv', other)).toBe(source);
    }
    // A header that only shares some names is not Alfano's, nor is one that is not the first line.
    expect(looksLikeAlfanoCsv('Lap;Time;Lat.;Lon.\n1;0;41.5;-8.4\n')).toBe(false);
    expect(looksLikeAlfanoCsv('Session;1\n' + text)).toBe(false);
  });
});
