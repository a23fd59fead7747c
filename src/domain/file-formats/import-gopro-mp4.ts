/**
 * GoPro videos (HERO5 and later, MAX): the GPS fixes of the GPMF telemetry track (GPS5, timed from GPSU, see
 * src/domain/gpmf) become a session. Fixes taken without a lock (GPSF below 2) are reported and left out; the
 * speed is the camera's 2D ground speed (m/s, turned into km/h).
 */
import type { ParseIssue } from '../session-types';
import { MAX_SPEED_KMH } from '../physical-bounds';
import type { ByteSource } from '../file-reading/byte-source';
import { gpsTrackFromPayloads } from '../gpmf/gps-track';
import { Mp4TelemetryError, readGpmfPayloads, readGpmfSampleTable } from '../gpmf/mp4-gpmf-track';
import { ImportError } from './import-errors';
import { ColumnsBuilder, isoOf } from './import-columns';
import type { ImportedSession } from './import-types';

/** GPSF values: 2 is a 2D fix, 3 a 3D fix; below that the receiver had no lock. */
const MIN_FIX = 2;

export async function importGoProMp4(source: ByteSource): Promise<ImportedSession> {
  let table;
  try {
    table = await readGpmfSampleTable(source);
  } catch (error) {
    if (error instanceof Mp4TelemetryError) {
      throw error.code === 'no-gpmf-track'
        ? new ImportError('no-telemetry', 'The video carries no GoPro GPS telemetry (no GPMF track).')
        : new ImportError('damaged', 'The video is cut short or damaged: its MP4 index (moov box) cannot be read.');
    }
    throw error;
  }
  const { payloads, missing } = await readGpmfPayloads(source, table);
  const { track, damagedPayloads } = gpsTrackFromPayloads(payloads);
  if (track.count === 0) {
    throw missing > 0 && payloads.length === 0
      ? new ImportError('damaged', 'The video is cut short: its telemetry lies past the end of the file.')
      : new ImportError('no-telemetry', 'The video has a GoPro telemetry track but no GPS fixes in it.');
  }
  const issues: ParseIssue[] = [];
  if (missing > 0) issues.push({ line: 0, reason: `${missing} telemetry samples lie past the end of the file` });
  if (damagedPayloads > 0) issues.push({ line: 0, reason: `${damagedPayloads} telemetry samples are damaged` });
  const builder = new ColumnsBuilder(track.count);
  let noLock = 0;
  for (let i = 0; i < track.count; i++) {
    const lat = track.latDeg[i];
    const lon = track.lonDeg[i];
    const kmh = track.speed2dMps[i] * 3.6;
    const epoch = track.epochMs[i];
    // Fixes are numbered from 1, like lines, so a reported issue points at the fix.
    const fixNumber = i + 1;
    if (track.fix[i] < MIN_FIX) {
      noLock++;
      continue;
    }
    if (!Number.isFinite(epoch)) {
      issues.push({ line: fixNumber, reason: 'no GPS time (GPSU) before this fix' });
      continue;
    }
    if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180) || (lat === 0 && lon === 0)) {
      issues.push({ line: fixNumber, reason: 'latitude or longitude out of range' });
      continue;
    }
    if (!(kmh >= 0 && kmh <= MAX_SPEED_KMH)) {
      issues.push({ line: fixNumber, reason: 'speed out of range' });
      continue;
    }
    if (builder.count > 0 && !(epoch > builder.lastEpochMs)) {
      issues.push({ line: fixNumber, reason: 'time does not advance' });
      continue;
    }
    builder.push(epoch, lat, lon, kmh);
  }
  if (noLock > 0) issues.push({ line: 0, reason: `${noLock} fixes taken without a GPS lock were left out` });
  if (builder.count === 0) {
    throw noLock === track.count
      ? new ImportError('no-gps-lock', 'The camera never had a GPS lock while recording: the telemetry holds no usable fix.')
      : new ImportError('no-fixes', 'The video telemetry has no usable GPS fix.');
  }
  const { positions, startEpochMs } = builder.finish();
  return { positions, startedAt: isoOf(startEpochMs), source: 'gopro-mp4', issues };
}
