/**
 * RaceChrono CSV v2 (the export of RaceChrono before v3 split names, units and sources into three rows).
 *
 * Layout: the preamble ('This file is created using RaceChrono...', 'Format,2', 'Session title', 'Track name',
 * 'Created,dd/mm/yyyy,hh:mm'...), a blank line, then ONE header row whose names carry their units in brackets
 * ('Timestamp (s)', 'Lap (#)', 'Elapsed time (s)', 'Latitude (deg)', 'Longitude (deg)', 'Speed (m/s)'), then one
 * row per sample. Columns are found by name, units read from the brackets (speed m/s unless it says km/h or
 * mph). `Timestamp` is unix seconds; a file with only a relative time is dated by its 'Created' row.
 * The lap number is RaceChrono's own: where it goes up, RaceChrono writes a row at its start/finish crossing
 * (as in v3), so that row's time is the logger's crossing.
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
  splitCells,
  tableLines,
  unitInName,
} from './csv-table';
import { ImportError } from './import-errors';
import { ColumnsBuilder, isoOf } from './import-columns';
import type { ImportedSession } from './import-types';

export function looksLikeRaceChronoCsvV2(text: string): boolean {
  const head = text.slice(0, 4096);
  return /^\uFEFF?This file is created using RaceChrono/i.test(head) && /^Format,2\s*$/m.test(head);
}

export function importRaceChronoCsvV2(text: string): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', 'The RaceChrono CSV v2 file is empty.');
  const lines = tableLines(text);
  const { index: header, delimiter, names } = findHeaderRow(
    lines,
    (l) => /latitude/i.test(l) && /(^|,)"?(time|timestamp)/i.test(l),
    'The RaceChrono CSV v2 file has no header row with a time and Latitude.',
  );
  const col = (...keys: string[]) => findColumn(names, keys);
  const tsCol = col('timestamp');
  const relCol = col('time', 'elapsed time');
  const latCol = col('latitude');
  const lonCol = col('longitude');
  if (latCol < 0 || lonCol < 0) {
    throw new ImportError('bad-structure', `The RaceChrono CSV v2 file has no ${latCol < 0 ? 'Latitude' : 'Longitude'} column.`);
  }
  const lapCol = col('lap', 'lap #', 'lap number');
  const speedCol = col('speed');
  const speedUnit = speedCol >= 0 ? unitInName(names[speedCol]) : '';
  const speedFactor = Number.isFinite(speedFactorToKmh(speedUnit)) ? speedFactorToKmh(speedUnit) : 3.6;
  const created = lines.slice(0, header).find((l) => l.startsWith('Created,'));
  const createdCells = created ? splitCells(created) : [];
  const createdDay = parseLooseDate(createdCells[1] ?? '', 'dmy');
  const createdMs = createdDay ? Date.UTC(createdDay.y, createdDay.m - 1, createdDay.d) + (parseTimeOfDayMs(createdCells[2] ?? '') || 0) : NaN;
  if (tsCol < 0 && !Number.isFinite(createdMs)) {
    throw new ImportError('missing-date', 'The RaceChrono CSV v2 file has no Timestamp column and no Created date.');
  }

  const issues: ParseIssue[] = [];
  const builder = new ColumnsBuilder(lines.length - header);
  const laps = new LapNumberCrossings();
  for (let i = header + 1; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    const cells = (line.includes('"') ? line.replace(/"/g, '') : line).split(delimiter);
    const epoch = tsCol >= 0 ? cellNumber(cells[tsCol]) * 1000 : createdMs + cellNumber(cells[relCol]) * 1000;
    if (lapCol >= 0) laps.add(cellNumber(cells[lapCol]), epoch);
    // Rows of other sensors between GPS fixes (and the row at a crossing) leave the position empty.
    if ((cells[latCol] ?? '').trim() === '') continue;
    const speed = speedCol >= 0 ? cellNumber(cells[speedCol]) * speedFactor : NaN;
    pushFix(builder, issues, i + 1, epoch, cellNumber(cells[latCol]), cellNumber(cells[lonCol]), speed);
  }
  if (builder.count === 0) throw new ImportError('no-fixes', 'The RaceChrono CSV v2 file has no row with a GPS position.');
  const { positions, startEpochMs } = builder.finish();
  const loggerLaps = laps.loggerLaps(startEpochMs, startEpochMs + positions.timeMs[positions.count - 1]);
  return { positions, startedAt: isoOf(startEpochMs), source: 'racechrono-csv-v2', issues, ...(loggerLaps ? { loggerLaps } : {}) };
}
