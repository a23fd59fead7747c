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
import type { LapRecord, ParseIssue, PositionColumns } from '../src/domain/session-types';

export interface ProcessSessionInput {
  /** The nmea file's bytes (transferred into the worker by the bridge). */
  nmea: Uint8Array;
  /** The laps file, as text or bytes. */
  laps: string | Uint8Array;
  /** 0 = left, 1 = right session of a comparison (lap colour scheme). */
  sessionIndex?: number;
}

export interface ProcessedSession {
  positions: PositionColumns;
  laps: LapRecord[];
  analysis: SessionAnalysis;
  issues: { laps: ParseIssue[]; positions: ParseIssue[]; corruptPositionLines: number };
  /** Milliseconds spent inside the worker. */
  timings: { parseMs: number; analyseMs: number };
}

const now = () => performance.now();

function lapsText(laps: string | Uint8Array): string {
  return typeof laps === 'string' ? laps : new TextDecoder().decode(laps);
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
    return {
      positions: parsedPositions.positions,
      laps: parsedLaps.laps,
      analysis,
      issues: { laps: parsedLaps.issues, positions: parsedPositions.issues, corruptPositionLines: parsedPositions.corruptLines },
      timings: { parseMs: t1 - t0, analyseMs: t2 - t1 },
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
};

export type AnalysisApi = typeof analysisApi;

/** The buffers behind a set of columns, for transfer lists. */
export function columnBuffers(p: PositionColumns): ArrayBuffer[] {
  const buffers = [p.lap, p.timeMs, p.lat, p.lon, p.speedKmh, p.distanceM].map((a) => a.buffer as ArrayBuffer);
  return [...new Set(buffers)].filter((b) => b.byteLength > 0);
}
