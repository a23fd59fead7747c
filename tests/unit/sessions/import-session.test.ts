import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseImportFile, pickCircuit, prepareImport, wallClock } from '../../../src/features/sessions/import-session';
import { parseLapsText } from '../../../src/domain/parse-laps';
import { parsePositionsText } from '../../../src/domain/parse-positions';
import { parseSessionFileName } from '../../../src/domain/format/session-name';
import { circuit } from './fake-sessions-port';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/real-logs/${name}`, import.meta.url), 'utf8');

const rustavi = {
  ...circuit(7, 'Rustavi International Motorpark'),
  coordinates: '41.569854;44.949280;41.573961;44.946128;41.571486;44.951924',
  size: 30,
  country: { id: 3, name: 'Georgia', timezone: 'Asia/Tbilisi' },
};
const braga = { ...circuit(1, 'Kartodromo de Braga'), coordinates: '41.5891;-8.4483', size: 12 };

describe('session import', () => {
  it('imports the real Rustavi VBO: picks the circuit by location, detects laps and writes device texts', () => {
    const prepared = prepareImport(fixture('rustavi-dragy-25hz-trimmed.vbo'), [braga, rustavi]);
    expect(prepared.source).toBe('vbo');
    expect(prepared.circuit?.id).toBe(7);
    // The trimmed log holds three flying laps (134-144 s each for this car), a slow lap into the pits, an out lap.
    const flying = prepared.laps.slice(0, 3);
    expect(flying.map((l) => l.lapNumber)).toEqual([1, 2, 3]);
    for (const lap of flying) {
      expect(lap.timeMs).toBeGreaterThan(130_000);
      expect(lap.timeMs).toBeLessThan(148_000);
      expect(lap.sectorsMs.reduce((a, b) => a + b, 0)).toBeCloseTo(lap.timeMs, -1);
    }
    expect(prepared.laps.at(-1)?.lapName).toBe('In Lap');
    // The texts read back as a device session with the same laps.
    const laps = parseLapsText(prepared.lapsText);
    expect(laps.issues).toEqual([]);
    expect(laps.laps.map((l) => l.lapNumber)).toEqual(prepared.laps.map((l) => l.lapNumber));
    const positions = parsePositionsText(prepared.nmeaText);
    expect(positions.corruptLines).toBe(0);
    expect(new Set(positions.positions.lap).size).toBeGreaterThan(1);
    const name = parseSessionFileName(prepared.filename);
    expect(name.circuitName).toBe('Rustavi International Motorpark');
  });

  it('keeps a trace far from every circuit, with no laps and an Imported name', () => {
    const prepared = prepareImport(fixture('rustavi-dragy-25hz-trimmed.vbo'), [braga]);
    expect(prepared.circuit).toBeNull();
    expect(prepared.laps).toEqual([]);
    expect(parseSessionFileName(prepared.filename).circuitName).toBe('Imported');
  });

  it('recognises RaceChrono CSV v3 by its content', () => {
    expect(parseImportFile(fixture('tianma-racechrono-lap9-v3.csv')).source).toBe('racechrono-csv');
  });

  it('reads ASTRO position files and refuses unknown content', () => {
    const astro = '1;0;41.5;-8.6;50\n1;40;41.5001;-8.6;51\n';
    expect(parseImportFile(astro, Date.UTC(2026, 0, 1)).source).toBe('astro');
    expect(() => parseImportFile('hello world\nnot a log')).toThrow(/not ASTRO, VBO/);
    expect(() => parseImportFile('   ')).toThrow(/empty/);
  });

  it('picks nothing for an empty trace and names the session in the circuit local time', () => {
    expect(pickCircuit({ count: 0, lap: new Int32Array(), timeMs: new Float64Array(), lat: new Float64Array(), lon: new Float64Array(), speedKmh: new Float32Array(), distanceM: new Float64Array() }, [rustavi])).toBeNull();
    expect(wallClock('2026-03-01T08:05:00.000Z', 'Asia/Tbilisi')).toEqual({ year: 2026, month: 3, day: 1, hour: 12, minute: 5 });
    expect(wallClock('2026-03-01T08:05:00.000Z', 'Not/AZone')).toEqual({ year: 2026, month: 3, day: 1, hour: 8, minute: 5 });
  });
});
