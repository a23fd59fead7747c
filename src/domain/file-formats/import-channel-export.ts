/**
 * AiM Race Studio and MoTeC i2 CSV exports: one layout, two families (AiM adopted MoTeC's).
 *
 * Layout: key/value rows first ('Format','AiM CSV File' or 'MoTeC CSV File'; 'Venue'; 'Date'/'Log Date';
 * 'Time'/'Log Time'; 'Sample Rate'; 'Duration'; 'Beacon Markers'...), then the channel-name row (first cell
 * 'Time'), a units row, sometimes a row of channel numbers (Race Studio 2), blank rows, and one row per sample.
 * Race Studio 3 writes plain cells; Race Studio 2 and MoTeC quote every cell. Channels are found by name
 * ('GPS Latitude', 'GPS_Longitude', 'GPS Speed'...), so their order may change; speed is converted from the
 * unit in the units row (km/h, mph, m/s).
 *
 * Time is seconds from the start of the export, so the session's start comes from the date and time rows,
 * which are the logger's wall clock at the track (no zone): startedAt is written without a zone, like ASTRO's.
 * 'Beacon Markers' are the logger's own start/finish crossings in seconds from the start; the last one is the
 * end of the export ('Duration') when the session did not end on the line, and is not a crossing.
 */
import type { ParseIssue } from '../session-types';
import {
  cellNumber,
  detectDelimiter,
  lapsBetweenCrossings,
  findColumn,
  findHeaderRow,
  parseLooseDate,
  parseTimeOfDayMs,
  pushFix,
  speedFactorToKmh,
  splitCells,
  tableLines,
  unitInName,
  usesDecimalComma,
  wallClockIso,
  type Delimiter,
} from './csv-table';
import { ImportError } from './import-errors';
import { ColumnsBuilder, fallbackDayMs } from './import-columns';
import type { ImportOptions, ImportSource, ImportedSession } from './import-types';

type Family = 'AiM' | 'MoTeC';

const LATITUDE_KEYS = ['gps latitude', 'latitude', 'gps lat', 'lat', 'gpslatitude'] as const;
const LONGITUDE_KEYS = ['gps longitude', 'longitude', 'gps long', 'gps lon', 'long', 'lon', 'lng', 'gpslongitude'] as const;
const SPEED_KEYS = ['gps speed', 'speed gps', 'gps ground speed', 'ground speed', 'speed', 'vehicle speed'] as const;

/** The first row's first two cells, unquoted ('Format', 'AiM CSV File'), BOM and delimiter tolerated. */
function formatRow(text: string): [string, string] | null {
  const head = text.slice(0, 512);
  const end = head.search(/\r|\n/);
  const first = (end < 0 ? head : head.slice(0, end)).replace(/^\uFEFF/, '');
  const cells = splitCells(first, detectDelimiter(first));
  return cells.length >= 2 ? [cells[0].trim(), cells[1].trim()] : null;
}

export function looksLikeAimCsv(text: string): boolean {
  const row = formatRow(text);
  return row !== null && row[0] === 'Format' && /^aim csv file$/i.test(row[1]);
}

export function looksLikeMotecCsv(text: string): boolean {
  const row = formatRow(text);
  return row !== null && row[0] === 'Format' && /^motec csv file$/i.test(row[1]);
}

export function importAimCsv(text: string, options: ImportOptions = {}): ImportedSession {
  return importChannelExport(text, 'AiM', 'aim-csv', options);
}

export function importMotecCsv(text: string, options: ImportOptions = {}): ImportedSession {
  return importChannelExport(text, 'MoTeC', 'motec-csv', options);
}

/** Channel numbers Race Studio 2 writes under the units: every cell an integer, counting up. */
function isChannelNumberRow(cells: readonly string[]): boolean {
  let previous = -Infinity;
  let seen = 0;
  for (const c of cells) {
    if (c.trim() === '') continue;
    const n = Number(c);
    if (!Number.isInteger(n) || n <= previous) return false;
    previous = n;
    seen++;
  }
  return seen >= 3;
}

