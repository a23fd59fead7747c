/**
 * The heavy part of a session upload, run in a worker thread (upload-pool.ts) so that no upload blocks other
 * requests: JSON parsing of the inflated body, rebuilding a columnar `coordinates` (columnar-text.ts), validation,
 * laps parsing, sizes and content hash. Every bound (session-bounds.ts) is checked before the work that grows
 * with it. The outcome is plain data (structured-cloned back): the input and stats, or the error to answer. The
 * position text goes back as its UTF-8 bytes in shared memory, not as a string: structured cloning a 40 MiB string
 * copied it on the event loop (~160 ms on a busy 2-core machine), a SharedArrayBuffer is handed over as it is, and
 * the finish check and the database write read the same bytes. The request brings that memory (`out`,
 * position-buffers.ts), and the text is written straight into it.
 */
import sjson from 'secure-json-parse';
import { ColumnarTextError, columnarTextSchema, decodeColumnarBytes } from '../../src/contracts/columnar-text';
import { MAX_COLUMNS, MAX_SHAPE_RUNS } from '../../src/contracts/session-bounds';
import { sessionWriteSchema } from '../../src/contracts/entities';
import type { ErrorCode } from '../../src/contracts/errors';
import type { MessageRef } from '../../src/contracts/messages';
import { ApiError } from '../errors';
import { parseInput } from '../validate';
import { deriveSessionStats, type SessionStats } from './lap-stats';
import { crossesFinish, type FinishGate } from './finish-crossing';
import type { z } from 'zod';
import { collectGarbage } from '../collect-garbage';

export interface UploadTask {
  /** The body as received (already inflated), UTF-8 JSON, in shared blocks (raw-upload.ts). */
  blocks: Uint8Array[];
  length: number;
  /** Sent under COLUMNAR_SESSION_MEDIA_TYPE: `coordinates` is a ColumnarText. */
  columnar: boolean;
  /** The rebuilt position text may not exceed this many UTF-8 bytes (the route's body limit). */
  maxBytes: number;
  /** Shared memory of at least `maxBytes` the position text is written into (from its start). */
  out: Uint8Array;
}

export type UploadInput = z.output<typeof sessionWriteSchema>;

/** The validated input, its position text as UTF-8 bytes in a SharedArrayBuffer. */
export type PreparedInput = Omit<UploadInput, 'coordinates'> & { coordinates: Uint8Array };

export type UploadOutcome =
  | { ok: true; input: PreparedInput; stats: SessionStats }
  | { ok: false; status: number; code: ErrorCode; message: MessageRef; fields?: Record<string, string> };

/** A body this big (bytes) is followed by a full collection after each step (a few ms each, in this thread). */
const COLLECT_BETWEEN_STEPS_BYTES = 8 * 1024 * 1024;

export default function prepareUpload(task: UploadTask): UploadOutcome {
  // This upload's garbage (and its hold on the body's shared blocks) goes once its outcome is sent.
  setImmediate(collectGarbage);
  // The position text is written into `out` and handed back as a view of it. A body of at most maxBytes carries no
  // longer text (a JSON string's UTF-8 is never longer than its JSON; the decoder stops at maxBytes), so with room
  // for maxBytes it always fits.
  if (!(task.out.buffer instanceof SharedArrayBuffer) || task.out.byteLength < task.maxBytes || task.length > task.maxBytes) {
    throw new RangeError('An upload of at most maxBytes needs shared memory of at least maxBytes for its position text.');
  }
  try {
    let text: string | undefined = bodyText(task);
    // A big body's intermediate copies go before the next one is made, so that at most two of its size (instead of
    // four: the joined bytes, the text, the parsed value, the stored bytes) are held at once.
    const big = task.length >= COLLECT_BETWEEN_STEPS_BYTES;
    if (big) collectGarbage();
    const value = parseJson(text);
    text = undefined;
    if (big) collectGarbage();
    let coordinates: Uint8Array;
    let input: UploadInput;
    if (task.columnar) {
      // Rebuilt straight into UTF-8 bytes in `out` (within maxBytes, so within the schema's character bound too),
      // the other fields validated beside an empty text: no 25 MB string made and encoded again.
      coordinates = rebuiltCoordinates(value, task.maxBytes, task.out);
      input = parseInput(sessionWriteSchema, { ...(value as Record<string, unknown>), coordinates: '' });
    } else {
      input = parseInput(sessionWriteSchema, value);
      const written = Buffer.from(task.out.buffer, task.out.byteOffset, task.out.byteLength).write(input.coordinates, 'utf8');
      coordinates = task.out.subarray(0, written);
    }
    return { ok: true, input: { ...input, coordinates }, stats: deriveSessionStats(input.laps, coordinates) };
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, status: e.statusCode, code: e.code, message: e.ref, ...(e.fields ? { fields: e.fields } : {}) };
    throw e;
  }
}

