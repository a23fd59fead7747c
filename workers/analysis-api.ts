/**
 * What the analysis worker does, as plain functions (no Comlink, no worker globals), so the same code runs in
 * the worker, in Node tests and in the bench. The worker entry (analysis.worker.ts) only adds transfers.
 *
 * Input is bytes (the nmea file) and the laps text; output is typed columns plus small plain objects for laps
 * (never one object per fix), and the time each step took inside the worker.
 */
import { parseLapsText, type ParsedLaps } from '../src/domain/parse-laps';
import { parsePositionsBytes, type ParsedPositions } from '../src/domain/parse-positions';
import { analyseSession, type SessionAnalysis } from '../src/domain/analysis/analyse-session';
import type { GatePoint, LapRecord, ParseIssue, PositionColumns } from '../src/domain/session-types';
import { detectLaps, type DetectLapsOptions, type LapDetection } from '../src/domain/detection/detect-laps';
import type { LapTrace } from '../src/domain/lap-compare/lap-trace';
import { deltaTime, type DeltaSeries } from '../src/domain/lap-compare/delta-time';
import { speedVsDistance } from '../src/domain/lap-compare/resample';
import { detectCorners, type CornerColumns, type CornerOptions } from '../src/domain/lap-compare/corners';
import { lapCorners, type LapCorners } from '../src/domain/coaching/lap-corners';
import { lapProfile } from '../src/domain/coaching/lap-profile';
import { sessionViews, type SessionViewOptions, type SessionViews, type ViewLap } from '../src/domain/views/session-views';
import { coachingLapColumns, sessionCoaching, type CoachingLapColumns, type SessionCoaching } from '../src/domain/coaching/session-coaching';
import { encodeSessionWrite, readSessionUpload, type EncodedSessionWrite, type SessionUpload, type SessionWrite } from '../src/contracts/session-upload';

export interface ProcessSessionInput {
  /** The nmea file's bytes (transferred into the worker by the bridge). */
  nmea: Uint8Array;
  /** The laps file, as text or bytes. */
  laps: string | Uint8Array;
  /** 0 = left, 1 = right session of a comparison (lap colour scheme). */
  sessionIndex?: number;
  /**
   * Also build the downsampled whole-session views (map traces and speed series of every lap with fixes,
   * views/session-views.ts): true for the defaults, or the options. Off by default (sync and bench callers only
   * need the analysis).
   */
  views?: boolean | SessionViewOptions;
  /**
   * Also compute the coach's figures (coachSession) of the analysed laps, here where the positions already are:
   * the session screen shows them right after, and sending a 7 h session's ~25 MB of columns back into the worker
   * for a separate call (or keeping a copy of them here) costs more than the coaching itself.
   */
  coach?: boolean;
}

export interface ProcessedSession {
  positions: PositionColumns;
  laps: LapRecord[];
  analysis: SessionAnalysis;
  issues: { laps: ParseIssue[]; positions: ParseIssue[]; corruptPositionLines: number };
  /** Present when asked for (ProcessSessionInput.views): downsampled map traces and speed series, typed columns. */
  views?: SessionViews;
  /** Present when asked for (ProcessSessionInput.coach): coachSession of the positions and the analysed laps. */
  coaching?: CoachedSession;
  /** Milliseconds spent inside the worker. */
  timings: { parseMs: number; analyseMs: number; viewsMs?: number };
}

export interface CompareLapsOptions {
  /** Grid step along the reference for delta time and speed curves, metres. Default 1. */
  stepM?: number;
  /** Scale the lap's distance to the reference's length (see delta-time.ts). Default true. */
  normalise?: boolean;
  corners?: CornerOptions;
}

/** The coach's session-wide figures (coaching/session-coaching.ts) and the time they took inside the worker. */
export type CoachedSession = SessionCoaching & { timings: { coachingMs: number } };

/** A lap against a reference lap: everything the comparison view draws, as typed columns. */
export interface LapComparison {
  delta: DeltaSeries;
  lapSpeed: { distanceM: Float64Array; speedKmh: Float32Array };
  referenceSpeed: { distanceM: Float64Array; speedKmh: Float32Array };
  corners: CornerColumns;
  /** The lap's corners against the reference: the one corner model of the app (zones, minimum speeds, time lost, points). */
  cornerReport: LapCorners;
}

const now = () => performance.now();

function lapsText(laps: string | Uint8Array): string {
  return typeof laps === 'string' ? laps : new TextDecoder().decode(laps);
}

function coach(positions: PositionColumns, laps: CoachingLapColumns): CoachedSession {
  const t0 = now();
  const result = sessionCoaching(positions, laps);
  return { ...result, timings: { coachingMs: now() - t0 } };
}

