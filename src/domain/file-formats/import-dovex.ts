/**
 * Dove / LapWing logs (the DovesDataLogger 'BirdsEye' firmware and its LapWing viewer). No specification is
 * published; this follows the logger's own writer and reader code (dovex_header.cpp, the logging code, and the
 * viewer's dovex parser), as no real log file could be found:
 *  - `.dovex`: a reserved region (1 KiB on current firmware, 8 KiB on early files, padded with LF or NUL) holding
 *    `datetime,driver,course,short_name,best_lap_ms,optimal_ms[,device_name,race_mode]`, its values, `laps_ms`
 *    (or `lap_times_ms`) and the logger's lap times in ms, comma-separated; CRLF line ends. The region stays
 *    pure padding when the session was never closed on the logger.
 *  - then (and alone, in a plain `.dove`): a CSV with a header row, e.g.
 *    `timestamp,sats,hdop,lat,lng,speed_mph,altitude_m,heading_deg,h_acc_m,rpm,accel_x,accel_y,accel_z`.
 * `timestamp` is Unix epoch ms (UTC), `lat`/`lng` decimal degrees, `speed_mph` miles per hour. The header's lap
 * list (lengths only) is kept as the logger's laps.
 */
import type { ParseIssue } from '../session-types';
import { MAX_SPEED_KMH } from '../physical-bounds';
import { ImportError } from './import-errors';
import { ColumnsBuilder, isoOf, splitLines } from './import-columns';
import type { ImportedSession, LoggerLap } from './import-types';

/** km/h per mph (an international mile is 1609.344 m). */
const KMH_PER_MPH = 1.609344;
/** Columns a Dove CSV header must name. */
const REQUIRED = ['timestamp', 'lat', 'lng', 'speed_mph'];
/** The metadata row's first names (current firmware writes exactly these first). */
const METADATA_SIGNATURE = ['datetime', 'driver', 'course'];

/** How far into the file the CSV header may start: past the largest reserved region the firmware has used. */
const HEADER_SEARCH_CHARS = 8192 + 4096;

export function looksLikeDovex(text: string): boolean {
  return findCsvHeader(text) !== null;
}

export function importDovex(text: string): ImportedSession {
  const found = findCsvHeader(text);
  if (found === null) throw new ImportError('bad-structure', 'Not a Dove log: no header row with timestamp, lat, lng and speed_mph.');
  const metadata = readMetadata(text.slice(0, found.start));
  const lines = splitLines(text.slice(found.start));
  // Line numbers in issues count from the top of the file, padding included.
  const firstLine = splitLines(text.slice(0, found.start)).length;
  const names = lines[0].split(',').map((n) => n.trim().toLowerCase());
  const timeCol = names.indexOf('timestamp');
  const latCol = names.indexOf('lat');
  const lonCol = names.indexOf('lng');
  const speedCol = names.indexOf('speed_mph');
  const issues: ParseIssue[] = [];
  const builder = new ColumnsBuilder(lines.length);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const lineNumber = firstLine + i;
    const cells = line.split(',');
    if (cells.length < names.length) {
      issues.push({ line: lineNumber, reason: `expected ${names.length} values` });
      continue;
    }
    const epoch = Number(cells[timeCol]);
    const lat = Number(cells[latCol]);
    const lon = Number(cells[lonCol]);
    const kmh = Number(cells[speedCol]) * KMH_PER_MPH;
    if (![epoch, lat, lon, kmh].every(Number.isFinite) || cells[timeCol].trim() === '') {
      issues.push({ line: lineNumber, reason: 'a value is not a number' });
      continue;
    }
    if (lat === 0 && lon === 0) {
      issues.push({ line: lineNumber, reason: 'no fix' });
      continue;
    }
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      issues.push({ line: lineNumber, reason: 'latitude or longitude out of range' });
      continue;
    }
    if (kmh < 0 || kmh > MAX_SPEED_KMH) {
      issues.push({ line: lineNumber, reason: 'speed out of range' });
      continue;
    }
    if (builder.count > 0 && !(epoch > builder.lastEpochMs)) {
      issues.push({ line: lineNumber, reason: 'time does not advance' });
      continue;
    }
    builder.push(epoch, lat, lon, kmh);
  }
  if (builder.count === 0) throw new ImportError('no-fixes', 'The Dove log has no usable fix.');
  const { positions, startEpochMs } = builder.finish();
  return {
    positions,
    startedAt: isoOf(startEpochMs),
    source: 'dovex',
    issues,
    ...(metadata.laps.length > 0 ? { loggerLaps: metadata.laps } : {}),
  };
}

/**
 * Where the Dove CSV header row starts: the first line naming the required columns, with only the metadata
 * rows or padding before it. null when there is none.
 */
function findCsvHeader(text: string): { start: number } | null {
  const head = text.slice(0, HEADER_SEARCH_CHARS);
  let at = 0;
  let lineIndex = 0;
  while (at < head.length) {
    let end = head.indexOf('\n', at);
    if (end < 0) end = head.length;
    const raw = head.slice(at, end);
    const line = raw.replace(/^[\0\s]+/, '').replace(/\r$/, '');
    const names = line.toLowerCase().split(',').map((n) => n.trim());
    if (names[0] === 'timestamp' && REQUIRED.every((n) => names.includes(n))) {
      // The row starts after any NUL or blank padding on its own line.
      return { start: at + raw.length - raw.replace(/^[\0\s]+/, '').length };
    }
    // Before the header only the metadata block (4 rows, the first one named) or padding may come.
    if (line.trim() !== '') {
      if (lineIndex === 0 && !METADATA_SIGNATURE.every((n) => names.includes(n))) return null;
      if (lineIndex >= 4) return null;
      lineIndex++;
    }
    at = end + 1;
  }
  return null;
}

/** The reserved region's lap list (positive ms values); empty when it was never written. */
function readMetadata(region: string): { laps: LoggerLap[] } {
  const rows = splitLines(region.replace(/\0/g, ''))
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const lapLabel = rows.findIndex((r) => /^(laps_ms|lap_times_ms)$/i.test(r));
  if (lapLabel < 0 || lapLabel + 1 >= rows.length) return { laps: [] };
  const laps: LoggerLap[] = [];
  for (const cell of rows[lapLabel + 1].split(',')) {
    const ms = Number(cell.trim());
    if (Number.isInteger(ms) && ms > 0) laps.push({ lapNumber: laps.length + 1, durationMs: ms });
  }
  return { laps };
}
