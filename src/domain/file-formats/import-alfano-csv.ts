/**
 * Alfano CSV (the 'classic Excel' CSV the Alfano 6 and the ADA app export). Written from the public descriptions
 * of real user files (no real file with a licence that lets it be kept here exists).
 *
 * Layout: the header row first, no preamble, cells separated by ';' (rows may end with an empty cell):
 * `Lap;Time Lap;Strip;Time Strip;Absolute Time;Time;Distance;RPM;Speed GPS;...;Lat.;Lon.;Altitude;UTC time :
 * 144141.00`. Columns are found by name (exports carry more or fewer of them); the last header cell carries the
 * session's start as UTC hhmmss.ss. Then one row per sample (100 Hz observed, other rates possible):
 * `Absolute Time` seconds since the start (used; `Time` restarts at every lap), `Lat.`/`Lon.` degrees, `Speed
 * GPS` km/h. `Lap` and `Time Lap` (seconds) are filled on the first row of each lap only: the logger's own lap
 * number and that lap's time, i.e. its start/finish crossings. A row of empty cells may separate laps or end
 * the file. Numbers follow the exporting computer's locale (alfano-numbers.ts).
 *
 * The file has no date: it comes from the file's name when it carries one (2026-04-12, 20260412, 12-04-2026),
 * else from the file's last-modified date, with the header's time of day.
 */
import type { ParseIssue } from '../session-types';
import { bytesDurationS, bytesNumber, decideDecimal, type DecimalByte } from './alfano-numbers';
import { findColumn, pushFix } from './csv-table';
import { ImportError } from './import-errors';
import { ColumnsBuilder, fallbackDayMs, isoOf } from './import-columns';
import type { ImportOptions, ImportedSession, LoggerLap } from './import-types';

export interface AlfanoImportOptions extends ImportOptions {
  /** The file's name: its date, when it has one, dates the session. */
  fileName?: string;
}

const SEMICOLON = 59;
const CR = 13;
const LF = 10;
const DAY_MS = 86_400_000;
/** Rows between two progress reports (a power of two). */
const PROGRESS_ROWS = 65_536;
/** Data rows looked at to decide the number style. */
const STYLE_SAMPLE_ROWS = 2000;

/** What a column is read for (0: not read); also the slot of its value in a row's values. */
const Role = { None: 0, Absolute: 1, Lat: 2, Lon: 3, Speed: 4, Lap: 5, TimeLap: 6 } as const;
type Role = (typeof Role)[keyof typeof Role];

/**
 * The header's cells, unquoted and trimmed, or null when the first line is not an Alfano header: `Lap` and `Time
 * Lap` with `Absolute Time` or `Time Strip` (so a file missing Absolute Time is still recognised, and refused
 * naming it).
 */
function headerCells(firstLine: string): string[] | null {
  const cells = firstLine.replace(/^\uFEFF/, '').split(';').map((c) => c.trim().replace(/^"(.*)"$/, '$1').trim());
  if (cells.length < 4) return null;
  const has = (name: string) => cells.some((c) => c.toLowerCase() === name);
  return has('lap') && has('time lap') && (has('absolute time') || has('time strip')) ? cells : null;
}

export function looksLikeAlfanoCsv(text: string): boolean {
  const head = text.slice(0, 4096);
  const end = head.search(/\r|\n/);
  return headerCells(end < 0 ? head : head.slice(0, end)) !== null;
}

/** The UTC time of day in the header's last cells ('UTC time : 144141.00'), ms since midnight; NaN when none. */
function headerUtcMs(cells: readonly string[]): number {
  for (const cell of cells) {
    const m = /^utc\s*time\s*:?\s*(\d{2})(\d{2})(\d{2}(?:[.,]\d+)?)\s*$/i.exec(cell);
    if (!m) continue;
    const h = Number(m[1]);
    const min = Number(m[2]);
    const s = Number(m[3].replace(',', '.'));
    if (h < 24 && min < 60 && s < 61) return ((h * 60 + min) * 60 + s) * 1000;
  }
  return NaN;
}

