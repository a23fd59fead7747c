/**
 * The normalised result every importer returns: positions as typed columns (lap 0 everywhere until lap
 * detection numbers them), when the first fix was taken, and which format it came from.
 */
import type { GatePoint, LapRecord, ParseIssue, PositionColumns } from '../session-types';

export type ImportSource =
  | 'astro'
  | 'vbo'
  | 'nmea'
  | 'gpx'
  | 'racechrono-csv'
  | 'csv'
  | 'kml'
  | 'fit'
  | 'gopro-mp4'
  | 'dovex'
  | 'aim-csv'
  | 'motec-csv'
  | 'racebox-csv'
  | 'trackaddict-csv'
  | 'harrys-csv'
  | 'alfano-csv'
  | 'racechrono-csv-v2'
  | 'aim-xrk';

/**
 * A lap as the logger itself timed it (its own start/finish line), kept beside our gate detection so the two can
 * be compared. Loggers give different parts: a FIT lap message has its start and length, a .dovex header only
 * the lengths.
 */
export interface LoggerLap {
  /** 1-based, in the logger's order. */
  lapNumber: number;
  durationMs: number;
  /**
   * When the lap started, epoch ms UTC; absent when the file gives only lengths. For a file whose start has no
   * zone (startedAt written without one: AiM, MoTeC, Harry's LapTimer), that wall clock read as if it were UTC.
   */
  startEpochMs?: number;
  /** Metres, when the logger says. */
  distanceM?: number;
}

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
   * Laps the file's own logger timed (FIT lap messages, a .dovex lap list, AiM beacon markers, lap-number columns
   * of RaceChrono, TrackAddict, Harry's LapTimer, RaceBox and Alfano); absent when it carries none.
   */
  loggerLaps?: LoggerLap[];
  /** The logger's own gate lines (VBO [laptiming]), in file order; absent when the file has none. */
  fileGates?: FileGateLine[];
  /** Who and what the logger says it recorded (AiM XRK); absent when the file says nothing of it. */
  details?: SessionDetails;
}

/** A logger's own details of a session, as its racer typed them into it (each at most 80 characters). */
export interface SessionDetails {
  driver?: string;
  vehicle?: string;
  /** The track's name as the logger knows it. */
  venue?: string;
  /** The kind of session ('Generic testing', 'Qualifying'...). */
  session?: string;
  /** The championship or event. */
  series?: string;
  /** The logger's name. */
  logger?: string;
}

/**
 * A gate as a logger wrote it: two points. Either a line drawn across the track (possibly skewed), or, VBOX
 * style, a point and a second point a few metres further along the track giving the direction of travel
 * (file-gates.ts tells them apart from the trace).
 */
export interface FileGateLine {
  kind: 'start' | 'split' | 'finish';
  a: GatePoint;
  b: GatePoint;
  name: string;
}

export interface ImportOptions {
  /**
   * Date used when the file has times of day but no date (a bare GGA log, a VBO without its 'File created'
   * line): typically the file's lastModified. ISO string or epoch ms; only its UTC calendar day is used.
   */
  fallbackDate?: string | number;
  /** Called now and then while the rows are read, with the share of the text read (0 to 1); formats read row by row call it. */
  onParsed?: (share: number) => void;
}