/** The body's text, its values counted (refuseManyValues) before anyone parses it. */
function bodyText(task: UploadTask): string {
  const text = Buffer.concat(task.blocks, task.length).toString('utf8');
  refuseManyValues(text);
  return text;
}

/**
 * Array items and object members a session body may hold in all: a columnar shape of MAX_SHAPE_RUNS runs, its
 * columns and deltas, and a few dozen fields. Strings are bounded by the body's size; values are not: a 40 MiB
 * body of `[1,1,1,...]` is 20 million numbers, which JSON.parse built (~300 MB of heap per upload) before the
 * schema could count them.
 */
const MAX_JSON_VALUES = 2 * MAX_SHAPE_RUNS + 2 * MAX_COLUMNS + 1_000;

/**
 * Counts the array items and object members of a JSON text without parsing it and refuses a text with more than
 * MAX_JSON_VALUES, naming the top-level field where the count ran over. Strings are skipped with indexOf (a
 * session's position text is one 40 MiB string); anything that is not JSON is left to JSON.parse to refuse.
 */
function refuseManyValues(text: string): void {
  let values = 0;
  let depth = 0;
  let field = '';
  let fieldStart = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: find its closing quote (one not escaped by an odd run of backslashes).
      const start = i;
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i < 0) return;
        let backslashes = 0;
        while (text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
        if (backslashes % 2 === 0) break;
      }
      if (depth === 1 && fieldStart < 0) fieldStart = start;
      if (depth === 1 && fieldStart === start) field = text.slice(start + 1, Math.min(i, start + 65));
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      // An item or member begins after the bracket unless it closes at once (counted at the comma otherwise).
      if (nextNonSpace(text, i + 1) !== (c === 0x5b ? 0x5d : 0x7d)) values++;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x2c) {
      values++;
      if (depth === 1) fieldStart = -1;
    }
    if (values > MAX_JSON_VALUES) {
      const name = field || 'body';
      throw new ApiError(400, 'VALIDATION', { id: 'invalidBody', params: { details: `${name}: more than ${MAX_JSON_VALUES} values` } }, { [name]: `At most ${MAX_JSON_VALUES} values` });
    }
  }
}

const nextNonSpace = (text: string, from: number) => {
  let i = from;
  while (i < text.length && /\s/.test(text[i])) i++;
  return text.charCodeAt(i);
};

/** Strict JSON as Fastify's own parser reads it (prototype poisoning refused). */
function parseJson(text: string): unknown {
  if (text.trim() === '') throw new ApiError(400, 'BAD_REQUEST', 'emptyJson');
  try {
    return sjson.parse(text, null, { protoAction: 'error', constructorAction: 'error' });
  } catch (e) {
    if (e instanceof SyntaxError) throw new ApiError(400, 'BAD_REQUEST', 'invalidJson');
    throw new ApiError(400, 'BAD_REQUEST', 'forbiddenProperty');
  }
}

/** The body's columnar `coordinates` rebuilt into the text the device wrote, as UTF-8 in `into`, at most `maxBytes` long. */
function rebuiltCoordinates(value: unknown, maxBytes: number, into: Uint8Array): Uint8Array {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('coordinates' in value)) {
    throw new ApiError(400, 'VALIDATION', { id: 'invalidBody', params: { details: 'coordinates: Required' } }, { coordinates: 'Required' });
  }
  const columns = columnarTextSchema.safeParse(value.coordinates);
  if (!columns.success) {
    throw new ApiError(400, 'VALIDATION', { id: 'invalidBody', params: { details: 'coordinates: not a columnar text' } }, { coordinates: 'Not a columnar text' });
  }
  try {
    return decodeColumnarBytes(columns.data, maxBytes, into);
  } catch (e) {
    if (!(e instanceof ColumnarTextError)) throw e;
    throw e.code === 'COLUMNAR_TOO_LARGE'
      ? new ApiError(413, 'PAYLOAD_TOO_LARGE', 'bodyTooLarge')
      : new ApiError(400, 'VALIDATION', { id: 'invalidBody', params: { details: `coordinates: ${e.message}` } }, { coordinates: e.message });
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
