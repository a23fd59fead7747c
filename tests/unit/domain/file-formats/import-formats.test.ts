import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importAstro, looksLikeAstroNmea } from '../../../../src/domain/file-formats/import-astro';
import { ImportError, isImportError, type ImportErrorReason } from '../../../../src/domain/file-formats/import-errors';
import { importGpx } from '../../../../src/domain/file-formats/import-gpx';
import { importNmea0183, nmeaChecksum } from '../../../../src/domain/file-formats/import-nmea0183';
import { importRaceChronoCsv } from '../../../../src/domain/file-formats/import-racechrono-csv';
import { detectImportFormat, importFile } from '../../../../src/domain/file-formats/read-import-file';
import { importVbo } from '../../../../src/domain/file-formats/import-vbo';
import { isDomainError } from '../../../../src/domain/errors';
import { serializeLaps, serializePositions } from '../../../../src/domain/serialize-session';
import { detectLaps } from '../../../../src/domain/detection/detect-laps';
import type { PositionColumns } from '../../../../src/domain/session-types';
import { writeGpx, writeNmea0183, writeVbo, xorChecksum } from './format-writers';
import { GATE_S, gatePoints, sample, trueCrossingsMs, wavyMotion } from '../synthetic-track';

const FIXTURES = new URL('../../../fixtures/real-logs/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

/** 23:59:00 UTC: a 3-minute session crosses midnight. */
const START = Date.UTC(2026, 3, 12, 23, 59, 0);
const motion = wavyMotion(30, 6, 17, 180);
const truth = sample(motion);

function expectImportError(run: () => unknown, reason: ImportErrorReason): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(isImportError(caught)).toBe(true);
  expect(isDomainError(caught)).toBe(true);
  expect((caught as ImportError).reason).toBe(reason);
}

function expectSameTrace(actual: PositionColumns, expected: PositionColumns, degTolerance: number, speedTolerance: number): void {
  expect(actual.count).toBe(expected.count);
  let deg = 0;
  let time = 0;
  let speed = 0;
  for (let i = 0; i < expected.count; i++) {
    deg = Math.max(deg, Math.abs(actual.lat[i] - expected.lat[i]), Math.abs(actual.lon[i] - expected.lon[i]));
    time = Math.max(time, Math.abs(actual.timeMs[i] - (expected.timeMs[i] - expected.timeMs[0])));
    speed = Math.max(speed, Math.abs(actual.speedKmh[i] - expected.speedKmh[i]));
  }
  expect(deg).toBeLessThan(degTolerance);
  expect(time).toBeLessThan(1e-6);
  expect(speed).toBeLessThan(speedTolerance);
  expect(actual.lap.every((l) => l === 0)).toBe(true);
  const total = expected.distanceM[expected.count - 1];
  expect(Math.abs(actual.distanceM[actual.count - 1] - total) / total).toBeLessThan(5e-3);
}

