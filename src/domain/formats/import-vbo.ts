/**
 * VBO importer (Racelogic VBOX format, also written by RaceBox, Dragy and RaceChrono).
 *
 * Layout: an optional 'File created on dd/mm/yyyy @ hh:mm' line, then sections in brackets; `[column names]`
 * holds one line of space-separated names, `[data]` one space-separated row per fix. Columns used: `time`
 * (UTC hhmmss.sss), `lat` and `long` in MINUTES (divide by 60), VBO's longitude positive to the WEST (so the
 * sign flips), and `velocity` in km/h when present. Other columns are ignored.
 *
 * The date comes from 'File created on', else a 'Date Started: dd/mm/yyyy' comment, else the caller's
 * fallback date. Times that go back by more than 12 h are taken as crossing midnight. Rows with the wrong
 * number of values, a non-number, no fix (lat = long = 0) or coordinates out of range are skipped and reported.
 */
import type { ParseIssue } from '../session-types';
import { ImportError } from './import-errors';
import { ColumnsBuilder, fallbackDayMs, isoOf, splitLines } from './import-columns';
import type { ImportOptions, ImportedSession } from './import-types';

const DAY_MS = 86_400_000;
const DATE_RE = /(\d{1,2})\/(\d{1,2})\/(\d{4})/;

export function looksLikeVbo(text: string): boolean {
  // VBOX headers list every channel (100+ on some loggers), so look further than the first few KiB.
  const head = text.slice(0, 65_536).toLowerCase();
  return head.includes('[column names]') || (head.includes('file created on') && head.includes('[header]'));
}

export function importVbo(text: string, options: ImportOptions = {}): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', 'The VBO file is empty.');
  const lines = splitLines(text);
  let section = '';
  let columns: string[] | null = null;
  let dayMs = NaN;
  let dataStart = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const lower = line.toLowerCase();
    if (line.startsWith('[') && line.endsWith(']')) {
      section = lower;
      if (section === '[data]') {
        dataStart = i + 1;
        break;
      }
      continue;
    }
    if (!Number.isFinite(dayMs) && (lower.startsWith('file created on') || lower.includes('date started'))) {
      dayMs = dayFromText(line);
    }
    if (section === '[column names]' && columns === null) columns = lower.split(/\s+/);
  }
  if (columns === null || dataStart < 0) {
    throw new ImportError('bad-structure', 'Not a VBO file: the [column names] or [data] section is missing.');
  }
  const timeCol = columns.indexOf('time');
  const latCol = columns.indexOf('lat');
  const lonCol = columns.indexOf('long');
  const speedCol = columns.findIndex((c) => c === 'velocity' || c === 'velocity-kmh' || c === 'speed');
  if (timeCol < 0 || latCol < 0 || lonCol < 0) {
    throw new ImportError('bad-structure', 'The VBO file has no time, lat or long column.');
  }
  if (!Number.isFinite(dayMs)) dayMs = fallbackDayMs(options.fallbackDate);
  if (!Number.isFinite(dayMs)) throw new ImportError('missing-date', 'The VBO file has no date.');

  const issues: ParseIssue[] = [];
  const builder = new ColumnsBuilder(lines.length - dataStart);
  let dayOffset = 0;
  let lastTod = NaN;
  for (let i = dataStart; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    if (line.startsWith('[')) break;
    const fields = line.split(/\s+/);
    if (fields.length !== columns.length) {
      issues.push({ line: i + 1, reason: `expected ${columns.length} values` });
      continue;
    }
    const tod = timeOfDayMs(fields[timeCol]);
    const latMin = Number(fields[latCol]);
    const lonMin = Number(fields[lonCol]);
    const speed = speedCol >= 0 ? Number(fields[speedCol]) : NaN;
    if (!Number.isFinite(tod) || !Number.isFinite(latMin) || !Number.isFinite(lonMin) || (speedCol >= 0 && !Number.isFinite(speed))) {
      issues.push({ line: i + 1, reason: 'a value is not a number' });
      continue;
    }
    const lat = latMin / 60;
    const lon = -lonMin / 60;
    if (latMin === 0 && lonMin === 0) {
      issues.push({ line: i + 1, reason: 'no fix' });
      continue;
    }
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      issues.push({ line: i + 1, reason: 'latitude or longitude out of range' });
      continue;
    }
    if (Number.isFinite(lastTod) && tod < lastTod - DAY_MS / 2) dayOffset += DAY_MS;
    lastTod = tod;
    const epoch = dayMs + dayOffset + tod;
    if (builder.count > 0 && !(epoch > builder.lastEpochMs)) {
      issues.push({ line: i + 1, reason: 'time does not advance' });
      continue;
    }
    builder.push(epoch, lat, lon, speed);
  }
  if (builder.count === 0) throw new ImportError('no-fixes', 'The VBO file has no usable fix.');
  const { positions, startEpochMs } = builder.finish();
  return { positions, startedAt: isoOf(startEpochMs), source: 'vbo', issues };
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
