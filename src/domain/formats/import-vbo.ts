/**
 * VBO importer (Racelogic VBOX format, also written by RaceBox, Dragy and RaceChrono).
 *
 * Layout: an optional 'File created on dd/mm/yyyy @ hh:mm' line, then sections in brackets; `[column names]`
 * holds one line of space-separated names, `[data]` one space-separated row per fix. Columns used: `time`
 * (UTC hhmmss.sss), `lat` and `long` in MINUTES (divide by 60), VBO's longitude positive to the WEST (so the
 * sign flips), and `velocity` in km/h when present. Other columns are ignored. Loggers spell these columns
 * differently (RaceBox writes `lng`, some exports `latitude`/`longitude` or `speed`): every spelling in
 * COLUMN_ALIASES is accepted, and a file missing one is refused naming the column.
 *
 * `[laptiming]` (VBOX, RaceBox): the logger's own gates, one per line, `Start|Split|Finish lon1 lat1 lon2 lat2
 * ¬ name`, in the same minutes and west-positive longitude; kept as `fileGates` (file-gates.ts times laps with them).
 *
 * The date comes from 'File created on', else a 'Date Started: dd/mm/yyyy' comment, else the caller's
 * fallback date. Times that go back by more than 12 h are taken as crossing midnight. Rows with the wrong
 * number of values, a non-number, no fix (lat = long = 0) or coordinates out of range are skipped and reported.
 */
import type { ParseIssue } from '../session-types';
import { ImportError } from './import-errors';
import { ColumnsBuilder, fallbackDayMs, isoOf } from './import-columns';
import type { FileGateLine, ImportOptions, ImportedSession } from './import-types';

/** Every spelling of the columns we read, as loggers write them (lower case); the first names the column in messages. */
const VBO_COLUMN_ALIASES = {
  time: ['time', 'utc-time', 'utctime', 'utc_time', 'gps-time'],
  lat: ['lat', 'latitude', 'lat-min', 'lat_min'],
  long: ['long', 'lng', 'lon', 'longitude', 'long-min', 'lon_min', 'long_min'],
  velocity: ['velocity', 'velocity-kmh', 'velocity_kmh', 'velocitykmh', 'speed', 'speed-kmh', 'speed_kmh', 'vel'],
} as const;

const findColumn = (columns: readonly string[], aliases: readonly string[]) => columns.findIndex((c) => aliases.includes(c));

const DAY_MS = 86_400_000;
const DATE_RE = /(\d{1,2})\/(\d{1,2})\/(\d{4})/;

export function looksLikeVbo(text: string): boolean {
  // VBOX headers list every channel (100+ on some loggers), so look further than the first few KiB.
  const head = text.slice(0, 65_536).toLowerCase();
  return head.includes('[column names]') || (head.includes('file created on') && head.includes('[header]'));
}

/**
 * Reads a VBO file: its text, or better its UTF-8 bytes as read from disk. The bytes are scanned in place, never
 * decoded whole: decoding a 2 h file's 9.5 MB into a string cost as much as reading its rows. Lines are split at
 * the same CR and LF bytes the text has (UTF-8 never uses them inside a character); a header line, and any row
 * that is not plain ASCII, is decoded on its own, as the whole text decoded would give it.
 */
