/**
 * One picked file to everything the library stores, in one pure call (the analysis worker runs it, so a 2 h
 * 25 Hz file is read, timed and serialised off the page): the importer by content, the circuit, the laps, the
 * device texts, the content fingerprint (the same data imported twice is recognised), and the session's name
 * in the track's local time: the zone at the first fix (tz-lookup: an offline polygon lookup; a country's single
 * zone is wrong for a track in a country of several), else the circuit's country's, never the browser's. The
 * session's start is its first fix's UTC instant (session-start.ts).
 */
import { MINUTE_MS, sessionStartFromFileName, sessionStartOf } from '../value-format/session-start';
import { zoneOffsetMinutes } from '../value-format/wall-clock';
import { timeZoneAt } from '../geo/time-zone-at';
import { importFileName, sessionBaseName } from './import-file-name';
import { importFileSource, type ImportFileOptions } from './read-import-file';
import { timeImport, type FinishImportOptions, type TimedImport } from './time-import';
import type { CircuitCandidate } from './pick-circuit';
import { coordinatesE7Fingerprint } from './positions-fingerprint';
import { serializeLaps } from '../serialize-session';
import { serializePositionsBytes } from '../serialize-positions-bytes';
import type { ByteSource } from '../file-reading/byte-source';
import type { ImportProgressListener } from './import-progress';

export interface PrepareImportInput {
  fileName: string;
  /** The file's bytes (a File through blobSource, bytes in memory through bytesSource). */
  source: ByteSource;
  circuits: readonly CircuitCandidate[];
  /** The file's lastModified (epoch ms): the date of a file with times of day only. */
  lastModified?: number;
  /** For ASTRO files: the laps file picked with the nmea file. */
  lapsText?: string;
  /** A start/finish the racer placed for a session with no circuit. */
  startFinish?: FinishImportOptions['startFinish'];
  /** Told how far the import is (bytes read, then parsed, then timing); unthrottled. */
  onProgress?: ImportProgressListener;
}

export type PreparedImport = TimedImport & {
  /** Device-format laps file (for Session.laps). */
  lapsText: string;
  /** Device-format nmea file as UTF-8 (for Session.coordinates): written as bytes, never as one long string. */
  nmeaBytes: Uint8Array;
  /** The IANA zone the name's wall-clock time is in (null: this runtime's zone, for ASTRO files that carry none). */
  timeZone: string | null;
  /** The session's stored start: the first fix's UTC instant (ISO, to the millisecond when the file knows it). */
  date: string;
  /** How much later than `date` the first fix may be, ms (0: `date` is the first fix's time; session-start.ts). */
  dateAccuracyMs: number;
  /** Fingerprint of the stored position text (positions-fingerprint.ts). */
  contentHash: string;
};

export async function prepareImport(input: PrepareImportInput): Promise<PreparedImport> {
  const options: ImportFileOptions = { fallbackDate: input.lastModified, astroLaps: input.lapsText, onProgress: input.onProgress };
  const imported = await importFileSource(input.fileName, input.source, options);
  input.onProgress?.({ stage: 'timing', bytes: input.source.size, totalBytes: input.source.size });
  const base = { sourceName: input.fileName, startFinish: input.startFinish };
  const first = timeImport(imported, input.circuits, base);
  const p = imported.positions;
  const timeZone = (p.count > 0 ? timeZoneAt(p.lat[0], p.lon[0]) : null) ?? first.circuit?.timeZone ?? null;
  const start = sessionStartOf(imported.startedAt, timeZone);
  const offset = timeZone && start ? zoneOffsetMinutes(Date.parse(start.date), timeZone) : null;
  // Name the session in the track's local time (the device names its files that way).
  const name = sessionBaseName(imported, first.circuit, input.fileName);
  const finished = offset === null ? first : { ...first, fileName: importFileName(imported.startedAt, name, offset) };
  // Every importer refuses a file it cannot date; should one not, the name's minute is the start.
  const stored = start ?? sessionStartFromFileName(finished.fileName, timeZone) ?? { date: new Date(0).toISOString(), accuracyMs: MINUTE_MS };
  // The fingerprint of the coordinates as written: what the stored text reads back as, without reading it back.
  const nmea = serializePositionsBytes(finished.positions);
  return {
    ...finished,
    lapsText: serializeLaps(finished.laps),
    nmeaBytes: nmea.bytes,
    timeZone: offset === null ? null : timeZone,
    date: stored.date,
    dateAccuracyMs: stored.accuracyMs,
    contentHash: coordinatesE7Fingerprint(nmea.coordinatesE7!),
  };
}
