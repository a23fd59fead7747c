import { describe, expect, it } from 'vitest';
import { importDovex, looksLikeDovex } from '../../../../src/domain/file-formats/import-dovex';
import { isImportError } from '../../../../src/domain/file-formats/import-errors';
import { detectImportFormat, importFile } from '../../../../src/domain/file-formats/read-import-file';

/**
 * Dove logs written the way the logger's firmware writes them (no real log could be found to copy): a 1 KiB
 * reserved header of CRLF lines padded with LF (dovex_header.cpp's format()), then the CSV the logging code writes
 * with println (CRLF).
 */
const T0 = Date.UTC(2026, 2, 14, 15, 0, 2);
const COLUMNS = 'timestamp,sats,hdop,lat,lng,speed_mph,altitude_m,heading_deg,h_acc_m,rpm,accel_x,accel_y,accel_z';

function rows(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${T0 + i * 40},12,0.8,${(28.41271 + i * 1e-5).toFixed(7)},-81.3796516,35.00,25.0,0.0,1.2,6000,0.12,0.00,1.00`);
}

function header(lapsMs: number[], size = 1024, pad = '\n'): string {
  let text = 'datetime,driver,course,short_name,best_lap_ms,optimal_ms\r\n2026-03-14 10:00:00,Mike,Normal,OKC,62345,61200\r\nlaps_ms\r\n';
  text += `${lapsMs.join(',')}\r\n`;
  return text + pad.repeat(size - text.length);
}

const dovex = (body = rows(50)) => header([65432, 64321, 62345]) + [COLUMNS, ...body].join('\r\n') + '\r\n';

describe('Dove / LapWing logs', () => {
  it('reads the fixes after the reserved header: epoch ms, degrees, mph', () => {
    const session = importDovex(dovex());
    const p = session.positions;
    expect(session.source).toBe('dovex');
    expect(p.count).toBe(50);
    expect(session.startedAt).toBe(new Date(T0).toISOString());
    expect(p.timeMs[49]).toBe(49 * 40);
    expect(p.lat[0]).toBe(28.41271);
    expect(p.lon[0]).toBe(-81.3796516);
    expect(p.speedKmh[0]).toBeCloseTo(35 * 1.609344, 4);
    expect(session.issues).toEqual([]);
  });

  it("keeps the header's lap list as the logger's own laps", () => {
    expect(importDovex(dovex()).loggerLaps).toEqual([
      { lapNumber: 1, durationMs: 65432 },
      { lapNumber: 2, durationMs: 64321 },
      { lapNumber: 3, durationMs: 62345 },
    ]);
  });

  it('reads a session never closed on the logger (header left as padding, LF or NUL) and a plain .dove CSV', () => {
    const unclosed = '\n'.repeat(1024) + [COLUMNS, ...rows(5)].join('\r\n');
    const nulPadded = '\0'.repeat(8192) + [COLUMNS, ...rows(5)].join('\n');
    const plain = [COLUMNS, ...rows(5)].join('\n');
    for (const text of [unclosed, nulPadded, plain]) {
      expect(looksLikeDovex(text)).toBe(true);
      const session = importDovex(text);
      expect(session.positions.count).toBe(5);
      expect(session.loggerLaps).toBeUndefined();
    }
  });

  it('is detected by content, before the generic CSV formats, whatever its name', () => {
    expect(detectImportFormat('session.txt', dovex())).toBe('dovex');
    expect(importFile('2026-03-14.csv', dovex()).source).toBe('dovex');
    expect(looksLikeDovex('timestamp,lat,lon,speed\n1,2,3,4')).toBe(false);
    expect(looksLikeDovex('name,driver\nfoo,bar\n' + COLUMNS)).toBe(false);
  });

  it('reports bad rows by their line in the file and keeps the rest', () => {
    const body = rows(6);
    body[1] = body[1].replace(/^\d+/, 'x');
    body[3] = `${T0 + 3 * 40},12,0.8,91.5,-81.3796516,35.00,25.0,0.0,1.2,6000,0.12,0.00,1.00`;
    const session = importDovex(dovex(body));
    expect(session.positions.count).toBe(4);
    // Line numbers count from the top of the file, the header's padding included.
    const headerLine = dovex(body).slice(0, dovex(body).indexOf('timestamp')).split('\n').length;
    expect(session.issues).toEqual([
      { line: headerLine + 2, reason: 'a value is not a number' },
      { line: headerLine + 4, reason: 'latitude or longitude out of range' },
    ]);
  });

  it('says a log without a single fix has none', () => {
    let caught: unknown;
    try {
      importDovex(header([]) + COLUMNS + '\r\n');
    } catch (error) {
      caught = error;
    }
    expect(isImportError(caught) && caught.reason).toBe('no-fixes');
  });
});
