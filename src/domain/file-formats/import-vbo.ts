/**
 * VBO importer (Racelogic VBOX format, also written by RaceBox, Dragy and RaceChrono).
 *
 * Layout: an optional 'File created on dd/mm/yyyy @ hh:mm' line, then sections in brackets; `[column names]`
 * holds one line of space-separated names, `[data]` one space-separated row per fix. Columns used: `time`
 * (UTC hhmmss.sss), `lat` and `long` in MINUTES (divide by 60), VBO's longitude positive to the WEST (so the
 * sign flips), `velocity` in km/h when present, and the logger's own lap number when it writes one (VBOX's CAN
 * `Lap_Number`): where it goes up the logger crossed its line (as late as the row), kept as `loggerLaps`. Other
 * columns are ignored. Loggers spell these columns
 * differently (RaceBox writes `lng`, some exports `latitude`/`longitude` or `speed`): every spelling in
 * COLUMN_ALIASES is accepted, and a file missing one is refused naming the column.
 *
 * `[laptiming]` (VBOX, RaceChrono, RaceBox): the logger's own gates, one per line, two points in minutes, in the
 * order and sign the recorded trace says (vbo-laptiming.ts); kept as `fileGates` (file-gates.ts times laps with them).
 *
 * The date comes from 'File created on', else a 'Date Started: dd/mm/yyyy' comment, else the caller's
 * fallback date. Times that go back by more than 12 h are taken as crossing midnight. Rows with the wrong
 * number of values, a non-number, no fix (lat = long = 0) or coordinates out of range are skipped and reported
 * (the rows are read from the bytes by vbo-data-rows.ts).
 */
import { ImportError } from './import-errors';
import { fallbackDayMs, isoOf } from './import-columns';
import { decodeLine, isBlank, lineEnd, nextLine, VboRows } from './vbo-data-rows';
import type { ImportOptions, ImportedSession } from './import-types';
import { laptimingGates, parseLaptimingLine, type LaptimingLine } from './vbo-laptiming';

/** Every spelling of the columns we read, as loggers write them (lower case); the first names the column in messages. */
const VBO_COLUMN_ALIASES = {
  time: ['time', 'utc-time', 'utctime', 'utc_time', 'gps-time'],
  lat: ['lat', 'latitude', 'lat-min', 'lat_min'],
  long: ['long', 'lng', 'lon', 'longitude', 'long-min', 'lon_min', 'long_min'],
  velocity: ['velocity', 'velocity-kmh', 'velocity_kmh', 'velocitykmh', 'speed', 'speed-kmh', 'speed_kmh', 'vel'],
  lap: ['lap_number', 'lapnumber', 'lap-number', 'lap_no', 'lap'],
} as const;

const findColumn = (columns: readonly string[], aliases: readonly string[]) => columns.findIndex((c) => aliases.includes(c));

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
  const laptiming: LaptimingLine[] = [];
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
      const gate = parseLaptimingLine(line);
      if (gate) laptiming.push(gate);
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
  const lapCol = findColumn(columns, VBO_COLUMN_ALIASES.lap);
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

  const rows = new VboRows(bytes, dataPos, dataLine, { count: columns.length, time: timeCol, lat: latCol, lon: lonCol, speed: speedCol, lap: lapCol }, dayMs);
  rows.scan(options.onParsed);
  const { builder, issues } = rows;
  if (builder.count === 0) {
    const first = issues[0];
    throw new ImportError('no-fixes', `The VBO file has no usable fix${first ? ` (line ${first.line}: ${first.reason})` : ''}.`, first ? { line: first.line, lineReason: first.reason } : {});
  }
  const { positions, startEpochMs } = builder.finish();
  const fileGates = laptimingGates(laptiming, positions);
  const loggerLaps = rows.laps.loggerLaps(startEpochMs, startEpochMs + positions.timeMs[positions.count - 1]);
  return { positions, startedAt: isoOf(startEpochMs), source: 'vbo', issues, ...(fileGates.length > 0 ? { fileGates } : {}), ...(loggerLaps ? { loggerLaps } : {}) };
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
