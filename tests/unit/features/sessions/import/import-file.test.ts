import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zoneOffsetMinutes } from '../../../../../src/domain/value-format/wall-clock';
import { prepareImport } from '../../../../helpers/prepare-import';
import { groupImportFiles, looksLikeAstroLaps } from '../../../../../src/features/sessions/import/import-groups';
import { parseLapsText } from '../../../../../src/domain/parse-laps';
import { parsePositionsText } from '../../../../../src/domain/parse-positions';
import { parseSessionFileName } from '../../../../../src/domain/value-format/session-name';
import { circuit } from '../shared/fake-sessions-port';

const fixture = (name: string) => readFileSync(new URL(`../../../../fixtures/real-logs/${name}`, import.meta.url), 'utf8');

const rustavi = {
  ...circuit(7, 'Rustavi International Motorpark'),
  coordinates: '41.569854;44.949280;41.573961;44.946128;41.571486;44.951924',
  size: 30,
  country: { id: 3, name: 'Georgia', timezone: 'Asia/Tbilisi' },
};
const braga = { ...circuit(1, 'Kartodromo de Braga'), coordinates: '41.5891;-8.4483', size: 12 };

describe('session import', () => {
  it('imports the real Rustavi VBO: picks the circuit by location, detects laps and writes device texts', async () => {
    const prepared = await prepareImport('rustavi.vbo', fixture('rustavi-dragy-25hz-trimmed.vbo'), [braga, rustavi]);
    expect(prepared.source).toBe('vbo');
    expect(prepared.circuit?.id).toBe(7);
    // The trimmed log holds three flying laps (134-144 s each for this car), a slow lap into the pits, an out lap.
    const flying = prepared.laps.slice(0, 3);
    expect(flying.map((l) => l.lapNumber)).toEqual([1, 2, 3]);
    for (const lap of flying) {
      expect(lap.timeMs).toBeGreaterThan(130_000);
      expect(lap.timeMs).toBeLessThan(148_000);
    }
    expect(prepared.laps.at(-1)?.lapName).toBe('In Lap');
    // The texts read back as a device session with the same laps.
    const laps = parseLapsText(prepared.lapsText);
    expect(laps.issues).toEqual([]);
    expect(laps.laps.map((l) => l.lapNumber)).toEqual(prepared.laps.map((l) => l.lapNumber));
    const positions = parsePositionsText(prepared.nmeaText);
    expect(positions.corruptLines).toBe(0);
    const name = parseSessionFileName(prepared.fileName);
    expect(name.circuitName).toBe('Rustavi International Motorpark');
  });

  it('names the file in the circuit local time (Tbilisi is UTC+4)', async () => {
    const prepared = await prepareImport('rustavi.vbo', fixture('rustavi-dragy-25hz-trimmed.vbo'), [rustavi]);
    const name = parseSessionFileName(prepared.fileName);
    const start = new Date(prepared.startedAt);
    expect((name.hour - start.getUTCHours() + 24) % 24).toBe(4);
  });

  it('names a trace far from every circuit after its file, with laps from a proposed start/finish', async () => {
    const prepared = await prepareImport('rustavi.vbo', fixture('rustavi-dragy-25hz-trimmed.vbo'), [braga]);
    expect(prepared.circuit).toBeNull();
    expect(prepared.lapSource).toBe('proposed');
    expect(prepared.laps.length).toBeGreaterThan(3);
    expect(parseSessionFileName(prepared.fileName).circuitName).toBe('rustavi');
  });

  it('refuses content that is none of the formats', async () => {
    await expect(prepareImport('notes.txt', 'hello world\nnot a log', [rustavi])).rejects.toThrow();
  });

  it('computes a zone offset and gives null for an unknown zone', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-03-01T08:05:00.000Z'), 'Asia/Tbilisi')).toBe(240);
    expect(zoneOffsetMinutes(Date.parse('2026-07-01T08:05:00.000Z'), 'Europe/Lisbon')).toBe(60);
    expect(zoneOffsetMinutes(Date.parse('2026-03-01T08:05:00.000Z'), 'Not/AZone')).toBeNull();
  });

  it('pairs an ASTRO laps file with its nmea file and imports the device laps as they are', async () => {
    const nmea = '1;0;41.5700;44.9490;80.0\n1;40;41.5701;44.9491;81.0\n2;80;41.5702;44.9492;82.0\n';
    const laps = '1;1;61000;20000;20000;21000;120.5;60.2\n2;2;0;0;0;0;90.0;10.0\n';
    expect(looksLikeAstroLaps(laps)).toBe(true);
    expect(looksLikeAstroLaps(nmea)).toBe(false);
    expect(looksLikeAstroLaps('<gpx></gpx>')).toBe(false);
    const vbo = { name: 'rustavi.vbo', text: fixture('rustavi-dragy-25hz-trimmed.vbo') };
    const a = { name: '20260412_1030_Braga.nmea', text: nmea };
    const aLaps = { name: '20260412_1030_Braga.laps', text: laps };
    const b = { name: '20260413_0900_Braga', text: nmea };
    const lonely = { name: '20260101_0900_Other.laps', text: laps };
    // Matched by base name; the VBO stands alone; a laps file without its nmea is reported.
    const grouped = groupImportFiles([aLaps, vbo, a, b, lonely]);
    expect(grouped.imports).toEqual([{ file: vbo }, { file: a, laps: aLaps }, { file: b }]);
    expect(grouped.lapsWithoutPositions).toEqual([lonely]);
    // One of each, whatever their names: they belong together.
    expect(groupImportFiles([{ name: 'x', text: nmea }, { name: 'y', text: laps }]).imports).toEqual([{ file: { name: 'x', text: nmea }, laps: { name: 'y', text: laps } }]);
    // The device's laps are kept (lap 2 with time 0 is the invalid in-lap).
    const prepared = await prepareImport(a.name, a.text, [], undefined, aLaps.text);
    expect(prepared.source).toBe('astro');
    expect(prepared.laps.map((l) => [l.lapNumber, l.timeMs])).toEqual([
      [1, 61000],
      [2, 0],
    ]);
  });
});
