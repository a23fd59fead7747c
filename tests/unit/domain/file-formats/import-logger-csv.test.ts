import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectLaps } from '../../../../src/domain/detection/detect-laps';
import { compareLoggerLaps, gateFromLoggerLaps, loggerCrossingsMs } from '../../../../src/domain/detection/logger-laps';
import { importAimCsv, importMotecCsv } from '../../../../src/domain/file-formats/import-channel-export';
import { ImportError, isImportError, type ImportErrorReason } from '../../../../src/domain/file-formats/import-errors';
import { importHarrysCsv } from '../../../../src/domain/file-formats/import-harrys-csv';
import { importRaceBoxCsv } from '../../../../src/domain/file-formats/import-racebox-csv';
import { importRaceChronoCsv } from '../../../../src/domain/file-formats/import-racechrono-csv';
import { importRaceChronoCsvV2 } from '../../../../src/domain/file-formats/import-racechrono-csv-v2';
import { detectImportFormat, importFile } from '../../../../src/domain/file-formats/read-import-file';
import { finishImport } from '../../../../src/domain/file-formats/time-import';
import { importTrackAddictCsv } from '../../../../src/domain/file-formats/import-trackaddict-csv';
import type { ImportedSession } from '../../../../src/domain/file-formats/import-types';
import type { PositionColumns } from '../../../../src/domain/session-types';
import { GATE_S, gatePoints, sample, trueCrossingsMs, wavyMotion } from '../synthetic-track';
import { writeAlfano } from './alfano-csv-writer';
import { everyKth, writeHarrys, writeMotecCsv, writeRaceBox, writeRaceChronoV2, writeTrackAddict } from './logger-csv-writers';

