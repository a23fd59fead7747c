/**
 * RaceChrono CSV v3 importer (RaceChrono Pro 'CSV v3' export).
 *
 * Layout: a preamble ('This file is created using RaceChrono...', 'Format,3', session details, a blank line),
 * then three rows naming the columns: header (names), units, and source ('100: gps', 'calc', '200: obd'...).
 * Names repeat across sources ('speed' from gps, calc and obd), so columns are chosen by name AND source:
 * `timestamp` (unix seconds), and the gps `latitude`, `longitude` (degrees) and `speed` (m/s).
 *
 * Only GPS rows become fixes. Rows from other sources leave the gps cells empty and are skipped; an export
 * with interpolated values fills every row, so then the GPS rows are recognised as the ones on the GPS
 * receiver's epoch grid (timestamps at multiples of 1 / `device_update_rate` s of the gps source), provided
 * that grid holds most of the expected fixes. Duplicate timestamps keep the first row.
 *
 * `lap_number` is RaceChrono's own lap: where it goes up, RaceChrono writes a row at its start/finish crossing,
 * so that row's time is the logger's crossing (kept as `loggerLaps`).
 */
import type { ParseIssue } from '../session-types';
import { ImportError } from './import-errors';
import { ColumnsBuilder, isoOf, splitLines } from './import-columns';
import { LapNumberCrossings, splitCells } from './csv-table';
import type { ImportedSession } from './import-types';

export function looksLikeRaceChronoCsv(text: string): boolean {
  const head = text.slice(0, 4096);
  return /^Format,3\s*$/m.test(head) || /^timestamp,/m.test(head);
}

interface RaceChronoTable {
  header: string[];
  units: string[];
  sources: string[];
  /** Index (0-based) in the file's lines of the first data row. */
  firstDataLine: number;
  lines: string[];
}

/** Finds the header/units/source rows; throws ImportError('bad-structure') when absent. */
function readRaceChronoTable(text: string): RaceChronoTable {
  const lines = splitLines(text);
  const h = lines.findIndex((l) => l.startsWith('timestamp,'));
  if (h < 0 || h + 2 >= lines.length) {
    throw new ImportError('bad-structure', 'Not a RaceChrono CSV v3 file: no header row starting with timestamp.');
  }
  const format = lines.slice(0, h).find((l) => l.startsWith('Format,'));
  if (format && format.trim() !== 'Format,3') {
    throw new ImportError('bad-structure', `Unsupported RaceChrono CSV ${format.trim()} (only v3 is read).`);
  }
  return {
    header: splitCells(lines[h], ',').map((s) => s.trim()),
    units: splitCells(lines[h + 1], ',').map((s) => s.trim()),
    sources: splitCells(lines[h + 2], ',').map((s) => s.trim()),
    firstDataLine: h + 3,
    lines,
  };
}

/** Column of `name` from a source containing `source` ('gps'), or -1. */
function columnOf(table: RaceChronoTable, name: string, source?: string): number {
  return table.header.findIndex((n, i) => n === name && (source === undefined || (table.sources[i] ?? '').includes(source)));
}

export function importRaceChronoCsv(text: string): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', 'The RaceChrono CSV file is empty.');
  const table = readRaceChronoTable(text);
  const tCol = columnOf(table, 'timestamp');
  const latCol = columnOf(table, 'latitude', 'gps');
  const lonCol = columnOf(table, 'longitude', 'gps');
  const speedCol = columnOf(table, 'speed', 'gps');
  const rateCol = columnOf(table, 'device_update_rate', 'gps');
  const lapCol = columnOf(table, 'lap_number');
  const laps = new LapNumberCrossings();
  if (latCol < 0 || lonCol < 0) throw new ImportError('bad-structure', 'The RaceChrono CSV has no GPS latitude/longitude.');
  const speedFactor = speedCol >= 0 && table.units[speedCol] === 'km/h' ? 1 : 3.6;

  const issues: ParseIssue[] = [];
  interface Row {
    tMs: number;
    lat: number;
    lon: number;
    speedKmh: number;
  }
  const rows: Row[] = [];
  let totalRows = 0;
  let rateHz = NaN;
  const { lines } = table;
  for (let i = table.firstDataLine; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    totalRows++;
    const f = splitCells(line, ',');
    if (f.length < table.header.length) {
      issues.push({ line: i + 1, reason: `expected ${table.header.length} values` });
      continue;
    }
    if (lapCol >= 0 && f[lapCol] !== '' && f[tCol] !== '') laps.add(Number(f[lapCol]), Math.round(Number(f[tCol]) * 1e6) / 1e3);
    if (f[latCol] === '' || f[lonCol] === '') continue; // not a GPS row
    const t = Number(f[tCol]);
    const lat = Number(f[latCol]);
    const lon = Number(f[lonCol]);
    const speed = speedCol >= 0 && f[speedCol] !== '' ? Number(f[speedCol]) * speedFactor : NaN;
    if (!Number.isFinite(t) || !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180) || f[tCol] === '') {
      issues.push({ line: i + 1, reason: 'bad timestamp or coordinates' });
      continue;
    }
    if (!Number.isFinite(rateHz) && rateCol >= 0) rateHz = Number(f[rateCol]);
    rows.push({ tMs: Math.round(t * 1e6) / 1e3, lat, lon, speedKmh: speed });
  }
  let kept = rows;
  if (rows.length === totalRows && rows.length > 1 && rateHz > 0 && table.sources.some((s) => s !== '' && !s.includes('gps'))) {
    const stepMs = 1000 / rateHz;
    const onGrid = rows.filter((r) => Math.abs(r.tMs - Math.round(r.tMs / stepMs) * stepMs) < 0.5);
    const expected = (rows[rows.length - 1].tMs - rows[0].tMs) / stepMs;
    if (onGrid.length >= 0.8 * expected) kept = onGrid;
  }
  const builder = new ColumnsBuilder(kept.length);
  for (const r of kept) {
    if (builder.count > 0 && !(r.tMs > builder.lastEpochMs)) continue;
    builder.push(r.tMs, r.lat, r.lon, r.speedKmh);
  }
  if (builder.count === 0) throw new ImportError('no-fixes', 'The RaceChrono CSV has no GPS row.');
  const { positions, startEpochMs } = builder.finish();
  const loggerLaps = laps.loggerLaps(startEpochMs, startEpochMs + positions.timeMs[positions.count - 1]);
  return { positions, startedAt: isoOf(startEpochMs), source: 'racechrono-csv', issues, ...(loggerLaps ? { loggerLaps } : {}) };
}
