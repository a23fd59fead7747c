/**
 * RaceBox CSV export (the RaceBox app's 'Export CSV' of a session).
 *
 * Layout: a preamble whose first row names RaceBox, session rows (date, track, 'Runs' or 'Laps' count and their
 * times, 'Run 1 times,...' / 'Lap 1,...'), then the telemetry header row (`Record,Time,Latitude,Longitude,
 * Altitude,Speed (km/h),GForceX (g),...,Lap` or `Run`) and one row per GNSS fix. Columns are found by name;
 * speed is converted from the unit in its name (km/h, m/s, mph). `Time` is the fix's UTC date-time
 * ('2024-05-18T09:21:33.120Z' or '2024-05-18 09:21:33.120', read as UTC). A `Lap` column is the app's own lap
 * of each fix: where it goes up, RaceBox crossed its start/finish line (as late as the row). The preamble's
 * 'Lap N,<time>' rows are RaceBox's own lap times (seconds or m:ss.sss): those are the logger's laps, placed
 * between the rows by logger-crossings.ts.
 */
import type { ParseIssue } from '../session-types';
import { cellNumber, detectDelimiter, findColumn, LapNumberCrossings, pushFix, speedFactorToKmh, splitCells, tableLines, unitInName, usesDecimalComma } from './csv-table';
import { ImportError } from './import-errors';
import { ColumnsBuilder, isoOf } from './import-columns';
import type { ImportedSession } from './import-types';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2}(?:[.,]\d+)?)\s*(Z|[+-]\d{2}:?\d{2})?$/;

/** Epoch ms of a RaceBox date-time; without a zone it is UTC (the GNSS time). NaN when unreadable. */
function raceBoxTimeMs(cell: string): number {
  const m = DATE_TIME.exec(cell.trim());
  if (!m) return NaN;
  const base = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) + Number(m[6].replace(',', '.')) * 1000;
  const zone = m[7];
  if (!zone || zone === 'Z') return base;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.replace(/[^0-9]/g, '');
  return base - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
}

/** A lap time cell: seconds ('83.456') or minutes and seconds ('1:23.456'), ms; NaN otherwise. */
function lapTimeCellMs(cell: string): number {
  const m = /^(?:(\d+):)?(\d+(?:[.,]\d+)?)$/.exec(cell.trim());
  if (!m) return NaN;
  return Math.round((Number(m[1] ?? 0) * 60 + Number(m[2].replace(',', '.'))) * 1e6) / 1e3;
}

/** The preamble's 'Lap N,<time>' rows, by lap number. */
function preambleLapTimes(preamble: readonly string[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const line of preamble) {
    const cells = splitCells(line, detectDelimiter(line));
    const m = /^"?Lap\s+(\d+)"?$/i.exec(cells[0]?.trim() ?? '');
    const ms = m && cells.length >= 2 ? lapTimeCellMs(cells[1].replace(/"/g, '')) : NaN;
    if (m && ms > 0) out.set(Number(m[1]), ms);
  }
  return out;
}

function isTelemetryHeader(cells: readonly string[]): boolean {
  return findColumn(cells, ['record']) >= 0 && findColumn(cells, ['time']) >= 0 && findColumn(cells, ['latitude']) >= 0;
}

export function looksLikeRaceBoxCsv(text: string): boolean {
  const head = text.slice(0, 8192);
  const firstLine = head.slice(0, Math.max(0, head.search(/\r|\n/)) || head.length);
  return /racebox/i.test(firstLine) && /(^|\n)"?Record"?[,;\t]/i.test(head);
}

export function importRaceBoxCsv(text: string): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', 'The RaceBox CSV file is empty.');
  const lines = tableLines(text);
  let header = -1;
  for (let i = 0; i < Math.min(lines.length, 2000) && header < 0; i++) {
    if (isTelemetryHeader(splitCells(lines[i], detectDelimiter(lines[i])).map((c) => c.trim()))) header = i;
  }
  if (header < 0) throw new ImportError('bad-structure', 'The RaceBox CSV file has no telemetry header row with Record, Time and Latitude.');
  const delimiter = detectDelimiter(lines[header]);
  const names = splitCells(lines[header], delimiter).map((n) => n.trim());
  const col = (...keys: string[]) => findColumn(names, keys);
  const timeCol = col('time');
  const latCol = col('latitude');
  const lonCol = col('longitude');
  if (lonCol < 0) throw new ImportError('bad-structure', 'The RaceBox CSV file has no Longitude column.');
  const speedCol = col('speed');
  const speedUnit = speedCol >= 0 ? unitInName(names[speedCol]) : '';
  const speedFactor = Number.isFinite(speedFactorToKmh(speedUnit)) ? speedFactorToKmh(speedUnit) : 1;
  const lapCol = col('lap');
  const lapTimesMs = preambleLapTimes(lines.slice(0, header));

  const issues: ParseIssue[] = [];
  const builder = new ColumnsBuilder(lines.length - header);
  const laps = new LapNumberCrossings();
  let decimalComma: boolean | null = null;
  for (let i = header + 1; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    const cells = (line.includes('"') ? line.replace(/"/g, '') : line).split(delimiter);
    decimalComma ??= usesDecimalComma(delimiter, cells);
    const epoch = raceBoxTimeMs(cells[timeCol] ?? '');
    const speed = speedCol >= 0 ? cellNumber(cells[speedCol], decimalComma) * speedFactor : NaN;
    if (pushFix(builder, issues, i + 1, epoch, cellNumber(cells[latCol], decimalComma), cellNumber(cells[lonCol], decimalComma), speed) && lapCol >= 0) {
      laps.add(cellNumber(cells[lapCol]), epoch);
    }
  }
  if (builder.count === 0) throw new ImportError('no-fixes', 'The RaceBox CSV file has no row with a time and GPS position.');
  const { positions, startEpochMs } = builder.finish();
  const loggerLaps = laps.loggerLaps(startEpochMs, startEpochMs + positions.timeMs[positions.count - 1], lapTimesMs);
  return { positions, startedAt: isoOf(startEpochMs), source: 'racebox-csv', issues, ...(loggerLaps ? { loggerLaps } : {}) };
}