function importChannelExport(text: string, family: Family, source: ImportSource, options: ImportOptions): ImportedSession {
  const what = `${family} CSV`;
  if (text.trim() === '') throw new ImportError('empty-file', `The ${what} file is empty.`);
  const lines = tableLines(text);
  const delimiter: Delimiter = detectDelimiter(lines[0]);
  const meta = new Map<string, string[]>();
  // The rows above the channel row are the file's details (key, values...), kept by their first cell.
  const isChannelRow = (line: string) => {
    const cells = splitCells(line, delimiter);
    const key = cells[0].trim();
    if (key === '') return false;
    const filled = cells.reduce((n, c) => (c.trim() === '' ? n : n + 1), 0);
    if (key.toLowerCase() === 'time' && filled >= 3) return true;
    if (!meta.has(key)) meta.set(key, cells.slice(1).map((c) => c.trim()));
    return false;
  };
  const { index: header, names } = findHeaderRow(lines, isChannelRow, `The ${what} file has no channel row starting with Time.`, { delimiter, limit: 400 });
  const latCol = findColumn(names, LATITUDE_KEYS);
  const lonCol = findColumn(names, LONGITUDE_KEYS);
  if (latCol < 0 || lonCol < 0) {
    const missing = [latCol < 0 ? 'GPS Latitude' : '', lonCol < 0 ? 'GPS Longitude' : ''].filter(Boolean).join(' and ');
    throw new ImportError('bad-structure', `The ${what} file has no ${missing} channel.`);
  }
  const speedCol = findColumn(names, SPEED_KEYS);
  let units: string[] = [];
  let first = header + 1;
  const unitCells = lines[first] === undefined ? [] : splitCells(lines[first], delimiter);
  if (unitCells.length > 1 && !Number.isFinite(cellNumber(unitCells[0]))) {
    units = unitCells.map((u) => u.trim());
    first++;
  }
  const timeFactor = (units[0] ?? '').toLowerCase() === 'ms' ? 1 : 1000;
  const speedUnit = speedCol >= 0 ? units[speedCol] || unitInName(names[speedCol]) : '';
  const speedFactor = speedCol < 0 ? NaN : Number.isFinite(speedFactorToKmh(speedUnit)) ? speedFactorToKmh(speedUnit) : 1;

  const startMs = sessionStartMs(meta, family, options);
  if (!Number.isFinite(startMs)) {
    throw new ImportError('missing-date', `The ${what} file has no readable ${family === 'MoTeC' ? 'Log Date' : 'Date'} row.`);
  }

  const issues: ParseIssue[] = [];
  const builder = new ColumnsBuilder(lines.length - first);
  let decimalComma: boolean | null = null;
  let firstFileMs = NaN;
  let lastFileMs = NaN;
  for (let i = first; i < lines.length; i++) {
    const line = lines[i];
    if (line === '' || line.trim() === '') continue;
    const cells = (line.includes('"') ? line.replace(/"/g, '') : line).split(delimiter);
    // Race Studio pads the blank row under the units with delimiters.
    if (cells[0].trim() === '' && cells.every((c) => c.trim() === '')) continue;
    if (decimalComma === null) {
      if (isChannelNumberRow(cells)) continue;
      decimalComma = usesDecimalComma(delimiter, cells);
    }
    if (cells.length <= Math.max(latCol, lonCol)) {
      issues.push({ line: i + 1, reason: `expected ${names.length} values` });
      continue;
    }
    const fileMs = cellNumber(cells[0], decimalComma) * timeFactor;
    const lat = cellNumber(cells[latCol], decimalComma);
    const lon = cellNumber(cells[lonCol], decimalComma);
    const speed = speedCol >= 0 ? cellNumber(cells[speedCol], decimalComma) * speedFactor : NaN;
    if (pushFix(builder, issues, i + 1, startMs + fileMs, lat, lon, speed)) {
      if (!Number.isFinite(firstFileMs)) firstFileMs = fileMs;
      lastFileMs = fileMs;
    }
  }
  if (builder.count === 0) throw new ImportError('no-fixes', `The ${what} file has no sample with a GPS position.`);
  const { positions, startEpochMs } = builder.finish();
  const markers = beaconMarkersMs(meta.get('Beacon Markers') ?? [], decimalComma ?? false);
  // Crossings within the kept fixes only: the closing marker at the very end of the export is not one.
  const sampleMs = positions.count > 1 ? (lastFileMs - firstFileMs) / (positions.count - 1) : 0;
  const crossings = markers.filter((m) => m > firstFileMs && m < lastFileMs - sampleMs / 2).map((m) => startEpochMs + m - firstFileMs);
  const loggerLaps = lapsBetweenCrossings(crossings);
  return { positions, startedAt: wallClockIso(startEpochMs), source, issues, ...(loggerLaps ? { loggerLaps } : {}) };
}

/** The logger's wall-clock start (as UTC ms of that wall clock) from the date and time rows, or the fallback day. */
function sessionStartMs(meta: Map<string, string[]>, family: Family, options: ImportOptions): number {
  const dateCells = meta.get('Log Date') ?? meta.get('Date') ?? [];
  const timeCells = meta.get('Log Time') ?? meta.get('Time') ?? [];
  const date = parseLooseDate(dateCells.join(' '), family === 'MoTeC' ? 'dmy' : 'mdy');
  const tod = parseTimeOfDayMs(timeCells[0] ?? '');
  const day = date ? Date.UTC(date.y, date.m - 1, date.d) : fallbackDayMs(options.fallbackDate);
  return day + (Number.isFinite(tod) ? tod : 0);
}

/** Beacon markers in ms from the start of the export: one per cell, or several in one cell split by spaces. */
function beaconMarkersMs(cells: readonly string[], decimalComma: boolean): number[] {
  const out: number[] = [];
  for (const cell of cells) {
    for (const part of cell.split(/\s+/)) {
      const s = cellNumber(part, decimalComma);
      if (Number.isFinite(s) && s > 0) out.push(Math.round(s * 1e6) / 1e3);
    }
  }
  return out.sort((a, b) => a - b);
}
