/**
 * The [data] rows of a VBO file, read from its bytes (import-vbo.ts reads the header and sections and hands the
 * rows here): the line helpers over bytes, the time of day, and the in-place row scanner that turns rows into
 * position columns with their issues.
 */
import type { ParseIssue } from '../session-types';
import { LapNumberCrossings } from './csv-table';
import { ColumnsBuilder } from './import-columns';

const DAY_MS = 86_400_000;
/** True when the file is nothing but whitespace (as `text.trim() === ''` says of it decoded). */
export function isBlank(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] > SPACE && bytes[i] < 127) return false;
  // No visible ASCII at all: only the decoded text can tell (non-ASCII spaces are blank to trim()).
  return new TextDecoder().decode(bytes).trim() === '';
}

/** The index of the CR or LF ending the line that starts at `from` (the length when none does). */
export function lineEnd(bytes: Uint8Array, from: number): number {
  let end = from;
  while (end < bytes.length && bytes[end] !== NL && bytes[end] !== CR) end++;
  return end;
}

/** The start of the line after the one ending at `end` (CRLF, LF or CR). */
export function nextLine(bytes: Uint8Array, end: number): number {
  return end < bytes.length && bytes[end] === CR && bytes[end + 1] === NL ? end + 2 : end + 1;
}

const UTF8 = new TextDecoder();

/** One line of the bytes as text (a line holds whole UTF-8 characters: CR and LF never occur inside one). */
export function decodeLine(bytes: Uint8Array, from: number, to: number): string {
  return UTF8.decode(bytes.subarray(from, to));
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

/** Where the columns we read are among a row's values (-1: the file has no speed, no lap number). */
export interface RowLayout {
  count: number;
  time: number;
  lat: number;
  lon: number;
  speed: number;
  /** The logger's own lap number (VBOX CAN `Lap_Number`, a lap counter channel). */
  lap: number;
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
export class VboRows {
  readonly builder: ColumnsBuilder;
  readonly issues: ParseIssue[] = [];
  /** The logger's crossings where its lap number goes up (only when the layout has a lap column). */
  readonly laps = new LapNumberCrossings();
  private dayOffset = 0;
  private lastTod = NaN;
  /** The values of the current row, by role (see RowLayout), NaN when not a number, SLOW when not read here. */
  private tod = NaN;
  private latMin = NaN;
  private lonMin = NaN;
  private speed = NaN;
  /** Where the row fastRow read ends (its CR or LF, or the length). */
  private rowEnd = 0;
  /** The current row's lap cell (bytes from-to), and the last lap cell read as a number (its bytes and value). */
  private lapFrom = 0;
  private lapTo = 0;
  private lastLapText = '';
  private lastLap = NaN;
  /** The slow path's lap value of the current row (NaN when the fast path read the row). */
  private slowLap = NaN;
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
        else if (field === layout.lap) {
          this.lapFrom = i;
          this.lapTo = j;
        }
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
    this.slowLap = layout.lap >= 0 ? Number(fields[layout.lap]) : NaN;
    this.latMin = Number(fields[layout.lat]);
    this.lonMin = Number(fields[layout.lon]);
    this.speed = layout.speed >= 0 ? Number(fields[layout.speed]) : NaN;
    this.add(lineNumber);
    this.slowLap = NaN;
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
    if (this.layout.lap >= 0) this.laps.add(this.lapValue(), epoch);
  }

  /**
   * The current row's lap number. The lap cell is the same text row after row (VBOX writes it like '+2.000000E+00'),
   * so it is decoded only when its bytes change.
   */
  private lapValue(): number {
    if (!Number.isNaN(this.slowLap)) return this.slowLap;
    const { bytes, lapFrom, lapTo } = this;
    const last = this.lastLapText;
    let same = last.length === lapTo - lapFrom;
    for (let k = 0; same && k < last.length; k++) same = last.charCodeAt(k) === bytes[lapFrom + k];
    if (!same) {
      this.lastLapText = decodeLine(bytes, lapFrom, lapTo);
      this.lastLap = Number(this.lastLapText);
    }
    return this.lastLap;
  }
}