export const analysisApi = {
  /** Parse both files and analyse them: the one call a session screen needs. */
  processSession(input: ProcessSessionInput): ProcessedSession {
    const t0 = now();
    const parsedPositions = parsePositionsBytes(input.nmea);
    const parsedLaps = parseLapsText(lapsText(input.laps));
    const t1 = now();
    const analysis = analyseSession(parsedLaps.laps, parsedPositions.positions, input.sessionIndex ?? 0);
    const t2 = now();
    const views = input.views
      ? sessionViews(
          parsedPositions.positions,
          analysis.laps.filter((l) => l.endIndex > l.startIndex),
          input.views === true ? {} : input.views,
        )
      : undefined;
    const t3 = now();
    const coaching = input.coach ? coach(parsedPositions.positions, coachingLapColumns(analysis.laps)) : undefined;
    return {
      positions: parsedPositions.positions,
      laps: parsedLaps.laps,
      analysis,
      issues: { laps: parsedLaps.issues, positions: parsedPositions.issues, corruptPositionLines: parsedPositions.corruptLines },
      ...(views ? { views } : {}),
      ...(coaching ? { coaching } : {}),
      timings: { parseMs: t1 - t0, analyseMs: t2 - t1, ...(views ? { viewsMs: t3 - t2 } : {}) },
    };
  },

  parsePositions(nmea: Uint8Array): ParsedPositions {
    return parsePositionsBytes(nmea);
  },

  parseLaps(laps: string | Uint8Array): ParsedLaps {
    return parseLapsText(lapsText(laps));
  },

  analyse(laps: LapRecord[], positions: PositionColumns | null, sessionIndex = 0): SessionAnalysis {
    return analyseSession(laps, positions, sessionIndex);
  },

  /** Downsampled whole-session views of some laps (views/session-views.ts). */
  sessionViews(positions: PositionColumns, laps: ViewLap[], options: SessionViewOptions = {}): SessionViews {
    return sessionViews(positions, laps, options);
  },

  /** Laps and sectors from positions and gates (imported files, gates edited on the map): detection/detect-laps.ts. */
  detectLaps(positions: PositionColumns, gates: GatePoint[], widthM: number, options: DetectLapsOptions = {}): LapDetection {
    return detectLaps(positions, gates, widthM, options);
  },

  /** Delta time, speed vs distance and corners of `lap` against `reference` (lap-compare/*, coaching/lap-corners.ts). */
  compareLaps(lap: LapTrace, reference: LapTrace, options: CompareLapsOptions = {}): LapComparison {
    const stepM = options.stepM ?? 1;
    const corners = detectCorners(reference, options.corners);
    return {
      delta: deltaTime(lap, reference, { stepM, normalise: options.normalise }),
      lapSpeed: speedVsDistance(lap, stepM),
      referenceSpeed: speedVsDistance(reference, stepM),
      corners,
      cornerReport: cornerModel(lap, reference, corners, stepM),
    };
  },

  /**
   * Acceleration, g-g envelopes, corners, the drivable optimal lap and consistency of a session already analysed
   * (asked for after processSession, when the analysis screen shows them).
   */
  coachSession(positions: PositionColumns, laps: CoachingLapColumns): CoachedSession {
    return coach(positions, laps);
  },

  /**
   * A session upload's request body (contracts/session-upload): position text column by column, JSON, UTF-8 -
   * the same bytes the inline path sends. Run here so a 7 h session's encoding (hundreds of ms) is not a
   * main-thread task; the worker entry reads the stored Blobs first.
   */
  encodeSessionWrite(body: SessionWrite): EncodedSessionWrite {
    return encodeSessionWrite(body);
  },
};

/** An upload as the outbox hands it over (stored Blobs): read its texts, then `analysisApi.encodeSessionWrite`. */
export async function encodeSessionUpload(upload: SessionUpload): Promise<EncodedSessionWrite> {
  return analysisApi.encodeSessionWrite(await readSessionUpload(upload));
}

/** Every ArrayBuffer reachable through plain objects and arrays (typed arrays' buffers), for transfer lists. */
export function buffersIn(value: unknown, found: Set<ArrayBuffer> = new Set()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer.byteLength > 0) found.add(value.buffer as ArrayBuffer);
  } else if (Array.isArray(value)) {
    for (const v of value) if (v !== null && typeof v === 'object') buffersIn(v, found);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) if (v !== null && typeof v === 'object') buffersIn(v, found);
  }
  return [...found];
}

/** The buffers behind a set of columns, for transfer lists. */
export function columnBuffers(p: PositionColumns): ArrayBuffer[] {
  const buffers = [p.lap, p.timeMs, p.lat, p.lon, p.speedKmh, p.distanceM].map((a) => a.buffer as ArrayBuffer);
  return [...new Set(buffers)].filter((b) => b.byteLength > 0);
}

function cornerModel(lap: LapTrace, reference: LapTrace, corners: CornerColumns, stepM: number): LapCorners {
  const length = reference.count > 0 ? reference.distanceM[reference.count - 1] : 0;
  return lapCorners(lapProfile(lap, length, stepM), lapProfile(reference, length, stepM), corners);
}