export function importVbo(content: string | Uint8Array, options: ImportOptions = {}): ImportedSession {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  if (isBlank(bytes)) throw new ImportError('empty-file', 'The VBO file is empty.');
  // The header, line by line up to [data] (the rows are scanned in place below, never split into lines).
  const n = bytes.length;
  let section = '';
  let columns: string[] | null = null;
  let dayMs = NaN;
  let dataPos = -1;
  let dataLine = 0;
  const fileGates: FileGateLine[] = [];
  for (let pos = 0, index = 0; pos <= n; index++) {
    const end = lineEnd(bytes, pos);
    const line = decodeLine(bytes, pos, end).trim();
    pos = nextLine(bytes, end);
    if (line === '') continue;
    const lower = line.toLowerCase();
    if (line.startsWith('[') && line.endsWith(']')) {
      section = lower;
      if (section === '[data]') {
        dataPos = pos;
        dataLine = index + 1;
        break;
      }
      continue;
    }
    if (!Number.isFinite(dayMs) && (lower.startsWith('file created on') || lower.includes('date started'))) {
      dayMs = dayFromText(line);
    }
    if (section === '[column names]' && columns === null) columns = lower.split(/\s+/);
    if (section === '[laptiming]') {
      const gate = laptimingLine(line);
      if (gate) fileGates.push(gate);
    }
  }
  if (columns === null) {
    throw new ImportError('missing-section', 'Not a VBO file: the [column names] section is missing.', { section: '[column names]' });
  }
  if (dataPos < 0) throw new ImportError('missing-section', 'Not a VBO file: the [data] section is missing.', { section: '[data]' });
  const timeCol = findColumn(columns, VBO_COLUMN_ALIASES.time);
  const latCol = findColumn(columns, VBO_COLUMN_ALIASES.lat);
  const lonCol = findColumn(columns, VBO_COLUMN_ALIASES.long);
  const speedCol = findColumn(columns, VBO_COLUMN_ALIASES.velocity);
  const missing = (
    [
      ['time', timeCol],
      ['lat', latCol],
      ['long', lonCol],
    ] as const
  ).flatMap(([name, index]) => (index < 0 ? [name] : []));
  if (missing.length > 0) {
    throw new ImportError('missing-columns', `The VBO file has no ${missing.join(', ')} column (its columns: ${columns.join(' ')}).`, { missing, found: columns });
  }
  if (!Number.isFinite(dayMs)) dayMs = fallbackDayMs(options.fallbackDate);
  if (!Number.isFinite(dayMs)) throw new ImportError('missing-date', 'The VBO file has no date.');

  const rows = new VboRows(bytes, dataPos, dataLine, { count: columns.length, time: timeCol, lat: latCol, lon: lonCol, speed: speedCol }, dayMs);
  rows.scan(options.onParsed);
  const { builder, issues } = rows;
  if (builder.count === 0) {
    const first = issues[0];
    throw new ImportError('no-fixes', `The VBO file has no usable fix${first ? ` (line ${first.line}: ${first.reason})` : ''}.`, first ? { line: first.line, lineReason: first.reason } : {});
  }
  const { positions, startEpochMs } = builder.finish();
  return { positions, startedAt: isoOf(startEpochMs), source: 'vbo', issues, ...(fileGates.length > 0 ? { fileGates } : {}) };
}

/** True when the file is nothing but whitespace (as `text.trim() === ''` says of it decoded). */
function isBlank(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] > SPACE && bytes[i] < 127) return false;
  // No visible ASCII at all: only the decoded text can tell (non-ASCII spaces are blank to trim()).
  return new TextDecoder().decode(bytes).trim() === '';
}

/** The index of the CR or LF ending the line that starts at `from` (the length when none does). */
function lineEnd(bytes: Uint8Array, from: number): number {
  let end = from;
  while (end < bytes.length && bytes[end] !== NL && bytes[end] !== CR) end++;
  return end;
}

/** The start of the line after the one ending at `end` (CRLF, LF or CR). */
function nextLine(bytes: Uint8Array, end: number): number {
  return end < bytes.length && bytes[end] === CR && bytes[end + 1] === NL ? end + 2 : end + 1;
}

const UTF8 = new TextDecoder();

/** One line of the bytes as text (a line holds whole UTF-8 characters: CR and LF never occur inside one). */
function decodeLine(bytes: Uint8Array, from: number, to: number): string {
  return UTF8.decode(bytes.subarray(from, to));
}

/** Where the columns we read are among a row's values (-1: the file has no speed). */
interface RowLayout {
  count: number;
  time: number;
  lat: number;
  lon: number;
  speed: number;
}

