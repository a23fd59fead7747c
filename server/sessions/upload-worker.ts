/**
 * The heavy part of a session upload, run in a worker thread (upload-pool.ts) so that no upload blocks other
 * requests: JSON parsing of the inflated body, rebuilding a columnar `coordinates` (columnar-text.ts), validation,
 * laps parsing, sizes and content hash. Every bound (session-bounds.ts) is checked before the work that grows
 * with it. The outcome is plain data (structured-cloned back): the input and stats, or the error to answer. The
 * position text goes back as its UTF-8 bytes in shared memory, not as a string: structured cloning a 40 MiB string
 * copied it on the event loop (~160 ms on a busy 2-core machine), a SharedArrayBuffer is handed over as it is, and
 * the finish check and the database write read the same bytes.
 */
import sjson from 'secure-json-parse';
import { ColumnarTextError, columnarTextSchema, decodeColumnarText } from '../../src/contracts/columnar-text';
import { sessionWriteSchema } from '../../src/contracts/entities';
import type { ErrorCode } from '../../src/contracts/errors';
import { ApiError } from '../errors';
import { parseInput } from '../validate';
import { deriveSessionStats, type SessionStats } from './lap-stats';
import { crossesFinish, type FinishGate } from './finish-crossing';
import type { z } from 'zod';

export interface UploadTask {
  /** The body as received (already inflated), UTF-8 JSON, in shared blocks (raw-upload.ts). */
  blocks: Uint8Array[];
  length: number;
  /** Sent under COLUMNAR_SESSION_MEDIA_TYPE: `coordinates` is a ColumnarText. */
  columnar: boolean;
  /** The rebuilt position text may not exceed this many UTF-8 bytes (the route's body limit). */
  maxBytes: number;
}

export type UploadInput = z.output<typeof sessionWriteSchema>;

/** The validated input, its position text as UTF-8 bytes in a SharedArrayBuffer. */
export type PreparedInput = Omit<UploadInput, 'coordinates'> & { coordinates: Uint8Array };

export type UploadOutcome =
  | { ok: true; input: PreparedInput; stats: SessionStats }
  | { ok: false; status: number; code: ErrorCode; message: string; fields?: Record<string, string> };

export default function prepareUpload(task: UploadTask): UploadOutcome {
  try {
    const text = Buffer.concat(task.blocks, task.length).toString('utf8');
    const value = parseJson(text);
    const body = task.columnar ? withRebuiltCoordinates(value, task.maxBytes) : value;
    const input = parseInput(sessionWriteSchema, body);
    const stats = deriveSessionStats(input.laps, input.coordinates);
    const coordinates = new Uint8Array(new SharedArrayBuffer(stats.coordinatesBytes));
    Buffer.from(coordinates.buffer).write(input.coordinates, 'utf8');
    return { ok: true, input: { ...input, coordinates }, stats };
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, status: e.statusCode, code: e.code, message: e.message, ...(e.fields ? { fields: e.fields } : {}) };
    throw e;
  }
}

/** Strict JSON as Fastify's own parser reads it (prototype poisoning refused). */
function parseJson(text: string): unknown {
  if (text.trim() === '') throw new ApiError(400, 'BAD_REQUEST', 'The JSON request body is empty.');
  try {
    return sjson.parse(text, null, { protoAction: 'error', constructorAction: 'error' });
  } catch (e) {
    if (e instanceof SyntaxError) throw new ApiError(400, 'BAD_REQUEST', 'The request body is not valid JSON.');
    throw new ApiError(400, 'BAD_REQUEST', 'Object contains forbidden prototype property');
  }
}

/** The body with its columnar `coordinates` rebuilt into the text the device wrote, at most `maxBytes` long. */
function withRebuiltCoordinates(value: unknown, maxBytes: number): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('coordinates' in value)) {
    throw new ApiError(400, 'VALIDATION', 'Invalid request body: coordinates: Required', { coordinates: 'Required' });
  }
  const columns = columnarTextSchema.safeParse(value.coordinates);
  if (!columns.success) {
    throw new ApiError(400, 'VALIDATION', 'Invalid request body: coordinates: not a columnar text', { coordinates: 'Not a columnar text' });
  }
  try {
    return { ...value, coordinates: decodeColumnarText(columns.data, maxBytes) };
  } catch (e) {
    if (!(e instanceof ColumnarTextError)) throw e;
    throw e.code === 'COLUMNAR_TOO_LARGE'
      ? new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.')
      : new ApiError(400, 'VALIDATION', `Invalid request body: coordinates: ${e.message}`, { coordinates: e.message });
  }
}

/** A session's positions (text, or UTF-8 bytes in shared memory) and its circuit's start/finish (finish-crossing.ts). */
export interface FinishTask {
  positions: string | Uint8Array;
  gate: FinishGate;
}

/** Named task `finishCheck`: whether the positions cross the start/finish at least twice. */
export function finishCheck(task: FinishTask): boolean {
  const { positions } = task;
  const text = typeof positions === 'string' ? positions : Buffer.from(positions.buffer, positions.byteOffset, positions.byteLength).toString('utf8');
  return crossesFinish(text, task.gate);
}