/**
 * UTC midnight of a date in the file's name (year first, or day first as European exports name them); NaN when none.
 * @internal Exported for its tests.
 */
export function fileNameDayMs(fileName: string | undefined): number {
  const base = (fileName ?? '').replace(/^.*[\\/]/, '');
  const day = (y: number, m: number, d: number) => (y >= 1990 && y <= 2200 && m >= 1 && m <= 12 && d >= 1 && d <= 31 ? Date.UTC(y, m - 1, d) : NaN);
  const ymd = /(?:^|\D)(\d{4})([-_.]?)(\d{2})\2(\d{2})(?!\d)/.exec(base);
  if (ymd) {
    const ms = day(Number(ymd[1]), Number(ymd[3]), Number(ymd[4]));
    if (Number.isFinite(ms)) return ms;
  }
  const dmy = /(?:^|\D)(\d{1,2})([-_.])(\d{1,2})\2(\d{4})(?!\d)/.exec(base);
  if (!dmy) return NaN;
  const a = Number(dmy[1]);
  const b = Number(dmy[3]);
  // Day first unless the second part can only be a day.
  return b > 12 ? day(Number(dmy[4]), a, b) : day(Number(dmy[4]), b, a);
}

/** End of the line starting at `from` (index of its CR or LF, or the end). */
function lineEnd(bytes: Uint8Array, from: number): number {
  for (let i = from; i < bytes.length; i++) if (bytes[i] === LF || bytes[i] === CR) return i;
  return bytes.length;
}

/** Start of the next line after a line ending at `end` (past CRLF, CR or LF). */
function nextLine(bytes: Uint8Array, end: number): number {
  if (end >= bytes.length) return bytes.length + 1;
  return bytes[end] === CR && bytes[end + 1] === LF ? end + 2 : end + 1;
}

/** The cells of one line, as text (for the sample that decides the number style). */
function decodeCells(bytes: Uint8Array, from: number, to: number): string[] {
  let s = '';
  for (let i = from; i < to; i++) s += String.fromCharCode(bytes[i]);
  return s.split(';');
}

/** The decimal separator of the file, from its first data rows (coordinates first). */
function fileDecimal(bytes: Uint8Array, start: number, latCol: number, lonCol: number): DecimalByte {
  const coordinates: string[] = [];
  const others: string[] = [];
  for (let pos = start, rows = 0; pos < bytes.length && rows < STYLE_SAMPLE_ROWS; rows++) {
    const end = lineEnd(bytes, pos);
    const cells = decodeCells(bytes, pos, end);
    cells.forEach((c, i) => (i === latCol || i === lonCol ? coordinates : others).push(c));
    if (coordinates.some((c) => /\d[.,]\d/.test(c))) break;
    pos = nextLine(bytes, end);
  }
  return decideDecimal(coordinates, others);
}

/** About how many rows follow `start` (from the length of the first ones), so the columns rarely grow. */
function rowsEstimate(bytes: Uint8Array, start: number): number {
  let pos = start;
  let rows = 0;
  while (pos < bytes.length && rows < 200) {
    pos = nextLine(bytes, lineEnd(bytes, pos));
    rows++;
  }
  return rows === 0 ? 16 : Math.ceil((((bytes.length - start) / (pos - start)) * rows) * 1.05);
}

