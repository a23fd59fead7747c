/**
 * Core session shapes shared by the parser, the analysis, lap detection, import/export and the worker.
 *
 * Units are part of the names: `Ms` = milliseconds, `Kmh` = km/h, `M` = metres, degrees for lat/lon.
 * Positions are kept as typed columns (struct of arrays), never one object per fix: a 7 h session has
 * 630,000 fixes and columns cost ~40 bytes a fix against ~450 as objects.
 */

/** One row per fix, all columns the same length `count`. */
export interface PositionColumns {
  count: number;
  /** Lap number the device assigned (0 = before the first start/finish crossing). */
  lap: Int32Array;
  /** Milliseconds since session start; NaN where the device omitted it (4-field lines). */
  timeMs: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  speedKmh: Float32Array;
  /** Cumulative distance along the trace from the first fix, metres. */
  distanceM: Float64Array;
}

/** One lap line of the device's laps file (docs/device-protocol.md, 'File contents'). */
export interface LapRecord {
  lapNumber: number;
  /** 'Lap 3', or 'In Lap' for the last lap. */
  lapName: string;
  timeMs: number;
  /** Exactly three sector times (the product fixes 3 sectors per lap). */
  sectorsMs: [number, number, number];
  maxSpeedKmh: number;
  minSpeedKmh: number;
  /** Valid only if time is above zero: 0 marks a lap that was not closed. */
  valid: boolean;
}

/** Sector performance: Worse -1, Improved 0, Best 1. */
export const SectorPerformance = { Worse: -1, Improved: 0, Best: 1 } as const;
export type SectorPerformance = (typeof SectorPerformance)[keyof typeof SectorPerformance];

/** A corrupt input line, reported (never dropped silently). `line` is 1-based. */
export interface ParseIssue {
  line: number;
  reason: string;
}

/** A gate (start/finish or sector line): centre point and width in metres; crossing is perpendicular to the track. */
export interface GatePoint {
  lat: number;
  lon: number;
}
