import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { finishImport } from '../../../../src/domain/file-formats/time-import';
import { importFile } from '../../../../src/domain/file-formats/read-import-file';
import { pickCircuit, type CircuitCandidate } from '../../../../src/domain/file-formats/pick-circuit';
import { isImportError, type ImportError } from '../../../../src/domain/file-formats/import-errors';
import { prepareImport as prepareFromSource, type PrepareImportInput } from '../../../../src/domain/file-formats/prepare-import';
import { positionsTextFingerprint } from '../../../../src/domain/file-formats/positions-fingerprint';
import { bytesSource } from '../../../../src/domain/file-reading/byte-source';
import type { ImportedSession } from '../../../../src/domain/file-formats/import-types';
import { parseSessionFileName } from '../../../../src/domain/value-format/session-name';
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import { detectLaps } from '../../../../src/domain/detection/detect-laps';
import { ORIGIN, sample, trueCrossingsMs, wavyMotion } from '../synthetic-track';

const FIXTURES = new URL('../../../fixtures/real-logs/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const RUSTAVI_VBO = read('rustavi-dragy-25hz-trimmed.vbo');
const ROAD_AMERICA_VBO = read('roadamerica-vbox-hd2-25hz-trimmed.vbo');

// Gates as seeded on the server (server/db/seed-data/circuits.ts), copied so this test does not follow edits there.
const RUSTAVI: CircuitCandidate = {
  id: 7,
  name: 'Rustavi International Motorpark',
  coordinates: '41.569854;44.949280;41.573961;44.946128;41.571486;44.951924',
  size: 30,
  timeZone: 'Asia/Tbilisi',
};
/** The same start line with its sector gates in the other order: a reverse layout of the same venue. */
const RUSTAVI_REVERSE: CircuitCandidate = { ...RUSTAVI, id: 70, name: 'Rustavi Reverse', coordinates: '41.569854;44.949280;41.571486;44.951924;41.573961;44.946128' };

const prepareImport = (input: Omit<PrepareImportInput, 'source'> & { content: string | Uint8Array }) =>
  prepareFromSource({ ...input, source: bytesSource(typeof input.content === 'string' ? new TextEncoder().encode(input.content) : input.content) });

/** The error a call throws (fails the test when it throws none or something else). */
function refusal(run: () => unknown): ImportError {
  try {
    run();
  } catch (e) {
    if (isImportError(e)) return e;
    throw e;
  }
  throw new Error('expected an ImportError');
}

const vboWithColumns = (names: string) =>
  RUSTAVI_VBO.replace(/\[column names\]\r?\n[^\r\n]+/, `[column names]\n${names}`);

describe('VBO column names as the loggers write them', () => {
  it('reads a RaceBox export whose longitude column is lng, with the same fixes as long', () => {
    const long = importFile('a.vbo', RUSTAVI_VBO);
    const lng = importFile('racebox.vbo', vboWithColumns('sats time lat lng velocity'));
    expect(lng.positions.count).toBe(long.positions.count);
    expect(Array.from(lng.positions.lon.slice(0, 50))).toEqual(Array.from(long.positions.lon.slice(0, 50)));
  });

  it('reads every alias of time, latitude, longitude and speed', () => {
    for (const names of ['sats utc-time latitude longitude speed', 'sats time lat lon velocity-kmh', 'sats time lat long velocity_kmh']) {
      const session = importFile('x.vbo', vboWithColumns(names));
      expect(session.positions.count).toBeGreaterThan(20_000);
      expect(session.positions.speedKmh[5000]).toBeGreaterThan(0);
    }
  });

  it('names the missing column and the columns the file has when it refuses a file', () => {
    const error = refusal(() => importFile('x.vbo', vboWithColumns('sats time lat heading velocity')));
    expect(error.reason).toBe('missing-columns');
    expect(error.detail.missing).toEqual(['long']);
    expect(error.detail.found).toEqual(['sats', 'time', 'lat', 'heading', 'velocity']);
    expect(error.message).toContain('no long column');
  });

  it('names the missing section', () => {
    const error = refusal(() => importFile('x.vbo', RUSTAVI_VBO.replace('[data]', '[dat]')));
    expect(error.reason).toBe('missing-section');
    expect(error.detail.section).toBe('[data]');
  });
});

describe('the stored texts', () => {
  it('are the device texts finishImport writes, and the fingerprint is the one of the stored text read back', async () => {
    const prepared = await prepareImport({ fileName: 'rustavi.vbo', content: RUSTAVI_VBO, circuits: [RUSTAVI] });
    const finished = finishImport(importFile('rustavi.vbo', RUSTAVI_VBO), [RUSTAVI]);
    const nmea = new TextDecoder().decode(prepared.nmeaBytes);
    expect(nmea).toBe(finished.nmeaText);
    expect(prepared.lapsText).toBe(finished.lapsText);
    expect(prepared.contentHash).toBe(positionsTextFingerprint(nmea));
  });
});

describe('a session where no circuit is known', () => {
  it('is named after its file in the track time zone, never "Imported", and gets laps from a proposed start/finish', async () => {
    const prepared = await prepareImport({ fileName: 'Rustavi_saturday.vbo', content: new TextEncoder().encode(RUSTAVI_VBO), circuits: [] });
    const name = parseSessionFileName(prepared.fileName);
    expect(name.circuitName).toBe('Rustavi saturday');
    // The zone comes from the position (Georgia, UTC+4), whatever the zone of the machine running the test.
    expect(prepared.timeZone).toBe('Asia/Tbilisi');
    expect((name.hour - new Date(prepared.startedAt).getUTCHours() + 24) % 24).toBe(4);
    expect(prepared.lapSource).toBe('proposed');
    // The proposal sits on the circuit's racing line near the real start line, and times the three flying laps.
    const real = createLocalProjection(41.569854, 44.94928);
    expect(Math.hypot(real.x(prepared.proposal!.gate.lon), real.y(prepared.proposal!.gate.lat))).toBeLessThan(250);
    const flying = prepared.laps.filter((l) => l.timeMs > 130_000 && l.timeMs < 140_000);
    expect(flying.length).toBeGreaterThanOrEqual(3);
    expect(Array.from(prepared.positions.lap).some((l) => l > 0)).toBe(true);
  });

  it('times laps from a start/finish the racer placed', async () => {
    const racer = { gate: { lat: 41.569854, lon: 44.94928 }, widthM: 30 };
    const prepared = await prepareImport({ fileName: 'x.vbo', content: RUSTAVI_VBO, circuits: [], startFinish: racer });
    expect(prepared.lapSource).toBe('racer');
    const byCircuit = await prepareImport({ fileName: 'x.vbo', content: RUSTAVI_VBO, circuits: [RUSTAVI] });
    expect(prepared.laps.map((l) => l.timeMs)).toEqual(byCircuit.laps.map((l) => l.timeMs));
  });

  it('keeps no laps and proposes nothing for a trace that never comes round', () => {
    const projection = createLocalProjection(ORIGIN.lat, ORIGIN.lon);
    const count = 2000;
    const straight: ImportedSession = {
      positions: {
        count,
        lap: new Int32Array(count),
        timeMs: Float64Array.from({ length: count }, (_, i) => i * 40),
        lat: Float64Array.from({ length: count }, () => ORIGIN.lat),
        lon: Float64Array.from({ length: count }, (_, i) => projection.lon(i)),
        speedKmh: new Float32Array(count).fill(90),
        distanceM: Float64Array.from({ length: count }, (_, i) => i),
      },
      startedAt: '2026-07-04T08:03:00.000Z',
      source: 'gpx',
      issues: [],
    };
    const done = finishImport(straight, [], { sourceName: 'drive.gpx' });
    expect(done.proposal).toBeNull();
    expect(done.laps).toEqual([]);
    expect(done.fileName.endsWith('_drive')).toBe(true);
  });
});

describe('circuit choice by the whole trace', () => {
  it('picks the layout whose gates the trace crosses in order, whichever comes first in the list', () => {
    const session = importFile('rustavi.vbo', RUSTAVI_VBO);
    expect(pickCircuit(session.positions, [RUSTAVI_REVERSE, RUSTAVI])?.circuit.id).toBe(7);
    expect(pickCircuit(session.positions, [RUSTAVI, RUSTAVI_REVERSE])?.circuit.id).toBe(7);
    const done = finishImport(session, [RUSTAVI_REVERSE, RUSTAVI]);
    expect(done.circuit?.id).toBe(7);
    expect(done.laps.filter((l) => l.valid && l.lapName !== 'In Lap').every((l) => l.sectorsMs.every((s) => s > 0))).toBe(true);
  });
});

describe('gates the file brings', () => {
  it('times the Road America VBOX lap with the logger’s own gate: 1:54.96 within 20 ms', async () => {
    const prepared = await prepareImport({ fileName: 'roadamerica.vbo', content: ROAD_AMERICA_VBO, circuits: [] });
    expect(prepared.lapSource).toBe('file-gates');
    // VBOX writes the start as a point and a second point 4.8 m further along the straight.
    expect(prepared.fileGates?.styles).toEqual(['point']);
    const flying = prepared.laps.filter((l) => l.valid && l.lapName !== 'In Lap');
    expect(flying).toHaveLength(1);
    expect(Math.abs(flying[0].timeMs - 114_960)).toBeLessThanOrEqual(20);
    // Named in Wisconsin's time (CDT, UTC-5): the GPS time 19:43 UTC is 14:43 at the track.
    expect(prepared.timeZone).toBe('America/Chicago');
    expect(prepared.fileName.startsWith('20250801_14')).toBe(true);
  });

  it('keeps the circuit’s laps beside the file’s for comparison', async () => {
    const roadAmerica: CircuitCandidate = { id: 30, name: 'Road America', coordinates: '43.797907;-87.989638', size: 20 };
    const prepared = await prepareImport({ fileName: 'roadamerica.vbo', content: ROAD_AMERICA_VBO, circuits: [roadAmerica] });
    expect(prepared.circuit?.id).toBe(30);
    expect(prepared.lapSource).toBe('file-gates');
    expect(prepared.circuitLaps?.some((l) => l.valid && l.lapName !== 'In Lap')).toBe(true);
  });

  it('times a skewed line across the track where the line is, not where a squared gate through its centre would be', () => {
    const motion = wavyMotion(30, 5, 17, 200);
    const positions = sample(motion);
    const projection = createLocalProjection(ORIGIN.lat, ORIGIN.lon);
    const at = (x: number, y: number) => ({ lat: projection.lat(y), lon: projection.lon(x) });
    // A line from (0, -4) to (20, 16): it meets the racing line (y = 0) at x = 4, its centre is (10, 6).
    const imported: ImportedSession = {
      positions,
      startedAt: '2026-07-04T08:03:00.000Z',
      source: 'vbo',
      issues: [],
      fileGates: [{ kind: 'start', a: at(0, -4), b: at(20, 16), name: 'Start / Finish' }],
    };
    const done = finishImport(imported, []);
    expect(done.fileGates?.styles).toEqual(['line']);
    const truth = trueCrossingsMs(motion, 4);
    expect(done.detection!.startFinishMs.length).toBe(truth.length);
    done.detection!.startFinishMs.forEach((t, k) => expect(Math.abs(t - truth[k])).toBeLessThan(2));
    // Our squared gate through the same centre is crossed 6 m later: tens of milliseconds off.
    const squared = detectLaps(positions, [at(10, 6)], 30);
    expect(Math.abs(squared.startFinishMs[0] - truth[0])).toBeGreaterThan(100);
  });
});

describe('files that are not sessions', () => {
  const cases: [string, Uint8Array | string, ImportError['reason']][] = [
    ['empty.vbo', new Uint8Array(0), 'empty-file'],
    ['photo.vbo', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), 'unsupported-format'],
    ['dump.vbo', Uint8Array.from([0x01, 0x02, 0, 0, 0x7f, 0, 0x10, 0x11, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), 'binary'],
    ['notes.vbo', 'just some notes\nabout the weekend\n', 'missing-section'],
    ['notes.txt', 'just some notes\nabout the weekend\n', 'unknown-format'],
  ];
  for (const [name, content, reason] of cases) {
    it(`refuses ${name} as ${reason}`, () => {
      expect(refusal(() => importFile(name, content)).reason).toBe(reason);
    });
  }

  it('refuses a file whose every fix is off the planet, naming the first damaged line', () => {
    const rows = RUSTAVI_VBO.split(/\r?\n/);
    const data = rows.indexOf('[data]');
    // lat 91 degrees = 5460 minutes.
    const moved = rows.map((r, i) => (i > data && r.trim() !== '' ? r.replace(/ \+\d+\.\d+ /, ' +5460.000000 ') : r)).join('\n');
    const error = refusal(() => importFile('mars.vbo', moved));
    expect(error.reason).toBe('no-fixes');
    expect(error.detail.line).toBe(data + 2);
    expect(error.detail.lineReason).toBe('latitude or longitude out of range');
  });

  it('refuses a file with no GPS fix, naming the first line', () => {
    const rows = RUSTAVI_VBO.split(/\r?\n/);
    const data = rows.indexOf('[data]');
    const noFix = rows.map((r, i) => (i > data && r.trim() !== '' ? r.replace(/ [+-]\d+\.\d+ [+-]\d+\.\d+ /, ' +0.000000 +0.000000 ') : r)).join('\n');
    const error = refusal(() => importFile('nofix.vbo', noFix));
    expect(error.reason).toBe('no-fixes');
    expect(error.detail.lineReason).toBe('no fix');
  });

  it('keeps a truncated file up to its last whole line and reports the cut one', () => {
    const cut = RUSTAVI_VBO.slice(0, Math.floor(RUSTAVI_VBO.length / 2) + 7);
    const session = importFile('cut.vbo', cut);
    expect(session.positions.count).toBeGreaterThan(5000);
    expect(session.issues.at(-1)?.line).toBe(cut.split('\n').length);
  });
});
