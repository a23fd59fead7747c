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
import { ColumnsBuilder, fallbackDayMs, isoOf, splitLines } from './import-columns';
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

export function importVbo(text: string, options: ImportOptions = {}): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', 'The VBO file is empty.');
  const lines = splitLines(text);
  let section = '';
  let columns: string[] | null = null;
  let dayMs = NaN;
  let dataStart = -1;
  const fileGates: FileGateLine[] = [];
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
    if (section === '[laptiming]') {
      const gate = laptimingLine(line);
      if (gate) fileGates.push(gate);
    }
  }
  if (columns === null) {
    throw new ImportError('missing-section', 'Not a VBO file: the [column names] section is missing.', { section: '[column names]' });
  }
  if (dataStart < 0) throw new ImportError('missing-section', 'Not a VBO file: the [data] section is missing.', { section: '[data]' });
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
  if (builder.count === 0) {
    const first = issues[0];
    throw new ImportError('no-fixes', `The VBO file has no usable fix${first ? ` (line ${first.line}: ${first.reason})` : ''}.`, first ? { line: first.line, lineReason: first.reason } : {});
  }
  const { positions, startEpochMs } = builder.finish();
  return { positions, startedAt: isoOf(startEpochMs), source: 'vbo', issues, ...(fileGates.length > 0 ? { fileGates } : {}) };
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