describe('VBO import', () => {
  it('reads the real Dragy VBO: minutes to degrees, east longitude from negative, UTC times, km/h', () => {
    const session = importVbo(read('rustavi-dragy-25hz-trimmed.vbo'));
    expect(session.source).toBe('vbo');
    expect(session.issues).toEqual([]);
    expect(session.positions.count).toBe(21250);
    expect(session.startedAt).toBe('2026-01-17T06:31:36.960Z');
    expect(session.positions.lat[0]).toBeCloseTo(2494.490655 / 60, 9);
    expect(session.positions.lon[0]).toBeCloseTo(2696.799825 / 60, 9);
    expect(session.positions.speedKmh[0]).toBeCloseTo(108.022, 3);
    for (let i = 1; i < 200; i++) expect(session.positions.timeMs[i] - session.positions.timeMs[i - 1]).toBeCloseTo(40, 6);
  });

  it('round-trips a written VBO across midnight, west longitudes included', () => {
    const session = importVbo(writeVbo(truth, START));
    expect(session.startedAt).toBe(new Date(START).toISOString());
    expectSameTrace(session.positions, truth, 1e-7, 0.001);
  });

  it('needs a date: from the file, or the fallback date', () => {
    const text = writeVbo(truth, START, false);
    expectImportError(() => importVbo(text), 'missing-date');
    const session = importVbo(text, { fallbackDate: '2026-04-12T18:00:00Z' });
    expect(session.startedAt).toBe(new Date(START).toISOString());
  });

  it('reports corrupt rows by line number and keeps the rest', () => {
    const lines = writeVbo(truth, START).split('\r\n');
    const first = lines.indexOf('[data]') + 1;
    lines[first + 2] = '012 garbage';
    lines[first + 4] = '012 235901.000 +abc -1 2 3';
    const session = importVbo(lines.join('\r\n'));
    expect(session.positions.count).toBe(truth.count - 2);
    expect(session.issues.map((i) => i.line)).toEqual([first + 3, first + 5]);
  });

  it('refuses files without the VBO structure', () => {
    expectImportError(() => importVbo(''), 'empty-file');
    expectImportError(() => importVbo('[header]\nsats\n'), 'missing-section');
    expectImportError(() => importVbo('File created on 01/01/2026\n[column names]\nsats time lat long\n[data]\n'), 'no-fixes');
  });
});

describe('NMEA 0183 import', () => {
  it('merges GGA and RMC per epoch, verifies checksums and takes the date from RMC across midnight', () => {
    const session = importNmea0183(writeNmea0183(truth, START));
    expect(session.source).toBe('nmea');
    expect(session.issues).toEqual([]);
    expect(session.startedAt).toBe(new Date(START).toISOString());
    expectSameTrace(session.positions, truth, 1e-8, 0.01);
  });

  it('computes the checksum as the XOR of the body', () => {
    const body = 'GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,';
    expect(nmeaChecksum(body)).toBe('47');
    expect(xorChecksum(body)).toBe('47');
  });

  it('skips and reports sentences with a bad or missing checksum', () => {
    const lines = writeNmea0183(truth, START).split('\r\n');
    lines[2] = lines[2].replace(/\*[0-9A-F]{2}$/, '*00');
    lines[3] = lines[3].replace(/\*[0-9A-F]{2}$/, '');
    const session = importNmea0183(lines.join('\r\n'));
    expect(session.issues).toEqual([
      { line: 3, reason: 'bad checksum' },
      { line: 4, reason: 'missing checksum' },
    ]);
    expect(session.positions.count).toBe(truth.count);
  });

  it('drops epochs without a valid fix (RMC status V, GGA quality 0)', () => {
    const sentence = (body: string) => `$${body}*${xorChecksum(body)}`;
    const text = [
      sentence('GPRMC,100000.00,V,4134.0000,N,00824.0000,W,0.0,0.0,120426,,,N'),
      sentence('GPGGA,100000.00,4134.0000,N,00824.0000,W,0,00,99.9,0.0,M,0.0,M,,'),
      sentence('GPRMC,100000.20,A,4134.0000,N,00824.0000,W,10.0,0.0,120426,,,A'),
      sentence('GPRMC,100000.40,A,4134.0010,N,00824.0000,W,10.0,0.0,120426,,,A'),
    ].join('\n');
    const session = importNmea0183(text);
    expect(session.positions.count).toBe(2);
    expect(session.startedAt).toBe('2026-04-12T10:00:00.200Z');
    expect(session.positions.lat[0]).toBeCloseTo(41 + 34 / 60, 9);
    expect(session.positions.lon[0]).toBeCloseTo(-(8 + 24 / 60), 9);
    expect(session.positions.speedKmh[0]).toBeCloseTo(18.52, 3);
  });

  it('needs an RMC date or a fallback date for GGA-only logs', () => {
    const text = writeNmea0183(truth, START)
      .split('\r\n')
      .filter((l) => !l.includes('RMC'))
      .join('\n');
    expectImportError(() => importNmea0183(text), 'missing-date');
    const session = importNmea0183(text, { fallbackDate: START });
    expect(session.startedAt).toBe(new Date(START).toISOString());
    expect(session.positions.count).toBe(truth.count);
  });

  it('times laps from the imported fixes within 1 ms of the true crossings', () => {
    const session = importNmea0183(writeNmea0183(truth, START));
    const detection = detectLaps(session.positions, gatePoints(), 30);
    const expected = trueCrossingsMs(motion, GATE_S[0]);
    expect(detection.startFinishMs.length).toBe(expected.length);
    detection.startFinishMs.forEach((t, k) => expect(Math.abs(t - expected[k])).toBeLessThan(1));
  });

  it('refuses a file with no valid sentence', () => {
    expectImportError(() => importNmea0183('$GPGGA,1,2,3*00\n'), 'unknown-format');
  });
});

