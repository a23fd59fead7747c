/**
 * Importer of the app's own CSV export (export-csv.ts): a header row naming the columns, then one fix per row.
 * Columns are found by name, so their order may change: `utc` (ISO 8601, the fix's absolute time) or else
 * `time_ms` (ms since the first fix, with the fallback date as the day), `latitude`, `longitude` (degrees) and
 * `speed_kmh` (optional; derived from the positions when empty). `lap` is ignored: laps are re-detected from the
 * circuit's gates like for every import. Bad rows are skipped and reported by line.
 */
import type { ParseIssue } from '../session-types';
import { ImportError } from './import-errors';
import { ColumnsBuilder, fallbackDayMs, isoOf, splitLines } from './import-columns';
import type { ImportOptions, ImportedSession } from './import-types';

const REQUIRED = ['latitude', 'longitude'] as const;

/** A header row holding `latitude`, `longitude` and `utc` or `time_ms` (the first non-blank line). */
export function looksLikeCsvExport(text: string): boolean {
  const first = text.slice(0, 1024).split(/\r?\n/).find((l) => l.trim() !== '');
  if (!first) return false;
  const names = first.split(',').map((n) => n.trim().toLowerCase());
  return REQUIRED.every((n) => names.includes(n)) && (names.includes('utc') || names.includes('time_ms'));
}

const NUMBER = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;
const num = (cell: string | undefined) => (cell !== undefined && NUMBER.test(cell) ? Number(cell) : NaN);

export function importCsv(text: string, options: ImportOptions = {}): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', 'The CSV file is empty.');
  const lines = splitLines(text);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  const names = lines[headerIndex].split(',').map((n) => n.trim().toLowerCase());
  const col = (name: string) => names.indexOf(name);
  const [latCol, lonCol, utcCol, relCol, speedCol] = [col('latitude'), col('longitude'), col('utc'), col('time_ms'), col('speed_kmh')];
  if (latCol < 0 || lonCol < 0 || (utcCol < 0 && relCol < 0)) {
    throw new ImportError('bad-structure', 'The CSV file has no latitude, longitude and utc or time_ms columns.');
  }
  const day = fallbackDayMs(options.fallbackDate);
  const issues: ParseIssue[] = [];
  const builder = new ColumnsBuilder(lines.length);
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    const cells = line.split(',');
    const lat = num(cells[latCol]);
    const lon = num(cells[lonCol]);
    if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) {
      issues.push({ line: i + 1, reason: 'bad lat or lon' });
      continue;
    }
    const utc = utcCol >= 0 ? cells[utcCol]?.trim() : undefined;
    let epoch = utc && /^\d{4}-\d{2}-\d{2}T/.test(utc) ? Date.parse(utc) : NaN;
    if (!Number.isFinite(epoch) && relCol >= 0) epoch = Number.isFinite(day) ? day + num(cells[relCol]) : NaN;
    if (!Number.isFinite(epoch)) {
      issues.push({ line: i + 1, reason: Number.isFinite(day) || utcCol >= 0 ? 'bad time' : 'no date' });
      continue;
    }
    if (builder.count > 0 && !(epoch > builder.lastEpochMs)) {
      issues.push({ line: i + 1, reason: 'time does not advance' });
      continue;
    }
    const speed = speedCol >= 0 ? num(cells[speedCol]) : NaN;
    builder.push(epoch, lat, lon, speed >= 0 ? speed : NaN);
  }
  if (builder.count === 0) {
    if (utcCol < 0 && !Number.isFinite(day)) throw new ImportError('missing-date', 'The CSV file has times but no date.');
    throw new ImportError('no-fixes', 'The CSV file has no usable row.');
  }
  const { positions, startEpochMs } = builder.finish();
  return { positions, startedAt: isoOf(startEpochMs), source: 'csv', issues };
}