/** Epoch ms of the session's start (Absolute Time 0): the date from the name or last-modified date, the header's time. */
function sessionStartMs(headerTodMs: number, options: AlfanoImportOptions, durationMs: number): number {
  const named = fileNameDayMs(options.fileName);
  const modified = typeof options.fallbackDate === 'number' ? options.fallbackDate : Date.parse(options.fallbackDate ?? '');
  if (Number.isFinite(headerTodMs)) {
    if (Number.isFinite(named)) return named + headerTodMs;
    const day = fallbackDayMs(options.fallbackDate);
    if (!Number.isFinite(day)) return NaN;
    // The file was written after the session: a start later than that is the day before's (past UTC midnight).
    return day + headerTodMs > modified ? day - DAY_MS + headerTodMs : day + headerTodMs;
  }
  // No time of day in the header: the file was written when the session ended.
  if (Number.isFinite(modified)) return modified - durationMs;
  return named;
}

/** A lap's first row: the time of the row before it and its own (the crossing is between), the lap's time. */
interface LapRow {
  previousMs: number;
  rowMs: number;
  timeLapMs: number;
}

/**
 * The logger's start/finish crossings (ms from the start) from its lap rows: each lies between the lap's first
 * row and the row before. Within that, a crossing is put where the previous one plus the previous lap's time
 * (the logger's own timing, 0.01 s) places it, so lap times are the file's and not rounded to a row.
 */
function crossingsFromLapRows(rows: readonly LapRow[]): number[] {
  const out: number[] = [];
  for (let k = 0; k < rows.length; k++) {
    const { previousMs, rowMs } = rows[k];
    const predicted = k > 0 ? out[k - 1] + rows[k - 1].timeLapMs : NaN;
    out.push(Number.isFinite(predicted) ? Math.min(rowMs, Math.max(previousMs, predicted)) : rowMs);
  }
  return out;
}

