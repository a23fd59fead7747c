/**
 * Reading the CSV-like exports of other loggers (AiM, MoTeC, RaceBox, TrackAddict, Harry's LapTimer,
 * RaceChrono v2, Alfano...): the pieces they share. Exports differ in ways a racer cannot see, so each is tolerated:
 * a UTF-8 byte-order mark, CRLF or CR line ends, cells quoted or not, ',' ';' or tab between cells, and a
 * decimal comma where the cells are separated by ';' or tabs (European spreadsheet settings).
 */
import { MAX_SPEED_KMH } from '../physical-bounds';
import type { ParseIssue } from '../session-types';
import { ColumnsBuilder, splitLines } from './import-columns';
import { ImportError } from './import-errors';
import type { LoggerLap } from './import-types';
import { crossingsFromWindows, type CrossingWindow } from './logger-crossings';

export type Delimiter = ',' | ';' | '\t';

/** The text without a leading byte-order mark. */
function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The lines of the text (BOM dropped, any line end); index + 1 is the line number. */
export function tableLines(text: string): string[] {
  return splitLines(stripBom(text));
}

/** The cell separator of a header line: the one of ',' ';' tab that occurs most (',' on a tie). */
export function detectDelimiter(line: string): Delimiter {
  let commas = 0;
  let semis = 0;
  let tabs = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 44) commas++;
    else if (c === 59) semis++;
    else if (c === 9) tabs++;
  }
  if (tabs > commas && tabs >= semis) return '\t';
  if (semis > commas) return ';';
  return ',';
}

/** Cells of one line: double quotes around a cell are removed (doubled quotes inside kept as one). */
export function splitCells(line: string, delimiter: Delimiter = ','): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

/** The row naming the columns: its index in the lines, its cell separator and its (trimmed) column names. */
export interface HeaderRow {
  index: number;
  delimiter: Delimiter;
  names: string[];
}

/**
 * The first of the first `limit` lines that `isHeader` accepts, as the row naming the columns; the separator is
 * the one of that row unless `delimiter` is given. Throws ImportError('bad-structure', `missing`) when no line is.
 */
export function findHeaderRow(
  lines: readonly string[],
  isHeader: (line: string) => boolean,
  missing: string,
  options: { delimiter?: Delimiter; limit?: number } = {},
): HeaderRow {
  const end = Math.min(lines.length, options.limit ?? lines.length);
  for (let index = 0; index < end; index++) {
    if (!isHeader(lines[index])) continue;
    const delimiter = options.delimiter ?? detectDelimiter(lines[index]);
    return { index, delimiter, names: splitCells(lines[index], delimiter).map((n) => n.trim()) };
  }
  throw new ImportError('bad-structure', missing);
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A cell as a number (NaN when empty or not a number); `decimalComma` reads '50,519' as 50.519. */
export function cellNumber(cell: string | undefined, decimalComma = false): number {
  if (cell === undefined) return NaN;
  let s = cell.trim();
  if (s === '') return NaN;
  if (decimalComma) s = s.replace(',', '.');
  return NUMBER.test(s) ? Number(s) : NaN;
}

/**
 * Whether numbers use a decimal comma: only possible when cells are not separated by commas, and seen in a
 * data cell such as '50,519'.
 */
export function usesDecimalComma(delimiter: Delimiter, sampleCells: readonly string[]): boolean {
  if (delimiter === ',') return false;
  return sampleCells.some((c) => /^\s*[+-]?\d+,\d+\s*$/.test(c));
}

/** Factor from a speed unit (or a column name holding it) to km/h; NaN when the unit is not a speed unit. */
export function speedFactorToKmh(unit: string): number {
  const u = unit.toLowerCase().replace(/\s+/g, '');
  if (/km\/?h|kph|kmh/.test(u)) return 1;
  if (/mph|mi\/h/.test(u)) return 1.609344;
  if (/m\/s|mps/.test(u)) return 3.6;
  if (/knots?|kn\b|kts?\b/.test(u)) return 1.852;
  return NaN;
}

/** Normalises a column name for matching: lower case, units in brackets dropped, separators as one space. */
function columnKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[([].*?[)\]]/g, ' ')
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Index of the first column whose key is one of `keys` (in the order of `keys`), or -1. */
export function findColumn(names: readonly string[], keys: readonly string[]): number {
  const normalised = names.map(columnKey);
  for (const key of keys) {
    const i = normalised.indexOf(key);
    if (i >= 0) return i;
  }
  return -1;
}