const SPACE = 32;
const TAB = 9;
const CR = 13;
const NL = 10;
const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const D0 = 48;
const D9 = 57;
const BRACKET = 91;
/** Exact powers of ten (an integer mantissa below 2^53 divided by one is the double Number() reads). */
const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);
/** Marks a value the in-place scan does not read itself (the row is read again by the reference path). */
const SLOW = -Infinity;
/** Rows between two progress reports (a power of two). */
const PROGRESS_ROWS = 4096;

/**
 * The [data] rows, scanned in place: a 2 h 25 Hz file is 180,000 rows, and splitting them into lines and values,
 * trimming and converting each took most of an import. A row of plain values (ASCII, separated by spaces or tabs,
 * numbers written `[+-]digits[.digits]` with at most 15 digits) is read without a string; any other row is read
 * by `slowRow`, the straightforward trim / split / Number() path, which defines what a row means. Both give the
 * same doubles (a mantissa below 2^53 over an exact power of ten is what Number() gives).
 */
class VboRows {
  readonly builder: ColumnsBuilder;
  readonly issues: ParseIssue[] = [];
  private dayOffset = 0;
  private lastTod = NaN;
  /** The values of the current row, by role (see RowLayout), NaN when not a number, SLOW when not read here. */
  private tod = NaN;
  private latMin = NaN;
  private lonMin = NaN;
  private speed = NaN;
  /** Where the row fastRow read ends (its CR or LF, or the length). */
  private rowEnd = 0;
  /** Where the value numberAt read ends, -1 when the row holds a byte the in-place scan does not read. */
  private numberEnd = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly start: number,
    private readonly firstLine: number,
    private readonly layout: RowLayout,
    private readonly dayMs: number,
  ) {
    // Room for rows of 40 characters or more (up to a million rows; it grows beyond).
    this.builder = new ColumnsBuilder(Math.min(2 ** 20, Math.ceil((bytes.length - start) / 40) + 16));
  }

  /** `onParsed`: told the share of the text read every PROGRESS_ROWS rows and at the end. */
  scan(onParsed?: (share: number) => void): void {
    const bytes = this.bytes;
    const n = bytes.length;
    let pos = this.start;
    for (let line = this.firstLine; pos <= n; line++) {
      if (onParsed && (line & (PROGRESS_ROWS - 1)) === 0) onParsed(pos / n);
      const outcome = this.fastRow(pos);
      if (outcome === 'end') break;
      // A row read in place ends where its scan stopped; any other is found and decoded whole.
      const end = outcome === 'slow' ? lineEnd(bytes, pos) : this.rowEnd;
      if (outcome === 'slow' && this.slowRow(decodeLine(bytes, pos, end), line + 1) === 'end') break;
      if (outcome === 'row') this.add(line + 1);
      if (outcome === 'count') this.issues.push({ line: line + 1, reason: `expected ${this.layout.count} values` });
      pos = nextLine(bytes, end);
    }
    onParsed?.(1);
  }

  /**
   * Reads a plain row in place, in one pass over its bytes (no line end found first): 'row' (values read), 'skip'
   * (blank), 'count' (too few or many values), 'end' (a section follows), 'slow'. Sets `rowEnd` to the index of the
   * CR or LF ending the row (the length at the end of the file) unless 'slow' or 'end'.
   */
  private fastRow(from: number): 'row' | 'skip' | 'count' | 'end' | 'slow' {
    const bytes = this.bytes;
    const n = bytes.length;
    const layout = this.layout;
    let i = from;
    while (i < n && (bytes[i] === SPACE || bytes[i] === TAB)) i++;
    if (i === n || bytes[i] === CR || bytes[i] === NL) {
      this.rowEnd = i;
      return 'skip';
    }
    if (bytes[i] === BRACKET) return 'end';
    let field = 0;
    this.tod = this.latMin = this.lonMin = this.speed = NaN;
    for (;;) {
      let j: number;
      if (field === layout.lat || field === layout.lon || field === layout.speed) {
        const value = this.numberAt(i);
        j = this.numberEnd;
        if (j < 0) return 'slow';
        if (field === layout.lat) this.latMin = value;
        else if (field === layout.lon) this.lonMin = value;
        else this.speed = value;
      } else {
        j = i;
        while (j < n) {
          const c = bytes[j];
          if (c === SPACE || c === TAB || c === CR || c === NL) break;
          // Other whitespace and non-ASCII would split (or trim) differently: the reference path reads the row.
          if (c < 33 || c > 126) return 'slow';
          j++;
        }
        if (field === layout.time) this.tod = this.timeAt(i, j);
      }
      field++;
      while (j < n && (bytes[j] === SPACE || bytes[j] === TAB)) j++;
      i = j;
      if (i === n || bytes[i] === CR || bytes[i] === NL) break;
    }
    this.rowEnd = i;
    if (field !== layout.count) return 'count';
    if (this.tod === SLOW || this.latMin === SLOW || this.lonMin === SLOW || this.speed === SLOW) return 'slow';
    return 'row';
  }

  /**
   * The value `[+-]digits[.digits]` (at most 15 digits) starting at `from`, as Number() reads it, read up to the
   * space, tab, CR, LF or end that ends it (its index in `numberEnd`); SLOW for other such text (no digit, too many,
   * a second dot). Any other byte in the value sets `numberEnd` to -1: the row is one for the reference path.
   */
  private numberAt(from: number): number {
    const bytes = this.bytes;
    const n = bytes.length;
    let i = from;
    let negative = false;
    const first = bytes[i];
    if (first === MINUS || first === PLUS) {
      negative = first === MINUS;
      i++;
    }
    let mantissa = 0;
    let digits = 0;
    let places = -1;
    let slow = false;
    for (; i < n; i++) {
      const c = bytes[i];
      if (c >= D0 && c <= D9) {
        mantissa = mantissa * 10 + (c - D0);
        digits++;
        if (places >= 0) places++;
      } else if (c === DOT && places < 0) places = 0;
      else if (c === SPACE || c === TAB || c === CR || c === NL) break;
      else if (c === DOT) slow = true;
      else {
        this.numberEnd = -1;
        return SLOW;
      }
    }
    this.numberEnd = i;
    if (slow || digits === 0 || digits > 15) return SLOW;
    const v = places > 0 ? mantissa / POW10[places] : mantissa;
    return negative ? -v : v;
  }

  /** 'hhmmss[.s+]' as timeOfDayMs reads it, without the string. */
  private timeAt(from: number, to: number): number {
    const bytes = this.bytes;
    const len = to - from;
    if (len < 6 || len > 20) return SLOW;
    let whole = 0;
    for (let k = 0; k < 6; k++) {
      const c = bytes[from + k] - D0;
      if (c < 0 || c > 9) return SLOW;
      whole = whole * 10 + c;
    }
    let seconds = whole % 100;
    if (len > 6) {
      if (bytes[from + 6] !== DOT || len === 7) return SLOW;
      let frac = 0;
      for (let k = from + 7; k < to; k++) {
        const c = bytes[k] - D0;
        if (c < 0 || c > 9) return SLOW;
        frac = frac * 10 + c;
      }
      const places = len - 7;
      // 'ss.sss' as one mantissa over its power of ten: the double Number('ss.sss') is.
      seconds = ((whole % 100) * POW10[places] + frac) / POW10[places];
    }
    const h = Math.floor(whole / 10000);
    const min = Math.floor(whole / 100) % 100;
    if (h > 23 || min > 59 || seconds >= 61) return NaN;
    return Math.round((h * 3600 + min * 60 + seconds) * 1000 * 1000) / 1000;
  }

  /** The reference reading of one row (trim, split on whitespace, Number()). */
  private slowRow(raw: string, lineNumber: number): 'skip' | 'end' | 'row' {
    const line = raw.trim();
    if (line === '') return 'skip';
    if (line.startsWith('[')) return 'end';
    const layout = this.layout;
    const fields = line.split(/\s+/);
    if (fields.length !== layout.count) {
      this.issues.push({ line: lineNumber, reason: `expected ${layout.count} values` });
      return 'skip';
    }
    this.tod = timeOfDayMs(fields[layout.time]);
    this.latMin = Number(fields[layout.lat]);
    this.lonMin = Number(fields[layout.lon]);
    this.speed = layout.speed >= 0 ? Number(fields[layout.speed]) : NaN;
    this.add(lineNumber);
    return 'row';
  }

  /** Checks the current row's values and adds its fix, or reports why not. */
  private add(lineNumber: number): void {
    const { tod, latMin, lonMin, speed } = this;
    const hasSpeed = this.layout.speed >= 0;
    if (!Number.isFinite(tod) || !Number.isFinite(latMin) || !Number.isFinite(lonMin) || (hasSpeed && !Number.isFinite(speed))) {
      this.issues.push({ line: lineNumber, reason: 'a value is not a number' });
      return;
    }
    const lat = latMin / 60;
    const lon = -lonMin / 60;
    if (latMin === 0 && lonMin === 0) {
      this.issues.push({ line: lineNumber, reason: 'no fix' });
      return;
    }
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      this.issues.push({ line: lineNumber, reason: 'latitude or longitude out of range' });
      return;
    }
    if (Number.isFinite(this.lastTod) && tod < this.lastTod - DAY_MS / 2) this.dayOffset += DAY_MS;
    this.lastTod = tod;
    const epoch = this.dayMs + this.dayOffset + tod;
    if (this.builder.count > 0 && !(epoch > this.builder.lastEpochMs)) {
      this.issues.push({ line: lineNumber, reason: 'time does not advance' });
      return;
    }
    this.builder.push(epoch, lat, lon, hasSpeed ? speed : NaN);
  }
}

