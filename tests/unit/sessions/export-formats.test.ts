import { describe, expect, it } from 'vitest';
import { buildExport, exportFileName, lapRuns, toCsv, toGpx, toKml, xmlEscape } from '../../../src/features/sessions/export-formats';
import type { PositionColumns } from '../../../src/domain/session-types';

function columns(rows: [lap: number, timeMs: number, lat: number, lon: number, speed: number][]): PositionColumns {
  return {
    count: rows.length,
    lap: Int32Array.from(rows.map((r) => r[0])),
    timeMs: Float64Array.from(rows.map((r) => r[1])),
    lat: Float64Array.from(rows.map((r) => r[2])),
    lon: Float64Array.from(rows.map((r) => r[3])),
    speedKmh: Float32Array.from(rows.map((r) => r[4])),
    distanceM: Float64Array.from(rows.map((_, i) => i * 10)),
  };
}

const p = columns([
  [0, 0, 41.5, -8.6, 10],
  [1, 40, 41.5001, -8.6, 50],
  [1, 80, 0, 0, 50],
  [1, 120, 41.5002, -8.6001, 60.04],
  [2, 160, 41.5003, -8.6002, 70],
]);

describe('session export', () => {
  it('groups fixes by lap, skips fixes without a position and limits to one lap when asked', () => {
    expect(lapRuns(p, { lap: null })).toEqual([
      { lap: 0, indices: [0] },
      { lap: 1, indices: [1, 3] },
      { lap: 2, indices: [4] },
    ]);
    expect(lapRuns(p, { lap: 1 })).toEqual([{ lap: 1, indices: [1, 3] }]);
  });

  it('writes CSV with a header and one line per fix', () => {
    const csv = toCsv(p, { lap: 1 }).trim().split('\n');
    expect(csv).toEqual(['lap,time_ms,latitude,longitude,speed_kmh,distance_m', '1,40,41.5001000,-8.6000000,50.0,10.0', '1,120,41.5002000,-8.6001000,60.0,30.0']);
  });

  it('writes GPX 1.1 with one segment per lap and fix times from the session start', () => {
    const gpx = toGpx(p, { lap: null }, 'Braga <test>', Date.UTC(2026, 2, 1, 10, 0, 0));
    expect(gpx).toContain('<gpx version="1.1"');
    expect(gpx.match(/<trkseg>/g)).toHaveLength(3);
    expect(gpx).toContain('<trkpt lat="41.5001000" lon="-8.6000000"><time>2026-03-01T10:00:00.040Z</time></trkpt>');
    expect(gpx).toContain('<name>Braga &lt;test&gt;</name>');
    expect(toGpx(p, { lap: 2 }, 'x', null)).not.toContain('<time>');
  });

  it('writes KML with lon,lat,alt coordinates per lap', () => {
    const kml = toKml(p, { lap: 1 }, 'S');
    expect(kml).toContain('<coordinates>-8.6000000,41.5001000,0 -8.6001000,41.5002000,0</coordinates>');
    expect(kml).toContain('<name>Lap 1</name>');
    expect(buildExport(p, { lap: null }, 'kml', 'S', null)).toContain('<name>Out</name>');
  });

  it('makes safe file names and escapes XML', () => {
    expect(exportFileName('Braga 01/03/2026 10H00', { lap: 3 }, 'gpx')).toBe('Braga 01_03_2026 10H00_lap3.gpx');
    expect(exportFileName('', { lap: null }, 'csv')).toBe('session.csv');
    expect(xmlEscape(`a&b"'`)).toBe('a&amp;b&quot;&apos;');
  });
});