/** Reads an Alfano CSV export, from its bytes (scanned in place) or its text. */
export function importAlfanoCsv(content: Uint8Array | string, options: AlfanoImportOptions = {}): ImportedSession {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  let pos = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const headerEnd = lineEnd(bytes, pos);
  const headerText = new TextDecoder().decode(bytes.subarray(pos, headerEnd));
  if (headerText.trim() === '' && bytes.every((b) => b === 32 || b === CR || b === LF || b === 9)) throw new ImportError('empty-file', 'The Alfano CSV file is empty.');
  const names = headerCells(headerText);
  if (!names) throw new ImportError('bad-structure', 'The Alfano CSV file does not start with its header row (Lap;Time Lap;...;Absolute Time;...).');
  const absCol = findColumn(names, ['absolute time']);
  const latCol = findColumn(names, ['lat', 'latitude']);
  const lonCol = findColumn(names, ['lon', 'long', 'longitude']);
  const missing = [absCol < 0 && 'Absolute Time', latCol < 0 && 'Lat.', lonCol < 0 && 'Lon.'].filter((n): n is string => typeof n === 'string');
  if (missing.length > 0) {
    throw new ImportError('missing-columns', `The Alfano CSV file has no ${missing.join(', ')} column (its columns: ${names.filter(Boolean).join(', ')}).`, {
      missing,
      found: names.filter(Boolean),
    });
  }
  const roles = new Uint8Array(names.length);
  const setRole = (col: number, role: Role) => col >= 0 && (roles[col] = role);
  setRole(absCol, Role.Absolute);
  setRole(latCol, Role.Lat);
  setRole(lonCol, Role.Lon);
  setRole(findColumn(names, ['speed gps', 'gps speed']), Role.Speed);
  setRole(findColumn(names, ['lap']), Role.Lap);
  setRole(findColumn(names, ['time lap']), Role.TimeLap);

  pos = nextLine(bytes, headerEnd);
  const decimal = fileDecimal(bytes, pos, latCol, lonCol);
  const values = new Float64Array(7);
  // The Time Lap cell of the row, read only on a lap's first row (it may be written as minutes and seconds).
  let timeLapFrom = 0;
  let timeLapTo = 0;
  const issues: ParseIssue[] = [];
  // Fixes are pushed with ms from the start; the start is added once the date is known.
  const builder = new ColumnsBuilder(rowsEstimate(bytes, pos));
  const lapRows: LapRow[] = [];
  let previousRowMs = NaN;
  let lastAbsMs = NaN;
  let keptLat = NaN;
  let keptLon = NaN;
  const n = bytes.length;
  for (let line = 2; pos < n; line++) {
    if (options.onParsed && (line & (PROGRESS_ROWS - 1)) === 0) options.onParsed(pos / n);
    values.fill(NaN);
    timeLapTo = timeLapFrom;
    let filled = false;
    let col = 0;
    let cell = pos;
    let i = pos;
    for (; ; i++) {
      const b = i < n ? bytes[i] : LF;
      if (b === SEMICOLON || b === LF || b === CR) {
        if (i > cell) {
          filled = true;
          const role = col < roles.length ? (roles[col] as Role) : Role.None;
          if (role === Role.TimeLap) {
            timeLapFrom = cell;
            timeLapTo = i;
          } else if (role !== Role.None) values[role] = bytesNumber(bytes, cell, i, decimal);
        }
        if (b !== SEMICOLON) break;
        col++;
        cell = i + 1;
      }
    }
    const next = nextLine(bytes, i);
    // A row of empty cells separates laps or ends the file.
    if (!filled) {
      pos = next;
      continue;
    }
    const absMs = values[Role.Absolute] * 1000;
    if (Number.isFinite(values[Role.Lap]) && Number.isFinite(absMs)) {
      const timeLapMs = bytesDurationS(bytes, timeLapFrom, timeLapTo, decimal) * 1000;
      lapRows.push({ previousMs: Number.isFinite(previousRowMs) ? previousRowMs : absMs, rowMs: absMs, timeLapMs });
    }
    if (Number.isFinite(absMs)) previousRowMs = absMs;
    const lat = values[Role.Lat];
    const lon = values[Role.Lon];
    if (Number.isNaN(lat) && Number.isNaN(lon)) {
      issues.push({ line, reason: 'no GPS fix' });
    } else if (lat !== keptLat || lon !== keptLon) {
      // Rows between two GPS fixes repeat the last position: only the row where a new one arrived is a fix.
      if (pushFix(builder, issues, line, absMs, lat, lon, values[Role.Speed])) {
        lastAbsMs = absMs;
        keptLat = lat;
        keptLon = lon;
      }
    }
    pos = next;
  }
  options.onParsed?.(1);
  if (builder.count === 0) throw new ImportError('no-fixes', 'The Alfano CSV file has no row with a GPS position.', issues.length > 0 ? { line: issues[0].line, lineReason: issues[0].reason } : {});

  const { positions, startEpochMs: firstFixMs } = builder.finish();
  const startMs = sessionStartMs(headerUtcMs(names), options, lastAbsMs);
  if (!Number.isFinite(startMs)) throw new ImportError('missing-date', 'The Alfano CSV file has no date: its name carries none and no last-modified date was given.');
  const loggerLaps = alfanoLoggerLaps(lapRows, firstFixMs, lastAbsMs, startMs);
  return { positions, startedAt: isoOf(startMs + firstFixMs), source: 'alfano-csv', issues, ...(loggerLaps ? { loggerLaps } : {}) };
}

/**
 * The logger's laps between consecutive crossings inside the trace. The first row of the recording carries a
 * lap too (the out-lap begins there): it is where the recording started, not a crossing.
 */
function alfanoLoggerLaps(rows: readonly LapRow[], firstFixMs: number, lastFixMs: number, startMs: number): LoggerLap[] | undefined {
  const crossings = crossingsFromLapRows(rows).filter((t) => t > firstFixMs && t <= lastFixMs);
  if (crossings.length < 2) return undefined;
  return crossings.slice(1).map((end, k) => ({
    lapNumber: k + 1,
    startEpochMs: startMs + crossings[k],
    durationMs: Math.round((end - crossings[k]) * 1000) / 1000,
  }));
}