describe('GPX import', () => {
  it('reads track points with times and the speed extension in m/s', () => {
    const session = importGpx(writeGpx(truth, START, true));
    expect(session.source).toBe('gpx');
    expect(session.issues).toEqual([]);
    expect(session.startedAt).toBe(new Date(START).toISOString());
    expectSameTrace(session.positions, truth, 1e-8, 0.001);
  });

  it('derives speeds from the positions when the file has none', () => {
    const session = importGpx(writeGpx(truth, START, false));
    for (let i = 1; i < truth.count - 1; i += 97) {
      expect(Math.abs(session.positions.speedKmh[i] - truth.speedKmh[i]) / truth.speedKmh[i]).toBeLessThan(0.01);
    }
  });

  it('reports points without a time and keeps the others', () => {
    const text = writeGpx(truth, START, true)
      .replace(/(<trkpt[^>]*>\s*<ele>100<\/ele>\s*)<time>[^<]*<\/time>/, '$1')
      .replace('<trkseg>', '<trkseg>\n<trkpt lat="1" lon="2"/>');
    const session = importGpx(text);
    expect(session.positions.count).toBe(truth.count - 1);
    expect(session.issues.length).toBe(2);
    expect(session.issues.every((i) => i.reason === 'trkpt without a valid time')).toBe(true);
    expect(session.issues.map((i) => i.line)).toEqual([5, 6]);
  });

  it('refuses what is not GPX or has no track point', () => {
    expectImportError(() => importGpx('<kml></kml>'), 'bad-structure');
    expectImportError(() => importGpx('<gpx version="1.1"></gpx>'), 'no-fixes');
  });
});

describe('RaceChrono CSV v3 import', () => {
  it('keeps only the GPS rows of the real Tianma export (the 25 Hz epochs), speeds from m/s', () => {
    const session = importRaceChronoCsv(read('tianma-racechrono-lap9-v3.csv'));
    expect(session.source).toBe('racechrono-csv');
    expect(session.startedAt).toBe('2025-12-31T03:13:17.440Z');
    expect(session.positions.count).toBeGreaterThan(2000);
    expect(session.positions.count).toBeLessThan(2150);
    for (let i = 0; i < session.positions.count; i++) {
      expect(Math.round(session.positions.timeMs[i]) % 40).toBe(0);
      if (i > 0) expect(session.positions.timeMs[i]).toBeGreaterThan(session.positions.timeMs[i - 1]);
    }
    expect(session.positions.lat[0]).toBeCloseTo(31.0781678, 7);
    expect(session.positions.lon[0]).toBeCloseTo(121.1164132, 7);
    expect(session.positions.speedKmh[0]).toBeCloseTo(33.453 * 3.6, 3);
  });

  it('skips rows of other sources whose GPS cells are empty', () => {
    const text = [
      'This file is created using RaceChrono Pro v9.1.3 ( http://racechrono.com/ ).',
      'Format,3',
      'Session title,"A ""quoted"", title"',
      '',
      'timestamp,lap_number,latitude,longitude,speed,speed,device_update_rate',
      'unix time,,deg,deg,m/s,km/h,Hz',
      ',,100: gps,100: gps,100: gps,200: obd,100: gps',
      '1700000000.00,1,41.5,-8.4,10.0,,25',
      '1700000000.02,1,,,,36.5,',
      '1700000000.04,1,41.5001,-8.4,10.5,,25',
      '1700000000.04,1,41.5001,-8.4,10.5,,25',
      '1700000000.08,1,41.5002,-8.4,11.0,,25',
    ].join('\n');
    const session = importRaceChronoCsv(text);
    expect(session.positions.count).toBe(3);
    expect(Array.from(session.positions.timeMs)).toEqual([0, 40, 80]);
    expect(session.positions.speedKmh[2]).toBeCloseTo(39.6, 4);
    expect(session.startedAt).toBe('2023-11-14T22:13:20.000Z');
  });

  it('refuses other CSV files and other versions', () => {
    expectImportError(() => importRaceChronoCsv('a,b,c\n1,2,3\n'), 'bad-structure');
    expectImportError(() => importRaceChronoCsv('Format,2\n\ntimestamp,latitude,longitude\nunix time,deg,deg\n,100: gps,100: gps\n'), 'bad-structure');
  });
});