/** The unit written in brackets in a column name ('Speed (m/s)' -> 'm/s', 'SPEED[km/h]' -> 'km/h'), or ''. */
export function unitInName(name: string): string {
  return /[([]([^)\]]*)[)\]]/.exec(name)?.[1]?.trim() ?? '';
}

/** A calendar day from the many ways exports write one; `order` decides 01/02/2022 (day or month first). */
export function parseLooseDate(text: string, order: 'dmy' | 'mdy'): { y: number; m: number; d: number } | null {
  const s = text.trim();
  const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  const monthOf = (word: string) => months.indexOf(word.slice(0, 3).toLowerCase()) + 1;
  const fullYear = (y: number) => (y < 100 ? 2000 + y : y);
  let m = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s);
  if (m) return valid(Number(m[1]), Number(m[2]), Number(m[3]));
  // 'June 19, 2022' (Race Studio writes 'Sunday, June 19, 2022')
  m = /([A-Za-z]{3,})\.? (\d{1,2}),? (\d{4})/.exec(s);
  if (m && monthOf(m[1]) > 0) return valid(Number(m[3]), monthOf(m[1]), Number(m[2]));
  // '19 June 2022', '14-AUG-16', '3-Sep-25'
  m = /(\d{1,2})[ -]([A-Za-z]{3,})\.?[ -](\d{2,4})/.exec(s);
  if (m && monthOf(m[2]) > 0) return valid(fullYear(Number(m[3])), monthOf(m[2]), Number(m[1]));
  m = /(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})/.exec(s);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = fullYear(Number(m[3]));
    // A part above 12 can only be the day, whatever the usual order.
    if (a > 12) return valid(y, b, a);
    if (b > 12) return valid(y, a, b);
    return order === 'dmy' ? valid(y, b, a) : valid(y, a, b);
  }
  return null;
}

function valid(y: number, m: number, d: number): { y: number; m: number; d: number } | null {
  return y >= 1990 && y <= 2200 && m >= 1 && m <= 12 && d >= 1 && d <= 31 ? { y, m, d } : null;
}

/** Milliseconds since midnight of '15:42', '15:42:00.25', '3:42 PM'; NaN when unreadable. */
export function parseTimeOfDayMs(text: string): number {
  const m = /(\d{1,2}):(\d{2})(?::(\d{2}(?:[.,]\d+)?))?\s*([AaPp][Mm])?/.exec(text.trim());
  if (!m) return NaN;
  let h = Number(m[1]);
  const min = Number(m[2]);
  const sec = m[3] ? Number(m[3].replace(',', '.')) : 0;
  if (m[4]) {
    const pm = m[4].toLowerCase() === 'pm';
    if (h === 12) h = pm ? 12 : 0;
    else if (pm) h += 12;
  }
  if (h > 23 || min > 59 || sec >= 61) return NaN;
  return ((h * 60 + min) * 60 + sec) * 1000;
}

/** A wall-clock time without zone, as ASTRO files carry it: 'YYYY-MM-DDTHH:mm:ss.sss'. */
export function wallClockIso(epochLikeMs: number): string {
  return new Date(epochLikeMs).toISOString().slice(0, 23);
}

