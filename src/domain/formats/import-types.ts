/**
 * The normalised result every importer returns: positions as typed columns (lap 0 everywhere until lap
 * detection numbers them), when the first fix was taken, and which format it came from.
 */
import type { GatePoint, LapRecord, ParseIssue, PositionColumns } from '../session-types';

/** Which importer read the file: an IMPORT_FORMATS id (import-registry.ts). */
export type ImportSource = string;

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
  /** The logger's own gate lines (VBO [laptiming]), in file order; absent when the file has none. */
  fileGates?: FileGateLine[];
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
}
