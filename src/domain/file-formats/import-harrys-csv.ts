/**
 * Harry's LapTimer CSV export (its 'GPS CSV' of the recorded fixes).
 *
 * Layout: a first line naming the app ("Harry's GPS LapTimer", "Harry's LapTimer..."), then a header row and
 * one row per GPS fix. Two header styles are written: units in brackets (`LAPINDEX,DATE,TIME,LATITUDE[degrees],
 * LONGITUDE[degrees],SPEED[km/h],...,TIMEFROMSTART[s]`, older versions) and units in the names (`INDEX,
 * LAPINDEX,DATE,TIME,TIME_LAP,LATITUDE,LONGITUDE,SPEED_KPH,SPEED_MPH,...`). Columns are found by name.
 * DATE ('14-AUG-16', '2016-08-14', '14.08.2016') and TIME ('16:57:02.65') are the fix's time; the file names
 * no zone, so startedAt is written without one, like ASTRO's wall clock. LAPINDEX is the app's lap of each fix:
 * where it goes up, the app crossed its start/finish line, at the row's time less TIME_LAP / TIMEFROMSTART
 * (the time since that lap's start).
 */
import type { ParseIssue } from '../session-types';
import {
  cellNumber,
  findColumn,
  findHeaderRow,
  LapNumberCrossings,
  parseLooseDate,
  parseTimeOfDayMs,
  pushFix,
  speedFactorToKmh,
  tableLines,
  unitInName,
  usesDecimalComma,
  wallClockIso,
} from './csv-table';
import { ImportError } from './import-errors';
import { ColumnsBuilder } from './import-columns';
import type { ImportedSession } from './import-types';

const DAY_MS = 86_400_000;

export function looksLikeHarrysCsv(text: string): boolean {
  const head = text.slice(0, 2048);
  return /^\uFEFF?\s*"?Harry'?s (GPS )?LapTimer/i.test(head) && /LAPINDEX/i.test(head);
}

export function importHarrysCsv(text: string): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', "The Harry's LapTimer CSV file is empty.");
  const lines = tableLines(text);
  const { index: header, delimiter, names } = findHeaderRow(lines, (l) => /LAPINDEX/i.test(l), "The Harry's LapTimer CSV file has no header row with LAPINDEX.");
  const col = (...keys: string[]) => findColumn(names, keys);
  const latCol = col('latitude');
  const lonCol = col('longitude');
  const dateCol = col('date');
  const timeCol = col('time');
  const lapCol = col('lapindex');
  const lapTimeCol = col('time lap', 'timefromstart');
  const missing = [latCol < 0 && 'LATITUDE', lonCol < 0 && 'LONGITUDE', dateCol < 0 && 'DATE', timeCol < 0 && 'TIME'].filter(Boolean);
  if (missing.length > 0) throw new ImportError('bad-structure', `The Harry's LapTimer CSV file has no ${missing.join(', ')} column.`);
  let speedCol = col('speed kph', 'speed kmh');
  let speedFactor = 1;
  if (speedCol < 0) {
    speedCol = col('speed', 'speed mph');
    const unit = speedCol >= 0 ? unitInName(names[speedCol]) || names[speedCol] : '';
    speedFactor = Number.isFinite(speedFactorToKmh(unit)) ? speedFactorToKmh(unit) : 1;
  }

  const issues: ParseIssue[] = [];
  const builder = new ColumnsBuilder(lines.length - header);
  const laps = new LapNumberCrossings();
  let decimalComma: boolean | null = null;
  let lastDateText = '';
  let dayMs = NaN;
  for (let i = header + 1; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    const cells = (line.includes('"') ? line.replace(/"/g, '') : line).split(delimiter);
    decimalComma ??= usesDecimalComma(delimiter, cells);
    const dateText = cells[dateCol] ?? '';
    if (dateText !== lastDateText) {
      const d = parseLooseDate(dateText, 'dmy');
      dayMs = d ? Date.UTC(d.y, d.m - 1, d.d) : NaN;
      lastDateText = dateText;
    }
    let epoch = dayMs + parseTimeOfDayMs(cells[timeCol] ?? '');
    // A fix just after midnight may still carry the previous day's date.
    if (builder.count > 0 && epoch < builder.lastEpochMs - DAY_MS / 2) epoch += DAY_MS;
    const speed = speedCol >= 0 ? cellNumber(cells[speedCol], decimalComma) * speedFactor : NaN;
    if (pushFix(builder, issues, i + 1, epoch, cellNumber(cells[latCol], decimalComma), cellNumber(cells[lonCol], decimalComma), speed) && lapCol >= 0) {
      laps.add(cellNumber(cells[lapCol]), epoch, { elapsedInLapMs: lapTimeCol >= 0 ? cellNumber(cells[lapTimeCol], decimalComma) * 1000 : NaN });
    }
  }
  if (builder.count === 0) throw new ImportError('no-fixes', "The Harry's LapTimer CSV file has no row with a date, time and GPS position.");
  const { positions, startEpochMs } = builder.finish();
  const loggerLaps = laps.loggerLaps(startEpochMs, startEpochMs + positions.timeMs[positions.count - 1]);
  return { positions, startedAt: wallClockIso(startEpochMs), source: 'harrys-csv', issues, ...(loggerLaps ? { loggerLaps } : {}) };
}
