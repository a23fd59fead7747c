/**
 * The normalised result every importer returns: positions as typed columns (lap 0 everywhere until lap
 * detection numbers them), when the first fix was taken, and which format it came from.
 */
import type { LapRecord, ParseIssue, PositionColumns } from '../session-types';

export type ImportSource =
  | 'astro'
  | 'vbo'
  | 'nmea'
  | 'gpx'
  | 'racechrono-csv'
  | 'csv'
  | 'kml'
  | 'aim-csv'
  | 'motec-csv'
  | 'racebox-csv'
  | 'trackaddict-csv'
  | 'harrys-csv'
  | 'racechrono-csv-v2'
  | 'alfano-csv';

export interface ImportedSession {
  positions: PositionColumns;
  /**
   * When the first fix was taken, ISO 8601. Foreign formats carry UTC: '2026-01-17T06:31:36.960Z'. ASTRO files
   * carry the device's wall-clock time from the session file name, without a zone: '2026-04-12T10:30:00'.
   */
  startedAt: string;
  source: ImportSource;
  /** Lines that were skipped, with their 1-based line numbers (never dropped silently). */
  issues: ParseIssue[];
  /** Lap records the file itself carries (ASTRO laps files); absent for formats that carry none. */
  deviceLaps?: LapRecord[];
  /**
   * The logger's own lap boundaries, for files that carry them (AiM beacon markers, RaceChrono lap_number,
   * TrackAddict and Harry's lap columns): each start/finish crossing the logger timed, in ms of session time
   * (since the first kept fix), ascending. Laps are still detected from the circuit's gates; these are kept to
   * compare with them. Absent for formats that carry none.
   */
  loggerLaps?: number[];
}

export interface ImportOptions {
  /**
   * Date used when the file has times of day but no date (a bare GGA log, a VBO without its 'File created'
   * line): typically the file's lastModified. ISO string or epoch ms; only its UTC calendar day is used.
   */
  fallbackDate?: string | number;
}
