import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { detectLaps } from '../../../../src/domain/detection/detect-laps';
import { CSV_HEADER, exportCsv } from '../../../../src/domain/file-formats/export-csv';
import { exportGpx } from '../../../../src/domain/file-formats/export-gpx';
import { exportKml } from '../../../../src/domain/file-formats/export-kml';
import type { ExportableSession } from '../../../../src/domain/file-formats/export-common';
import { importGpx } from '../../../../src/domain/file-formats/import-gpx';
import type { PositionColumns } from '../../../../src/domain/session-types';
import { parseXml } from './xml-check';
import { gatePoints, sample, wavyMotion } from '../synthetic-track';

function lappedSession(): ExportableSession {
  const positions = sample(wavyMotion(30, 6, 17, 100));
  positions.lap.set(detectLaps(positions, gatePoints(), 30).lapOfFix);
  return { name: 'Braga & <Friends>', startedAt: '2026-04-12T10:30:00.000Z', positions };
}

const lapsOf = (p: PositionColumns) => [...new Set(p.lap)];

describe('the xml check used below', () => {
  it('rejects what is not well-formed', () => {
    expect(() => parseXml('<a><b></a></b>')).toThrow();
    expect(() => parseXml('<a x=1></a>')).toThrow();
    expect(() => parseXml('<a>&</a>')).toThrow();
    expect(() => parseXml('<a></a><b/>')).toThrow();
    expect(() => parseXml('<a>')).toThrow();
    expect(() => parseXml('<a>\u0001</a>')).toThrow();
    expect(parseXml('<?xml version="1.0"?><a k="&amp;"><b/>x &lt; y</a>').map((e) => e.name)).toEqual(['a', 'b']);
  });
});

