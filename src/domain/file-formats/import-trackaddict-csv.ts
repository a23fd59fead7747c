/**
 * TrackAddict CSV (the app's RaceRender data export).
 *
 * Layout: comment lines starting with '#' ('# RaceRender Data: TrackAddict 4.8.0 on iOS...', '# End Point',
 * '# GPS', '# Lap 1: 00:01:47.963'...), a quoted header row, then one row per sample. Columns used: `UTC Time`
 * (unix seconds, the fix's instant), else `Time` (seconds since the start, dated by the fallback date);
 * `Latitude`, `Longitude` (degrees); `Speed (MPH)` or `Speed (Km/h)`; `GPS_Update` (1 on the rows where a new
 * GPS fix arrived: sensors are sampled faster than the GPS, so only those rows are fixes); `Lap` (the app's
 * own lap number, 0 for the out-lap: its increments are the app's start/finish crossings, as late as the row).
 * A '# Lap N: hh:mm:ss.sss' line follows the last row of lap N: the app's own time of that lap, to the
 * millisecond. Those times are the logger's laps (logger-crossings.ts places them between the rows).
 */
import type { ParseIssue } from '../session-types';
import { cellNumber, detectDelimiter, findColumn, LapNumberCrossings, pushFix, speedFactorToKmh, splitCells, tableLines, unitInName } from './csv-table';
import { ImportError } from './import-errors';
import { ColumnsBuilder, fallbackDayMs, isoOf } from './import-columns';
import type { ImportOptions, ImportedSession } from './import-types';

const LAP_LINE = /^#\s*Lap\s+(\d+)\s*:\s*(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)(?:\s|$)/i;

/** A '# Lap 3: 00:01:47.963' line: the lap and its time in ms; null for any other comment. */
function lapTimeLine(line: string): { lap: number; timeMs: number } | null {
  const m = LAP_LINE.exec(line.trim());
  if (!m) return null;
  const timeMs = Math.round((Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4])) * 1e6) / 1e3;
  return timeMs > 0 ? { lap: Number(m[1]), timeMs } : null;
}

export function looksLikeTrackAddictCsv(text: string): boolean {
  return /^\uFEFF?# RaceRender Data: TrackAddict/.test(text.slice(0, 256));
}

export function importTrackAddictCsv(text: string, options: ImportOptions = {}): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', 'The TrackAddict CSV file is empty.');
  const lines = tableLines(text);
  const header = lines.findIndex((l) => l.trim() !== '' && !l.startsWith('#'));
  if (header < 0) throw new ImportError('bad-structure', 'The TrackAddict CSV file has no header row after its # comments.');
  const delimiter = detectDelimiter(lines[header]);
  const names = splitCells(lines[header], delimiter).map((n) => n.trim());
  const col = (...keys: string[]) => findColumn(names, keys);
  const latCol = col('latitude');
  const lonCol = col('longitude');
  const utcCol = col('utc time');
  const relCol = col('time');
  if (latCol < 0 || lonCol < 0 || (utcCol < 0 && relCol < 0)) {
    const missing = [latCol < 0 && 'Latitude', lonCol < 0 && 'Longitude', utcCol < 0 && relCol < 0 && 'Time or UTC Time'].filter(Boolean).join(', ');
    throw new ImportError('bad-structure', `The TrackAddict CSV file has no ${missing} column.`);
  }
  const speedCol = names.findIndex((n) => /^speed/i.test(n) && Number.isFinite(speedFactorToKmh(unitInName(n))));
  const speedFactor = speedCol >= 0 ? speedFactorToKmh(unitInName(names[speedCol])) : NaN;
  const updateCol = col('gps update');
  const lapCol = col('lap');
  const day = fallbackDayMs(options.fallbackDate);
  const fallbackStart = typeof options.fallbackDate === 'number' ? options.fallbackDate : Date.parse(options.fallbackDate ?? '');
  if (utcCol < 0 && !Number.isFinite(day)) throw new ImportError('missing-date', 'The TrackAddict CSV file has no UTC Time column and no date.');

  const issues: ParseIssue[] = [];
  const builder = new ColumnsBuilder(lines.length - header);
  const laps = new LapNumberCrossings();
  const lapTimesMs = new Map<number, number>();
  for (let i = header + 1; i < lines.length; i++) {
    const line = lines[i];
    if (line === '') continue;
    if (line.startsWith('#')) {
      const lap = lapTimeLine(line);
      if (lap) lapTimesMs.set(lap.lap, lap.timeMs);
      continue;
    }
    const cells = (line.includes('"') ? line.replace(/"/g, '') : line).split(delimiter);
    const epoch = utcCol >= 0 ? cellNumber(cells[utcCol]) * 1000 : fallbackStart + cellNumber(cells[relCol]) * 1000;
    // Sensor rows between two GPS fixes repeat the last position: only the rows with a new fix are kept.
    const sensorRow = updateCol >= 0 && builder.count > 0 && cells[updateCol]?.trim() !== '1';
    if (lapCol >= 0) laps.add(cellNumber(cells[lapCol]), epoch, { fix: !sensorRow });
    if (sensorRow) continue;
    const speed = speedCol >= 0 ? cellNumber(cells[speedCol]) * speedFactor : NaN;
    pushFix(builder, issues, i + 1, epoch, cellNumber(cells[latCol]), cellNumber(cells[lonCol]), speed);
  }
  if (builder.count === 0) throw new ImportError('no-fixes', 'The TrackAddict CSV file has no row with a GPS position.');
  const { positions, startEpochMs } = builder.finish();
  const loggerLaps = laps.loggerLaps(startEpochMs, startEpochMs + positions.timeMs[positions.count - 1], lapTimesMs);
  return { positions, startedAt: isoOf(startEpochMs), source: 'trackaddict-csv', issues, ...(loggerLaps ? { loggerLaps } : {}) };
}
