/**
 * Parser for the device's laps file (docs/device-protocol.md, 'File contents'):
 *   `<record>;<lap>;<lapMs>;<s1Ms>;<s2Ms>;<s3Ms>;<maxKmh>;<minKmh>` (8 fields), or the older firmware's 7 fields
 *   without `<record>`. Lines end with `\n`, `\r\n` is tolerated, blank lines are skipped.
 *
 * Rules (how ASTRO numbers laps): lap 0 (before the first start/finish crossing) is ignored; laps are sorted by number; the last
 * lap is named 'In Lap', the others 'Lap N'; a lap is valid only if its time is above zero (invalid laps are kept).
 * Corrupt lines are reported with their 1-based line number and never throw. A repeated lap number keeps the
 * first line and reports the later one.
 */
import type { LapRecord, ParseIssue } from './session-types';
import { MAX_SPEED_KMH, MAX_TIME_MS } from './physical-bounds';

export interface ParsedLaps {
  laps: LapRecord[];
  issues: ParseIssue[];
}

/** A plain decimal number: optional sign, digits, optional fraction. Rejects '', 'NaN', '1e5', '0x10', ' '. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const INTEGER = /^[+-]?\d+$/;
/** Longest lap or sector time kept: under 24 h (a session is one day at the track). */
/** Fastest speed kept (km/h): beyond what a kart, motorcycle or car on a circuit reaches. */

function decimal(field: string): number {
  const t = field.trim();
  return DECIMAL.test(t) ? Number(t) : NaN;
}

function integer(field: string): number {
  const t = field.trim();
  return INTEGER.test(t) ? Number(t) : NaN;
}

/** Name of a lap given whether it is the last one (the last lap is the in lap). */
export function lapName(lapNumber: number, isLast: boolean): string {
  return isLast ? 'In Lap' : `Lap ${lapNumber}`;
}

export function parseLapsText(text: string): ParsedLaps {
  const issues: ParseIssue[] = [];
  const laps = parseLaps(text, (issue) => issues.push(issue));
  return { laps, issues };
}

/**
 * The laps and only the number of bad lines: what the server keeps. No object per bad line, so a text of millions
 * of damaged lines costs no more memory than its good ones.
 */
export function parseLapsCounting(text: string): { laps: LapRecord[]; badLines: number } {
  let badLines = 0;
  const laps = parseLaps(text, () => {
    badLines++;
  });
  return { laps, badLines };
}

function parseLaps(text: string, report: (issue: ParseIssue) => void): LapRecord[] {
  const issues = { push: report };
  const byNumber = new Map<number, Omit<LapRecord, 'lapName'>>();
  const lines = typeof text === 'string' ? text.split('\n') : [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.trim() === '') continue;
    const lineNo = i + 1;
    const fields = line.split(';');
    if (fields.length !== 8 && fields.length !== 7) {
      issues.push({ line: lineNo, reason: `expected 7 or 8 fields, found ${fields.length}` });
      continue;
    }
    const f = fields.length === 8 ? fields.slice(1) : fields;
    if (fields.length === 8 && !Number.isFinite(decimal(fields[0]))) {
      issues.push({ line: lineNo, reason: 'record is not a number' });
      continue;
    }
    const lapNumber = integer(f[0]);
    if (!Number.isSafeInteger(lapNumber) || lapNumber < 0) {
      issues.push({ line: lineNo, reason: 'lap number is not a non-negative integer' });
      continue;
    }
    const values = [decimal(f[1]), decimal(f[2]), decimal(f[3]), decimal(f[4]), decimal(f[5]), decimal(f[6])];
    const bad = values.findIndex((v) => !Number.isFinite(v));
    if (bad >= 0) {
      const names = ['lap time', 'sector 1 time', 'sector 2 time', 'sector 3 time', 'max speed', 'min speed'];
      issues.push({ line: lineNo, reason: `${names[bad]} is not a number` });
      continue;
    }
    // Physical bounds: a time under a day, a speed up to 500 km/h (zero or less stays: it marks a lap that was not
    // closed, kept as invalid). Garbage that still reads as a number (a damaged line) is reported, never kept as
    // a lap of days or years.
    const outOfRange = values.findIndex((v, k) => v > (k < 4 ? MAX_TIME_MS : MAX_SPEED_KMH));
    if (outOfRange >= 0) {
      const names = ['lap time', 'sector 1 time', 'sector 2 time', 'sector 3 time', 'max speed', 'min speed'];
      issues.push({ line: lineNo, reason: `${names[outOfRange]} is out of range` });
      continue;
    }
    if (lapNumber === 0) continue;
    if (byNumber.has(lapNumber)) {
      issues.push({ line: lineNo, reason: `lap ${lapNumber} repeated` });
      continue;
    }
    const [timeMs, s1, s2, s3, maxSpeedKmh, minSpeedKmh] = values;
    byNumber.set(lapNumber, {
      lapNumber,
      timeMs,
      sectorsMs: [s1, s2, s3],
      maxSpeedKmh,
      minSpeedKmh,
      valid: timeMs > 0,
    });
  }
  const sorted = [...byNumber.values()].sort((a, b) => a.lapNumber - b.lapNumber);
  return sorted.map((lap, index) => ({
    ...lap,
    lapName: lapName(lap.lapNumber, index === sorted.length - 1),
  }));
}
