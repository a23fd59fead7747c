/**
 * Garmin FIT activity files, read with Garmin's own SDK (@garmin/fitsdk). Each `record` message with a position
 * becomes a fix: position_lat/long in semicircles (degrees = value x 180 / 2^31), timestamp (the SDK gives a
 * Date), speed in m/s (enhanced_speed when the device writes it, else speed). The file's `lap` messages are the
 * logger's own laps (start time, elapsed time, distance) and are kept as such. A file that fails its CRC or ends
 * early is refused whole: the FIT header says how long it is, so a short one has lost data.
 */
import { Decoder, Stream, type LapMesg, type RecordMesg } from '@garmin/fitsdk';
import type { ParseIssue } from '../session-types';
import { MAX_SPEED_KMH } from '../physical-bounds';
import { ImportError } from './import-errors';
import { ColumnsBuilder, isoOf } from './import-columns';
import type { ImportedSession, LoggerLap } from './import-types';

/** Degrees per semicircle: 180 / 2^31. */
const DEG_PER_SEMICIRCLE = 180 / 2 ** 31;

export function importFit(bytes: Uint8Array): ImportedSession {
  const decoder = new Decoder(Stream.fromBuffer(bytes));
  if (!decoder.isFIT()) throw new ImportError('bad-structure', 'Not a FIT file: its header does not say .FIT.');
  const intact = decoder.checkIntegrity();
  const { messages, errors } = decoder.read({
    // Only plain fields are needed: no sub-field or component expansion (they triple the decoding time), raw
    // type numbers, no heart-rate merge.
    expandSubFields: false,
    expandComponents: false,
    applyScaleAndOffset: true,
    convertTypesToStrings: false,
    convertDateTimesToDates: true,
    mergeHeartRates: false,
    includeUnknownData: false,
  });
  if (!intact || errors.length > 0) {
    const why = errors[0]?.message ?? 'its checksum does not match';
    throw new ImportError('damaged', `The FIT file is cut short or damaged (${why}).`);
  }
  const records: RecordMesg[] = messages.recordMesgs ?? [];
  const issues: ParseIssue[] = [];
  const builder = new ColumnsBuilder(records.length);
  let withoutPosition = 0;
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    // Record messages are numbered from 1, like lines, so a reported issue points at the record.
    const recordNumber = i + 1;
    if (r.positionLat === undefined || r.positionLong === undefined || !(r.timestamp instanceof Date)) {
      withoutPosition++;
      continue;
    }
    const lat = Number(r.positionLat) * DEG_PER_SEMICIRCLE;
    const lon = Number(r.positionLong) * DEG_PER_SEMICIRCLE;
    const epoch = r.timestamp.getTime();
    const mps = r.enhancedSpeed ?? r.speed;
    const kmh = mps === undefined ? NaN : Number(mps) * 3.6;
    if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) {
      issues.push({ line: recordNumber, reason: 'latitude or longitude out of range' });
      continue;
    }
    if (Number.isFinite(kmh) && !(kmh >= 0 && kmh <= MAX_SPEED_KMH)) {
      issues.push({ line: recordNumber, reason: 'speed out of range' });
      continue;
    }
    if (!Number.isFinite(epoch)) {
      issues.push({ line: recordNumber, reason: 'no time' });
      continue;
    }
    if (builder.count > 0 && !(epoch > builder.lastEpochMs)) {
      issues.push({ line: recordNumber, reason: 'time does not advance' });
      continue;
    }
    builder.push(epoch, lat, lon, kmh);
  }
  if (withoutPosition > 0) issues.push({ line: 0, reason: `${withoutPosition} records without a position were left out` });
  if (builder.count === 0) throw new ImportError('no-fixes', 'The FIT file has no record with a position.');
  const { positions, startEpochMs } = builder.finish();
  return { positions, startedAt: isoOf(startEpochMs), source: 'fit', issues, loggerLaps: fitLaps(messages.lapMesgs ?? []) };
}

function fitLaps(laps: readonly LapMesg[]): LoggerLap[] {
  const out: LoggerLap[] = [];
  for (const lap of laps) {
    const seconds = lap.totalElapsedTime;
    if (seconds === undefined || !(seconds > 0)) continue;
    const start = lap.startTime instanceof Date ? lap.startTime.getTime() : NaN;
    out.push({
      lapNumber: out.length + 1,
      durationMs: Math.round(seconds * 1000),
      ...(Number.isFinite(start) ? { startEpochMs: start } : {}),
      ...(lap.totalDistance !== undefined ? { distanceM: Number(lap.totalDistance) } : {}),
    });
  }
  return out;
}