describe('CSV export', () => {
  it('writes a header and one row per fix that reads back to the same values', () => {
    const session = lappedSession();
    const { positions } = session;
    const lines = exportCsv(session).trimEnd().split('\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.length).toBe(positions.count + 1);
    // Largest difference per column over all rows (one assertion per column keeps the test fast).
    const worst = { lap: 0, time: 0, utc: 0, lat: 0, lon: 0, speed: 0, distance: 0 };
    lines.slice(1).forEach((line, i) => {
      const [lap, time, utc, lat, lon, speed, distance] = line.split(',');
      worst.lap = Math.max(worst.lap, Math.abs(Number(lap) - positions.lap[i]));
      worst.time = Math.max(worst.time, Math.abs(Number(time) - (positions.timeMs[i] - positions.timeMs[0])));
      worst.utc = Math.max(worst.utc, Math.abs(Date.parse(utc) - (Date.parse(session.startedAt) + positions.timeMs[i])));
      worst.lat = Math.max(worst.lat, Math.abs(Number(lat) - positions.lat[i]));
      worst.lon = Math.max(worst.lon, Math.abs(Number(lon) - positions.lon[i]));
      worst.speed = Math.max(worst.speed, Math.abs(Number(speed) - positions.speedKmh[i]));
      worst.distance = Math.max(worst.distance, Math.abs(Number(distance) - positions.distanceM[i]));
    });
    expect(worst.lap).toBe(0);
    expect(worst.time).toBeLessThan(5e-4);
    expect(worst.utc).toBe(0);
    expect(worst.lat).toBeLessThan(5e-8);
    expect(worst.lon).toBeLessThan(5e-8);
    expect(worst.speed).toBeLessThan(5e-3);
    expect(worst.distance).toBeLessThan(5e-3);
  });

  it('exports one lap alone, its distance from the lap start', () => {
    const session = lappedSession();
    const lines = exportCsv(session, { lap: 2 }).trimEnd().split('\n').slice(1);
    const count = session.positions.lap.filter((l) => l === 2).length;
    expect(lines.length).toBe(count);
    expect(lines.every((l) => l.startsWith('2,'))).toBe(true);
    expect(lines[0].split(',')[6]).toBe('0');
  });
});

describe('GPX export', () => {
  it('is well-formed GPX 1.1 with one segment per lap and an escaped name', () => {
    const session = lappedSession();
    const elements = parseXml(exportGpx(session));
    const root = elements[0];
    expect(root.name).toBe('gpx');
    expect(root.attrs.version).toBe('1.1');
    expect(root.attrs.xmlns).toBe('http://www.topografix.com/GPX/1/1');
    expect(elements.filter((e) => e.name === 'trkseg').length).toBe(lapsOf(session.positions).length);
    expect(elements.filter((e) => e.name === 'trkpt').length).toBe(session.positions.count);
    expect(elements.find((e) => e.name === 'name')!.text).toBe('Braga & <Friends>');
  });

  it('imports back to the same positions, times and speeds', () => {
    const session = lappedSession();
    const back = importGpx(exportGpx(session));
    expect(back.positions.count).toBe(session.positions.count);
    expect(back.startedAt).toBe(session.startedAt);
    for (let i = 0; i < back.positions.count; i += 7) {
      expect(back.positions.lat[i]).toBeCloseTo(session.positions.lat[i], 7);
      expect(back.positions.lon[i]).toBeCloseTo(session.positions.lon[i], 7);
      expect(back.positions.timeMs[i]).toBe(session.positions.timeMs[i]);
      expect(Math.abs(back.positions.speedKmh[i] - session.positions.speedKmh[i])).toBeLessThan(0.01);
    }
  });

  it('exports a single lap as one segment', () => {
    const session = lappedSession();
    const elements = parseXml(exportGpx(session, { lap: 1 }));
    expect(elements.filter((e) => e.name === 'trkseg').length).toBe(1);
    expect(elements.filter((e) => e.name === 'trkpt').length).toBe(session.positions.lap.filter((l) => l === 1).length);
  });
});

describe('KML export', () => {
  it('is well-formed KML 2.2 with a placemark per lap whose coordinates read back', () => {
    const session = lappedSession();
    const elements = parseXml(exportKml(session));
    expect(elements[0].name).toBe('kml');
    expect(elements[0].attrs.xmlns).toBe('http://www.opengis.net/kml/2.2');
    const placemarks = elements.filter((e) => e.name === 'Placemark');
    const laps = lapsOf(session.positions);
    expect(placemarks.length).toBe(laps.length);
    const names = elements.filter((e) => e.name === 'name' && e.parent?.name === 'Placemark').map((e) => e.text);
    expect(names).toEqual(laps.map((l) => (l === 0 ? 'Out lap' : `Lap ${l}`)));
    const coordinates = elements.filter((e) => e.name === 'coordinates').flatMap((e) => e.text.trim().split(/\s+/));
    expect(coordinates.length).toBe(session.positions.count);
    coordinates.forEach((tuple, i) => {
      const [lon, lat] = tuple.split(',').map(Number);
      expect(lon).toBeCloseTo(session.positions.lon[i], 7);
      expect(lat).toBeCloseTo(session.positions.lat[i], 7);
    });
    for (const span of elements.filter((e) => e.name === 'TimeSpan')) {
      const [begin, end] = elements.filter((e) => e.parent === span).map((e) => Date.parse(e.text));
      expect(end).toBeGreaterThanOrEqual(begin);
    }
  });
});

describe('exports of any session', () => {
  const sessions = fc
    .record({
      count: fc.integer({ min: 1, max: 60 }),
      lat: fc.double({ min: -85, max: 85, noNaN: true }),
      lon: fc.double({ min: -179, max: 179, noNaN: true }),
      seed: fc.integer(),
      name: fc.string({ unit: 'binary' }),
    })
    .map(({ count, lat, lon, seed, name }): ExportableSession => {
      let s = seed;
      const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
      const positions: PositionColumns = {
        count,
        lap: Int32Array.from({ length: count }, (_, i) => Math.floor((i * 3) / count)),
        timeMs: Float64Array.from({ length: count }, (_, i) => i * 40),
        lat: Float64Array.from({ length: count }, () => lat + next() * 0.01),
        lon: Float64Array.from({ length: count }, () => lon + next() * 0.01),
        speedKmh: Float32Array.from({ length: count }, () => next() * 300),
        distanceM: Float64Array.from({ length: count }, (_, i) => i * 3),
      };
      return { name, startedAt: '2026-01-01T00:00:00.000Z', positions };
    });

  it('are well-formed XML, GPX re-imports to the same fixes and CSV has a row per fix', () => {
    fc.assert(
      fc.property(sessions, (session) => {
        parseXml(exportKml(session));
        const gpx = exportGpx(session);
        parseXml(gpx);
        const back = importGpx(gpx);
        expect(back.positions.count).toBe(session.positions.count);
        for (let i = 0; i < back.positions.count; i++) {
          expect(Math.abs(back.positions.lat[i] - session.positions.lat[i])).toBeLessThan(1e-7);
          expect(Math.abs(back.positions.speedKmh[i] - session.positions.speedKmh[i])).toBeLessThan(0.01);
        }
        expect(exportCsv(session).trimEnd().split('\n').length).toBe(session.positions.count + 1);
      }),
      { numRuns: 60 },
    );
  });
});