describe('ASTRO files', () => {
  it('reads the nmea and laps files with the core parsers, the start from the session file name', () => {
    const positions = sample(wavyMotion(30, 6, 17, 100));
    const detection = detectLaps(positions, gatePoints(), 30);
    positions.lap.set(detection.lapOfFix);
    const nmea = serializePositions(positions);
    const session = importAstro({ nmea: new TextEncoder().encode(nmea), laps: serializeLaps(detection.records), fileName: '20260412_1030_Kartodromo de Braga.nmea' });
    expect(session.source).toBe('astro');
    expect(session.startedAt).toBe('2026-04-12T10:30:00');
    expect(session.positions.count).toBe(positions.count);
    expect(Array.from(session.positions.lap)).toEqual(Array.from(positions.lap));
    expect(session.deviceLaps!.map((l) => l.timeMs)).toEqual(detection.records.map((l) => l.timeMs));
    expect(looksLikeAstroNmea(nmea)).toBe(true);
  });

  it('needs a session file name or a fallback date', () => {
    expectImportError(() => importAstro({ nmea: '1;0;41.5;-8.4;10\n', fileName: 'renamed.txt' }), 'missing-date');
    expect(importAstro({ nmea: '1;0;41.5;-8.4;10\n' }, { fallbackDate: START }).startedAt).toBe(new Date(START).toISOString());
    expectImportError(() => importAstro({ nmea: 'nonsense\n' }, { fallbackDate: START }), 'unknown-format');
  });
});

describe('format detection', () => {
  it('recognises each format by content', () => {
    expect(detectImportFormat('x', read('rustavi-dragy-25hz-trimmed.vbo').slice(0, 2000))).toBe('vbo');
    expect(detectImportFormat('x', read('tianma-racechrono-lap9-v3.csv').slice(0, 2000))).toBe('racechrono-csv');
    expect(detectImportFormat('x', writeNmea0183(truth, START).slice(0, 2000))).toBe('nmea');
    expect(detectImportFormat('x', writeGpx(truth, START, true).slice(0, 2000))).toBe('gpx');
    expect(detectImportFormat('x', '3;120;41.5;-8.4;88.1\n')).toBe('astro');
    expect(detectImportFormat('notes.txt', 'hello')).toBeNull();
  });

  it('imports any supported file and refuses the rest with a typed error', () => {
    expect(importFile('a.vbo', writeVbo(truth, START)).source).toBe('vbo');
    expect(importFile('a.gpx', writeGpx(truth, START, true)).source).toBe('gpx');
    expectImportError(() => importFile('notes.txt', 'hello'), 'unknown-format');
    expectImportError(() => importFile('empty.gpx', '  \n'), 'empty-file');
  });
});
