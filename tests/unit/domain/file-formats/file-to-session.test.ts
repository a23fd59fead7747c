import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importAstro } from '../../../../src/domain/file-formats/import-astro';
import { finishImport } from '../../../../src/domain/file-formats/time-import';
import { importFile } from '../../../../src/domain/file-formats/read-import-file';
import { importFileName } from '../../../../src/domain/file-formats/import-file-name';
import { pickCircuit, type CircuitCandidate } from '../../../../src/domain/file-formats/pick-circuit';
import { parseLapsText } from '../../../../src/domain/parse-laps';
import { parsePositionsText } from '../../../../src/domain/parse-positions';
import { serializeLaps, serializePositions } from '../../../../src/domain/serialize-session';
import { detectLaps } from '../../../../src/domain/detection/detect-laps';
import { formatCoordinates } from '../../../../src/domain/value-format/coordinates';
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import { ORIGIN, gatePoints, sample, wavyMotion } from '../synthetic-track';

const FIXTURES = new URL('../../../fixtures/real-logs/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

// Gates as seeded on the server (server/db/seed-data/circuits.ts), copied so this test does not follow edits there.
const RUSTAVI: CircuitCandidate = {
  id: 7,
  name: 'Rustavi International Motorpark',
  coordinates: '41.569854;44.949280;41.573961;44.946128;41.571486;44.951924',
  size: 30,
};
const TIANMA: CircuitCandidate = { id: 8, name: 'Tianma Circuit', coordinates: '31.078935;121.115132;31.075716;121.115723;31.078519;121.114660', size: 20 };
const BRAGA: CircuitCandidate = { id: 1, name: 'Kartodromo de Braga', coordinates: '41.5608;-8.3975', size: 15 };
const BROKEN: CircuitCandidate = { id: 2, name: 'Broken', coordinates: 'not;coordinates', size: 15 };

describe('circuit auto-pick', () => {
  it('picks the circuit whose start gate is nearest the trace, within 2 km', () => {
    const session = importFile('rustavi.vbo', read('rustavi-dragy-25hz-trimmed.vbo'));
    const picked = pickCircuit(session.positions, [BROKEN, BRAGA, TIANMA, RUSTAVI]);
    expect(picked?.circuit.id).toBe(7);
    expect(picked!.distanceM).toBeLessThan(10);
    expect(pickCircuit(session.positions, [BRAGA, TIANMA])).toBeNull();
  });

  it('prefers the nearer of two circuits in reach', () => {
    const positions = sample(wavyMotion(30, 0, 10, 60));
    const near: CircuitCandidate = { id: 'near', name: 'Near', coordinates: formatCoordinates(gatePoints()), size: 30 };
    const gate = gatePoints()[0];
    const other: CircuitCandidate = { id: 'other', name: 'Other', coordinates: `${gate.lat + 0.01};${gate.lon}`, size: 30 };
    expect(pickCircuit(positions, [other, near])?.circuit.id).toBe('near');
    expect(pickCircuit(positions, [other])?.circuit.id).toBe('other');
  });

  it('gives the distance to the nearest fix exactly as Math.hypot over every fix gives it', () => {
    const session = importFile('rustavi.vbo', read('rustavi-dragy-25hz-trimmed.vbo'));
    const p = session.positions;
    // Gates on the trace (distance 0 or nearly), beside it, and a few hundred metres off.
    for (const [k, dLat, dLon] of [[0, 0, 0], [1234, 0.00001, -0.00002], [5000, 0.002, 0.001], [p.count - 1, -0.003, 0.0005]] as const) {
      const gate = { lat: p.lat[k] + dLat, lon: p.lon[k] + dLon };
      const projection = createLocalProjection(gate.lat, gate.lon);
      let expected = Infinity;
      for (let i = 0; i < p.count; i++) expected = Math.min(expected, Math.hypot(projection.x(p.lon[i]), projection.y(p.lat[i])));
      const circuit: CircuitCandidate = { id: k, name: 'Gate', coordinates: `${gate.lat};${gate.lon}`, size: 30 };
      expect(pickCircuit(p, [circuit])?.distanceM).toBe(expected);
    }
  });
});

describe('circuit reach', () => {
  it('reaches 2 km from the trace and no further', () => {
    const positions = sample(wavyMotion(30, 0, 10, 60));
    const projection = createLocalProjection(ORIGIN.lat, ORIGIN.lon);
    // The top straight runs at y = 100 m; a gate due north of it at 1.9 km is in reach, at 2.1 km it is not.
    const at = (northM: number): CircuitCandidate => ({ id: northM, name: 'N', coordinates: `${projection.lat(100 + northM)};${ORIGIN.lon}`, size: 20 });
    const inReach = pickCircuit(positions, [at(1900)]);
    expect(inReach?.circuit.id).toBe(1900);
    expect(Math.abs(inReach!.distanceM - 1900)).toBeLessThan(2);
    expect(pickCircuit(positions, [at(2100)])).toBeNull();
  });
});

describe('finishing an import', () => {
  it('detects the laps of the real VBO from the picked circuit and writes device files that parse back', () => {
    const imported = importFile('rustavi.vbo', read('rustavi-dragy-25hz-trimmed.vbo'));
    const done = finishImport(imported, [BRAGA, RUSTAVI], { utcOffsetMinutes: 240 });
    expect(done.circuit?.id).toBe(7);
    expect(done.fileName).toBe('20260117_1031_Rustavi International Motorpark');
    const flying = done.laps.filter((l) => l.timeMs > 130_000 && l.timeMs < 144_000);
    expect(flying.length).toBeGreaterThanOrEqual(3);
    expect(done.laps.at(-1)!.lapName).toBe('In Lap');

    const laps = parseLapsText(done.lapsText);
    expect(laps.issues).toEqual([]);
    expect(laps.laps.map((l) => [l.lapNumber, l.timeMs, l.sectorsMs])).toEqual(done.laps.map((l) => [l.lapNumber, l.timeMs, l.sectorsMs]));
    const positions = parsePositionsText(done.nmeaText);
    expect(positions.issues).toEqual([]);
    expect(positions.positions.count).toBe(imported.positions.count);
    expect(Array.from(positions.positions.lap)).toEqual(Array.from(done.positions.lap));
    // The import's own columns are untouched.
    expect(imported.positions.lap.every((l) => l === 0)).toBe(true);
  });

  it('times laps from a start/finish proposed from the trace when no circuit is in reach', () => {
    const imported = importFile('rustavi.vbo', read('rustavi-dragy-25hz-trimmed.vbo'));
    const done = finishImport(imported, [BRAGA], { utcOffsetMinutes: 0, sourceName: 'rustavi.vbo' });
    expect(done.circuit).toBeNull();
    expect(done.lapSource).toBe('proposed');
    expect(done.proposal).not.toBeNull();
    expect(done.laps.length).toBeGreaterThan(3);
    expect(done.positions.lap.some((l) => l > 0)).toBe(true);
    expect(done.fileName).toBe('20260117_0631_rustavi');
  });

  it('keeps an ASTRO file’s own laps unless asked to re-time them from the gates', () => {
    const positions = sample(wavyMotion(30, 6, 17, 100));
    const circuit: CircuitCandidate = { id: 3, name: 'Synthetic', coordinates: formatCoordinates(gatePoints()), size: 30 };
    const detection = detectLaps(positions, gatePoints(), 30);
    positions.lap.set(detection.lapOfFix);
    const device = detection.records.map((r) => ({ ...r, timeMs: r.timeMs + 5 }));
    const imported = importAstro({ nmea: serializePositions(positions), laps: serializeLaps(device), fileName: '20260412_1030_Synthetic' });
    const kept = finishImport(imported, [circuit]);
    expect(kept.laps.map((l) => l.timeMs)).toEqual(device.map((l) => l.timeMs));
    expect(kept.fileName).toBe('20260412_1030_Synthetic');
    const redone = finishImport(imported, [circuit], { redetect: true });
    expect(redone.laps.map((l) => l.timeMs)).toEqual(detection.records.map((l) => l.timeMs));
  });

  it('detects the laps of an ASTRO nmea file picked without its laps file, and keeps its lap numbers with no circuit', () => {
    const positions = sample(wavyMotion(30, 6, 17, 100));
    const circuit: CircuitCandidate = { id: 3, name: 'Synthetic', coordinates: formatCoordinates(gatePoints()), size: 30 };
    const detection = detectLaps(positions, gatePoints(), 30);
    positions.lap.set(detection.lapOfFix);
    const imported = importAstro({ nmea: serializePositions(positions), fileName: '20260412_1030_Synthetic' });
    const done = finishImport(imported, [circuit]);
    expect(done.laps.length).toBeGreaterThan(2);
    expect(done.laps.map((l) => l.timeMs)).toEqual(detection.records.map((l) => l.timeMs));
    expect(parseLapsText(done.lapsText).laps).toHaveLength(done.laps.length);
    const nowhere = finishImport(imported, [TIANMA]);
    expect(nowhere.laps).toEqual([]);
    expect(Array.from(nowhere.positions.lap)).toEqual(Array.from(positions.lap));
  });

  it('names files from a zoned start in local wall-clock time', () => {
    expect(importFileName('2026-04-12T23:59:30.000Z', 'Braga', 60)).toBe('20260413_0059_Braga');
    expect(importFileName('2026-04-12T10:30:00', 'A/B', 600)).toBe('20260412_1030_A B');
  });
});
