/**
 * The cached analysis of a session as it is kept in the Dexie table `analyses` (sessions-repository.ts): its
 * format version, and the packing of its position columns into Blobs and back.
 */
import { z } from 'zod';
import type { ProcessedSession } from '../../analysis/analysis-client';
import type { PositionColumns } from '../../domain/session-types';
import { toStoredBytes } from './bytes';

/** Shallow check of a cached analysis read back from IndexedDB (typed columns, laps, analysis object). */
const processedSessionSchema = z.object({
  positions: z.object({
    count: z.number().int().min(0),
    lap: z.instanceof(Int32Array),
    timeMs: z.instanceof(Float64Array),
    lat: z.instanceof(Float64Array),
    lon: z.instanceof(Float64Array),
    speedKmh: z.instanceof(Float32Array),
    distanceM: z.instanceof(Float64Array),
  }),
  laps: z.array(z.object({ lapNumber: z.number(), timeMs: z.number() }).passthrough()),
  analysis: z.object({}).passthrough(),
  issues: z.object({}).passthrough(),
  timings: z.object({}).passthrough(),
});

/**
 * Format of the cached analysis; bump when the analyser's result shape changes (old caches are recomputed).
 * 2: the position columns are stored as one Blob each (see packAnalysis).
 */
export const ANALYSIS_CACHE_VERSION = 2;

const COLUMNS = ['lap', 'timeMs', 'lat', 'lon', 'speedKmh', 'distanceM'] as const;

/** How the position columns are kept in a cached analysis: the count and each column's bytes as a Blob. */
const storedColumnsSchema = z.object({
  count: z.number().int().min(0),
  columns: z.object({
    lap: z.instanceof(Blob),
    timeMs: z.instanceof(Blob),
    lat: z.instanceof(Blob),
    lon: z.instanceof(Blob),
    speedKmh: z.instanceof(Blob),
    distanceM: z.instanceof(Blob),
  }),
});

/** Lets other tasks run (input, rendering, the next BLE notification). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The analysis as it is cached: the position columns (25 MB for a 7 h session) as Blobs, which IndexedDB
 * stores by reference - as typed arrays they would be serialised inside put() on the main thread. Making a Blob
 * copies its bytes, so each column is copied in a task of its own (~4 MB each for a 7 h session).
 */
export async function packAnalysis(result: ProcessedSession): Promise<unknown> {
  const p = result.positions;
  const columns: Partial<Record<(typeof COLUMNS)[number], Blob>> = {};
  for (const c of COLUMNS) {
    if (p[c].byteLength > 1 << 20) await yieldToEventLoop();
    columns[c] = toStoredBytes(p[c] as ArrayBufferView<ArrayBuffer>);
  }
  return { ...result, positions: { count: p.count, columns } };
}

/** The cached analysis back as the worker returned it (each column on its own buffer), or null when malformed. */
export async function unpackAnalysis(stored: unknown): Promise<ProcessedSession | null> {
  const positions = storedColumnsSchema.safeParse((stored as { positions?: unknown } | null)?.positions);
  if (!positions.success) return null;
  const b = positions.data.columns;
  const [lap, timeMs, lat, lon, speedKmh, distanceM] = await Promise.all(COLUMNS.map((c) => b[c].arrayBuffer()));
  const columns: PositionColumns = {
    count: positions.data.count,
    lap: new Int32Array(lap),
    timeMs: new Float64Array(timeMs),
    lat: new Float64Array(lat),
    lon: new Float64Array(lon),
    speedKmh: new Float32Array(speedKmh),
    distanceM: new Float64Array(distanceM),
  };
  const result = { ...(stored as object), positions: columns };
  return processedSessionSchema.safeParse(result).success ? (result as ProcessedSession) : null;
}