/**
 * Pushes one fix after the checks every table importer shares, reporting the row when it fails one:
 * coordinates in range and not the 0,0 of a receiver without a fix, time advancing, speed physical.
 * Returns whether the fix was kept.
 */
export function pushFix(
  builder: ColumnsBuilder,
  issues: ParseIssue[],
  line: number,
  epochMs: number,
  lat: number,
  lon: number,
  speedKmh: number,
): boolean {
  if (!Number.isFinite(epochMs)) {
    issues.push({ line, reason: 'bad time' });
    return false;
  }
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) {
    issues.push({ line, reason: 'bad latitude or longitude' });
    return false;
  }
  if (lat === 0 && lon === 0) {
    issues.push({ line, reason: 'no GPS fix' });
    return false;
  }
  if (builder.count > 0 && !(epochMs > builder.lastEpochMs)) {
    issues.push({ line, reason: 'time does not advance' });
    return false;
  }
  if (speedKmh < 0 || speedKmh > MAX_SPEED_KMH) {
    issues.push({ line, reason: 'speed out of range' });
    return false;
  }
  builder.push(epochMs, lat, lon, speedKmh);
  return true;
}

/**
 * The logger's start/finish crossings from a per-row lap number: one wherever the number goes up. Its time is
 * the row's time less the lap's elapsed time there when the file gives it (exact); else the crossing lies
 * between the fix before the row's own fix and the row (logger-crossings.ts places it there with the logger's
 * own lap times when the file gives them, else at the row: as late as one sample).
 */
export class LapNumberCrossings {
  private lastLap = NaN;
  /** The last GPS fix seen (epoch ms) and the one before it. */
  private lastFixMs = -Infinity;
  private fixBeforeMs = -Infinity;
  private readonly windows: CrossingWindow[] = [];

  /**
   * One row: its lap number at its time. `elapsedInLapMs`: the row's time into its lap, when the file says;
   * `fix`: false for a sensor row between two GPS fixes (its lap number changes only after the fix that showed
   * the crossing).
   */
  add(lap: number, epochMs: number, row: { elapsedInLapMs?: number; fix?: boolean } = {}): void {
    const fix = row.fix ?? true;
    const elapsed = row.elapsedInLapMs ?? NaN;
    if (Number.isFinite(lap) && Number.isFinite(this.lastLap) && lap > this.lastLap) {
      if (Number.isFinite(elapsed) && elapsed >= 0 && elapsed < 5000) this.windows.push({ lap, afterMs: epochMs - elapsed, atMs: epochMs - elapsed });
      else this.windows.push({ lap, afterMs: fix ? this.lastFixMs : this.fixBeforeMs, atMs: epochMs });
    }
    if (Number.isFinite(lap)) this.lastLap = lap;
    if (fix && Number.isFinite(epochMs)) {
      this.fixBeforeMs = this.lastFixMs;
      this.lastFixMs = epochMs;
    }
  }

  /**
   * The logger's laps between consecutive crossings within the trace (first fix to last), or undefined.
   * `lapTimesMs`: the logger's own lap times by its lap number, when the file writes them.
   */
  loggerLaps(startEpochMs: number, endEpochMs: number, lapTimesMs?: ReadonlyMap<number, number>): LoggerLap[] | undefined {
    return lapsBetweenCrossings(crossingsFromWindows(this.windows, lapTimesMs).filter((t) => t > startEpochMs && t <= endEpochMs));
  }
}

/** One logger lap per pair of consecutive start/finish crossings (epoch ms); undefined with fewer than two. */
export function lapsBetweenCrossings(crossingsEpochMs: readonly number[]): LoggerLap[] | undefined {
  if (crossingsEpochMs.length < 2) return undefined;
  return crossingsEpochMs.slice(1).map((end, i) => ({
    lapNumber: i + 1,
    startEpochMs: crossingsEpochMs[i],
    durationMs: Math.round((end - crossingsEpochMs[i]) * 1000) / 1000,
  }));
}