/** One `[laptiming]` line ('Start +5279.378270 +2627.874410 +5279.378320 +2627.877020 ¬ Start / Finish'), null when unreadable. */
function laptimingLine(line: string): FileGateLine | null {
  const m = /^(start|split|finish)\s+([-+]?\d+(?:\.\d+)?)\s+([-+]?\d+(?:\.\d+)?)\s+([-+]?\d+(?:\.\d+)?)\s+([-+]?\d+(?:\.\d+)?)/i.exec(line);
  if (!m) return null;
  const [lon1, lat1, lon2, lat2] = m.slice(2, 6).map((v) => Number(v) / 60);
  const a = { lat: lat1, lon: -lon1 };
  const b = { lat: lat2, lon: -lon2 };
  if (![a.lat, a.lon, b.lat, b.lon].every(Number.isFinite) || Math.abs(a.lat) > 90 || Math.abs(b.lat) > 90) return null;
  if (Math.abs(a.lon) > 180 || Math.abs(b.lon) > 180) return null;
  const name = line.split('¬')[1]?.trim() ?? '';
  return { kind: m[1].toLowerCase() as FileGateLine['kind'], a, b, name };
}

/** 'hhmmss.sss' -> ms since midnight, NaN when malformed. */
export function timeOfDayMs(text: string): number {
  const m = /^(\d{2})(\d{2})(\d{2}(?:\.\d+)?)$/.exec(text);
  if (!m) return NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  const s = Number(m[3]);
  if (h > 23 || min > 59 || s >= 61) return NaN;
  return Math.round((h * 3600 + min * 60 + s) * 1000 * 1000) / 1000;
}

/** UTC midnight of the first dd/mm/yyyy in a line, NaN when none. */
function dayFromText(line: string): number {
  const m = DATE_RE.exec(line);
  if (!m) return NaN;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return NaN;
  return Date.UTC(year, month - 1, day);
}