const FIXTURES = new URL('../../../fixtures/real-logs/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const AIM = 'sskc-mychron-aim-20hz-trimmed.csv';

function reasonOf(run: () => unknown): { reason: ImportErrorReason; message: string } {
  try {
    run();
  } catch (error) {
    expect(isImportError(error)).toBe(true);
    return { reason: (error as ImportError).reason, message: (error as ImportError).message };
  }
  throw new Error('expected an ImportError');
}

/** The logger's start/finish crossings, ms of session time. */
const crossingsOf = (session: ImportedSession): number[] => loggerCrossingsMs(session.loggerLaps ?? [], session.startedAt);

/** Same fixes: `digits` decimals of a degree (9 for the same file rewritten, 6 = 5 cm for 7-decimal writers). */
function expectSamePositions(a: PositionColumns, b: PositionColumns, digits = 9): void {
  expect(a.count).toBe(b.count);
  for (let i = 0; i < a.count; i += 97) {
    expect(a.lat[i]).toBeCloseTo(b.lat[i], digits);
    expect(a.lon[i]).toBeCloseTo(b.lon[i], digits);
    expect(a.timeMs[i]).toBeCloseTo(b.timeMs[i], 6);
    expect(a.speedKmh[i]).toBeCloseTo(b.speedKmh[i], 2);
  }
}

describe('AiM Race Studio CSV (real MyChron export from the SSKC kart track)', () => {
  const text = read(AIM);

  it('reads the Race Studio 3 export: every 20 Hz row, degrees, km/h, the logger wall clock as the start', () => {
    const session = importAimCsv(text);
    expect(session.source).toBe('aim-csv');
    expect(session.issues).toEqual([]);
    expect(session.positions.count).toBe(19020);
    expect(session.startedAt).toBe('2022-06-19T15:42:00.000');
    expect(session.positions.lat[0]).toBeCloseTo(50.51938948, 8);
    expect(session.positions.lon[0]).toBeCloseTo(-104.49508287, 8);
    expect(session.positions.speedKmh[0]).toBeCloseTo(1.4676, 4);
    for (let i = 1; i < 100; i++) expect(session.positions.timeMs[i] - session.positions.timeMs[i - 1]).toBeCloseTo(50, 6);
    expect(detectImportFormat('session.csv', text)).toBe('aim-csv');
  });

  it("keeps the beacon markers as the logger's laps: 15 crossings, 14 timed laps, best 0:58.510", () => {
    const session = importAimCsv(text);
    // The 16th marker (951 s) is the end of the export, not a crossing.
    expect(crossingsOf(session)).toHaveLength(15);
    expect(crossingsOf(session)[0]).toBeCloseTo(77_200, 6);
    const laps = (session.loggerLaps ?? []).map((lap) => lap.durationMs);
    expect(laps).toHaveLength(14);
    expect(Math.min(...laps)).toBe(58_510);
    expect(laps[0]).toBe(71_928);
  });

  it("times the same 14 laps as the logger within 20 ms at the line its beacons imply (no circuit near)", () => {
    // SSKC is not among the seeded circuits: the file's own crossings place its start/finish line.
    const finished = finishImport(importAimCsv(text), []);
    expect(finished.circuit).toBeNull();
    expect(finished.timedAtLoggerLine).toBe(true);
    const comparison = finished.loggerComparison;
    expect(comparison?.loggerLapCount).toBe(14);
    expect(comparison?.matches).toHaveLength(14);
    expect(comparison?.maxAbsDiffMs).toBeLessThan(20);
    const complete = finished.laps.filter((l) => l.valid && l.lapName !== 'In Lap');
    expect(complete).toHaveLength(14);
    expect(Math.abs(Math.min(...complete.map((l) => l.timeMs)) - 58_510)).toBeLessThan(20);
  });

  it('agrees with the beacons whatever the width of the line, as long as it only spans the track', () => {
    const session = importAimCsv(text);
    const gate = gateFromLoggerLaps(session.positions, crossingsOf(session));
    expect(gate).not.toBeNull();
    for (const width of [12, 20, 30]) {
      const detection = detectLaps(session.positions, gate ? [gate] : [], width);
      const c = compareLoggerLaps(detection.startFinishMs, crossingsOf(session));
      expect(c.matches).toHaveLength(14);
      expect(c.maxAbsDiffMs).toBeLessThan(20);
    }
  });

  it('reads the same data written the Race Studio 2 way: quoted cells, AIM CSV File, a numeric date, a channel-number row, beacons in one cell', () => {
    const lines = text.split('\r\n');
    const header = lines.findIndex((l) => l.startsWith('Time,GPS Speed'));
    const quote = (l: string) => l.split(',').map((c) => `"${c}"`).join(',');
    const rs2 = [
      '"Format","AIM CSV File"',
      '"Venue","SSKC"',
      '"Date","06/19/2022"',
      '"Time","15:42:00"',
      '"Sample Rate","20"',
      `"Beacon Markers","${lines.find((l) => l.startsWith('Beacon Markers'))?.split(',').slice(1).join(' ')}"`,
      '',
      quote(lines[header]),
      quote(lines[header + 1].replace(/^s,/, 'sec,')),
      lines[header].split(',').map((_, i) => `"${i + 1}"`).join(','),
      '',
      ...lines.slice(header + 3).map(quote),
    ].join('\r\n');
    const a = importAimCsv(text);
    const b = importFile('rs2.csv', rs2) as ImportedSession;
    expect(b.source).toBe('aim-csv');
    expect(b.startedAt).toBe(a.startedAt);
    expect(b.issues).toEqual([]);
    expectSamePositions(b.positions, a.positions);
    expect(b.loggerLaps).toEqual(a.loggerLaps);
  });

  it('reads a European export: UTF-8 BOM, ";" between cells, decimal commas, LF line ends, channels in another order', () => {
    const lines = text.split('\r\n');
    const header = lines.findIndex((l) => l.startsWith('Time,GPS Speed'));
    // Move GPS Longitude before GPS Speed: columns are found by name.
    const reorder = (l: string) => {
      const c = l.split(',');
      return [c[0], c[5], ...c.slice(1, 5), ...c.slice(6)];
    };
    const euro = lines.map((l, i) => {
      if (l.startsWith('Date,')) return l.replace('Date,', 'Date;').replace(/",+$/, '"');
      if (i < header) return l.split(',').map((c) => c.replace(/^(\d+)\.(\d+)$/, '$1,$2')).join(';');
      const cells = reorder(l).map((c) => c.replace(/^(-?\d+)\.(\d+)$/, '$1,$2'));
      return cells.join(';');
    });
    const b = importAimCsv('\uFEFF' + euro.join('\n'));
    const a = importAimCsv(text);
    expect(b.issues).toEqual([]);
    expectSamePositions(b.positions, a.positions);
    expect(b.loggerLaps).toEqual(a.loggerLaps);
  });

  it('converts speed from the units row (mph, m/s)', () => {
    const mph = importAimCsv(text.replace('\r\ns,km/h,', '\r\ns,mph,'));
    const kmh = importAimCsv(text);
    expect(mph.positions.speedKmh[5000]).toBeCloseTo(kmh.positions.speedKmh[5000] * 1.609344, 2);
    const ms = importAimCsv(text.replace('\r\ns,km/h,', '\r\ns,m/s,'));
    expect(ms.positions.speedKmh[5000]).toBeCloseTo(kmh.positions.speedKmh[5000] * 3.6, 2);
  });

  it('refuses with a reason naming what is wrong', () => {
    const noGps = text.replace('GPS Latitude', 'Latitude?');
    expect(reasonOf(() => importAimCsv(noGps))).toEqual({ reason: 'bad-structure', message: 'The AiM CSV file has no GPS Latitude channel.' });
    const truncated = text.slice(0, text.indexOf('Time,GPS Speed'));
    expect(reasonOf(() => importAimCsv(truncated)).reason).toBe('bad-structure');
    const undated = text.replace(/\r\nDate,[^\r]*/, '');
    expect(reasonOf(() => importAimCsv(undated)).reason).toBe('missing-date');
    expect(importAimCsv(undated, { fallbackDate: '2022-06-19T20:00:00Z' }).startedAt).toBe('2022-06-19T15:42:00.000');
    const noFix = text.replace(/(\r\n[\d.]+,[^,]*,[^,]*,[^,]*,)[-\d.]+,[-\d.]+/g, '$10,0');
    expect(reasonOf(() => importAimCsv(noFix)).reason).toBe('no-fixes');
    const planet = text.replace(/(\r\n[\d.]+,[^,]*,[^,]*,[^,]*,)[-\d.]+/g, '$191.5');
    expect(reasonOf(() => importAimCsv(planet)).reason).toBe('no-fixes');
  });
});

/** A synthetic 3-minute session at 25 Hz that crosses start/finish several times. */
const START = Date.UTC(2026, 3, 12, 21, 57, 0);
const motion = wavyMotion(30, 6, 17, 180);
const truth = sample(motion);
const crossings = trueCrossingsMs(motion, GATE_S[0]);

/** Our detection on an imported session against its logger laps. */
function lapsAgreement(session: ImportedSession) {
  const detection = detectLaps(session.positions, gatePoints(), 12);
  return compareLoggerLaps(detection.startFinishMs, crossingsOf(session));
}

describe('MoTeC i2 CSV export (written from its documented layout)', () => {
  it('reads quoted cells, the dd/mm/yyyy Log Date, Ground Speed and its beacon markers', () => {
    const text = writeMotecCsv(truth, START, crossings);
    expect(detectImportFormat('x.csv', text)).toBe('motec-csv');
    const session = importMotecCsv(text);
    expect(session.startedAt).toBe('2026-04-12T21:57:00.000');
    expect(session.issues).toEqual([]);
    expectSamePositions(session.positions, truth, 6);
    expect(crossingsOf(session)).toHaveLength(crossings.length);
    const c = lapsAgreement(session);
    expect(c.matches).toHaveLength(crossings.length - 1);
    expect(c.maxAbsDiffMs).toBeLessThan(2);
  });

  it('reads CRLF line ends and refuses a MoTeC file without GPS channels, naming them', () => {
    const text = writeMotecCsv(truth, START, crossings).replace(/\n/g, '\r\n');
    expect(importMotecCsv(text).positions.count).toBe(truth.count);
    const noGps = text.replace('"GPS Latitude","GPS Longitude"', '"Lat G","Long G"');
    expect(reasonOf(() => importMotecCsv(noGps)).message).toBe('The MoTeC CSV file has no GPS Latitude and GPS Longitude channel.');
  });
});

describe('RaceChrono CSV v2 (written from its documented layout)', () => {
  it('reads unix timestamps, units in brackets and the lap numbers as the logger laps', () => {
    const text = writeRaceChronoV2(truth, START, crossings);
    expect(detectImportFormat('x.csv', text)).toBe('racechrono-csv-v2');
    const session = importRaceChronoCsvV2(text);
    expect(session.startedAt).toBe(new Date(START).toISOString());
    expect(session.issues).toEqual([]);
    expectSamePositions(session.positions, truth, 6);
    const c = lapsAgreement(session);
    expect(c.matches).toHaveLength(crossings.length - 1);
    // The row RaceChrono writes at each crossing gives it exactly (to the written ms).
    expect(c.maxAbsDiffMs).toBeLessThan(2);
  });

  it('names the missing column', () => {
    const text = writeRaceChronoV2(truth, START, crossings).replace('Longitude (deg)', 'Lng');
    expect(reasonOf(() => importRaceChronoCsvV2(text)).message).toBe('The RaceChrono CSV v2 file has no Longitude column.');
  });
});

describe('RaceChrono CSV v3 lap numbers (real Tianma export)', () => {
  it("keeps RaceChrono's own crossings, whose lap matches the lap_number rows", () => {
    const session = importRaceChronoCsv(read('tianma-racechrono-lap9-v3.csv'));
    expect(session.loggerLaps).toHaveLength(1);
    const detection = detectLaps(session.positions, [gateFromLoggerLaps(session.positions, crossingsOf(session)) ?? { lat: 0, lon: 0 }], 20);
    const c = compareLoggerLaps(detection.startFinishMs, crossingsOf(session));
    expect(c.matches).toHaveLength(1);
    expect(c.maxAbsDiffMs).toBeLessThan(20);
  });
});

describe('TrackAddict CSV (written from its documented layout)', () => {
  it('keeps only the rows with a new GPS fix, reads UTC Time and mph, and its Lap column as the logger laps', () => {
    const tenHz = everyKth(truth, 5);
    const text = writeTrackAddict(tenHz, START, crossings, { sensorsPerFix: 4 });
    expect(detectImportFormat('x.csv', text)).toBe('trackaddict-csv');
    const session = importTrackAddictCsv(text);
    expect(session.issues).toEqual([]);
    expect(session.startedAt).toBe(new Date(START).toISOString());
    expectSamePositions(session.positions, tenHz, 6);
    const c = lapsAgreement(session);
    expect(c.matches).toHaveLength(crossings.length - 1);
    // The app's lap number changes on a sensor row: its crossing is as late as one row (50 ms at 20 rows/s).
    expect(c.maxAbsDiffMs).toBeLessThan(60);
  });

  it('dates a file without UTC Time by the fallback date, and refuses it without one', () => {
    const text = writeTrackAddict(truth, START, crossings, { withoutUtc: true }).replace(/\n/g, '\r\n');
    expect(reasonOf(() => importTrackAddictCsv(text)).reason).toBe('missing-date');
    const session = importTrackAddictCsv(text, { fallbackDate: START });
    expect(session.startedAt).toBe(new Date(START).toISOString());
    expect(session.positions.count).toBe(truth.count);
  });
});

describe("Harry's LapTimer CSV (written from the app author's column description)", () => {
  for (const style of ['units-in-names', 'units-in-brackets'] as const) {
    it(`reads the ${style} header, dd-MON-yy dates across midnight and LAPINDEX as the logger laps`, () => {
      const text = writeHarrys(truth, START + 2 * 60_000, crossings, style);
      expect(detectImportFormat('x.csv', text)).toBe('harrys-csv');
      const session = importHarrysCsv(text);
      expect(session.issues).toEqual([]);
      expect(session.startedAt).toBe('2026-04-12T21:59:00.000');
      expectSamePositions(session.positions, truth, 6);
      const c = lapsAgreement(session);
      expect(c.matches).toHaveLength(crossings.length - 1);
      expect(c.maxAbsDiffMs).toBeLessThan(12);
    });
  }

  it('names the missing column', () => {
    const text = writeHarrys(truth, START, crossings, 'units-in-names').replace('LATITUDE', 'LAT');
    expect(reasonOf(() => importHarrysCsv(text)).message).toBe("The Harry's LapTimer CSV file has no LATITUDE column.");
  });
});

describe('RaceBox CSV export (written from the layout third-party readers describe)', () => {
  it('finds the telemetry table after the session rows, reads ISO times, km/h and the Lap column', () => {
    const text = writeRaceBox(truth, START, crossings);
    expect(detectImportFormat('x.csv', text)).toBe('racebox-csv');
    const session = importRaceBoxCsv(text);
    expect(session.issues).toEqual([]);
    expect(session.startedAt).toBe(new Date(START).toISOString());
    expectSamePositions(session.positions, truth, 6);
    const c = lapsAgreement(session);
    expect(c.matches).toHaveLength(crossings.length - 1);
    expect(c.maxAbsDiffMs).toBeLessThan(45);
  });

  it('reports damaged rows by line and keeps the rest', () => {
    const lines = writeRaceBox(truth, START, crossings).split('\r\n');
    const header = lines.findIndex((l) => l.startsWith('Record,'));
    lines[header + 10] = lines[header + 10].replace(/,\d+\.\d+,/, ',91.5,');
    lines[header + 20] = '21,not a time,1,2';
    const session = importRaceBoxCsv(lines.join('\r\n'));
    expect(session.issues).toEqual([
      { line: header + 11, reason: 'bad latitude or longitude' },
      { line: header + 21, reason: 'bad time' },
    ]);
    expect(session.positions.count).toBe(truth.count - 2);
  });
});

describe('detection among all formats', () => {
  it('tells every new format apart by content, whatever the extension, and names the known ones for a stranger', () => {
    const files: [string, string][] = [
      ['aim-csv', read(AIM).slice(0, 4000)],
      ['motec-csv', writeMotecCsv(everyKth(truth, 100), START, crossings)],
      ['racechrono-csv-v2', writeRaceChronoV2(everyKth(truth, 100), START, crossings)],
      ['trackaddict-csv', writeTrackAddict(everyKth(truth, 100), START, crossings)],
      ['harrys-csv', writeHarrys(everyKth(truth, 100), START, crossings, 'units-in-names')],
      ['racebox-csv', writeRaceBox(everyKth(truth, 100), START, crossings)],
      ['alfano-csv', writeAlfano(everyKth(truth, 100), START, crossings, { style: 'eu' })],
    ];
    for (const [source, text] of files) {
      expect(detectImportFormat('data.txt', text)).toBe(source);
      expect(detectImportFormat('data.vbo', text)).toBe(source);
    }
    const stranger = reasonOf(() => importFile('notes.csv', 'a,b\n1,2\n'));
    expect(stranger.reason).toBe('unknown-format');
    expect(stranger.message).toContain('AiM Race Studio CSV');
    expect(stranger.message).toContain("Harry's LapTimer CSV");
    expect(stranger.message).toContain('Alfano CSV');
  });
});
