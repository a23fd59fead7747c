/**
 * One picked file to everything the library stores, in one pure call (the analysis worker runs it, so a 2 h
 * 25 Hz file is read, timed and serialised off the page): the importer by content, the circuit, the laps, the
 * device texts, the content fingerprint (the same data imported twice is recognised), and the session's name
 * in the track's local time: the circuit's zone, or for a session where no circuit is known, the zone at the
 * first fix (tz-lookup: an offline polygon lookup), never the browser's.
 */
import tzLookup from '@photostructure/tz-lookup';
import { zoneOffsetMinutes } from '../format/wall-clock';
import { importFileName, importFileSource, sourceBaseName, timeImport, type CircuitCandidate, type FinishImportOptions, type ImportFileOptions, type TimedImport } from './import-session';
import { coordinatesE7Fingerprint } from './positions-fingerprint';
import { serializeLaps } from '../serialize-session';
import { serializePositionsBytes } from '../serialize-positions-bytes';
import type { ByteSource } from '../gpmf/byte-source';
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
  /** Fingerprint of the stored position text (positions-fingerprint.ts). */
  contentHash: string;
};

/** The IANA zone at a position, null when the lookup cannot say (out of range). */
function zoneAt(lat: number, lon: number): string | null {
  try {
    return tzLookup(lat, lon);
  } catch {
    return null;
  }
}

export async function prepareImport(input: PrepareImportInput): Promise<PreparedImport> {
  const options: ImportFileOptions = { fallbackDate: input.lastModified, astroLaps: input.lapsText, onProgress: input.onProgress };
  const imported = await importFileSource(input.fileName, input.source, options);
  input.onProgress?.({ stage: 'timing', bytes: input.source.size, totalBytes: input.source.size });
  const base = { sourceName: input.fileName, startFinish: input.startFinish };
  const first = timeImport(imported, input.circuits, base);
  const p = imported.positions;
  const timeZone = first.circuit ? (first.circuit.timeZone ?? null) || zoneAt(p.lat[0], p.lon[0]) : p.count > 0 ? zoneAt(p.lat[0], p.lon[0]) : null;
  const offset = timeZone ? zoneOffsetMinutes(Date.parse(imported.startedAt), timeZone) : null;
  // Name the session in the track's local time (the device names its files that way).
  const name = first.circuit?.name ?? (sourceBaseName(input.fileName) || 'Imported');
  const finished = offset === null ? first : { ...first, fileName: importFileName(imported.startedAt, name, offset) };
  // The fingerprint of the coordinates as written: what the stored text reads back as, without reading it back.
  const nmea = serializePositionsBytes(finished.positions);
  return {
    ...finished,
    lapsText: serializeLaps(finished.laps),
    nmeaBytes: nmea.bytes,
    timeZone: offset === null ? null : timeZone,
    contentHash: coordinatesE7Fingerprint(nmea.coordinatesE7!),
  };
}
