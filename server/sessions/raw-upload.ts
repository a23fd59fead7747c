import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { COLUMNAR_SESSION_MEDIA_TYPE } from '../../src/contracts/columnar-text';
import { ApiError } from '../errors';
import { SESSION_BODY_LIMIT } from '../limits';

/**
 * Session uploads are read as bytes: JSON (`application/json`) or, from the app, JSON whose `coordinates` is a
 * ColumnarText (COLUMNAR_SESSION_MEDIA_TYPE, src/contracts/columnar-text.ts), usually gzip-compressed (inflated by
 * @fastify/compress first, under the route's bodyLimit). Parsing them is the upload worker's job, off the event
 * loop. Each chunk is copied as it arrives into 1 MiB blocks of shared memory that the worker reads in place: the
 * event loop never copies a whole 40 MiB body at once (Fastify's own Buffer.concat of it took ~170 ms on a busy
 * 2-core machine). Only the plugin these parsers are added to reads bodies this way; any other type there is a 415.
 */
export interface RawUpload {
  /** Filled blocks in order; the last holds `length - (blocks.length - 1) * BLOCK_BYTES` bytes. */
  blocks: Uint8Array[];
  length: number;
  columnar: boolean;
}

const BLOCK_BYTES = 1024 * 1024;
const RAW = Symbol('raw upload');

/** The shared blocks bodies are read into: taken for a body, given back once the worker is done with it. */
export interface BodyBlocks {
  take(): Uint8Array;
  give(blocks: Uint8Array[]): void;
}

/**
 * Keeps up to `keepBytes` of given-back blocks for the next bodies. A new block per 1 MiB of every body left each
 * body's blocks to the garbage collector, which frees shared memory only when it next runs: under a run of big or
 * refused bodies several bodies' blocks were held at once. A reused block's old bytes are never read: a body is its
 * blocks up to its length.
 */
export function bodyBlocks(keepBytes: number): BodyBlocks {
  const free: Uint8Array[] = [];
  const keep = Math.ceil(keepBytes / BLOCK_BYTES);
  return {
    take: () => free.pop() ?? new Uint8Array(new SharedArrayBuffer(BLOCK_BYTES)),
    give(blocks) {
      for (const b of blocks) if (free.length < keep) free.push(b);
    },
  };
}

export function addRawUploadParsers(app: FastifyInstance, blocks: BodyBlocks): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', COLUMNAR_SESSION_MEDIA_TYPE], (request, payload, done) => {
    readBlocks(request, payload, blocks, (err, upload) => (err ? done(err, undefined) : done(null, upload)));
  });
}

/** Fastify's own body reading (limit on the inflated size, Content-Length checked), into shared blocks. */
function readBlocks(
  request: FastifyRequest,
  payload: Readable & { receivedEncodedLength?: number },
  pool: BodyBlocks,
  done: (err: Error | null, upload?: RawUpload) => void,
): void {
  const limit = request.routeOptions.bodyLimit ?? SESSION_BODY_LIMIT;
  const contentLength = Number(request.headers['content-length']);
  if (contentLength > limit) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  const columnar = (request.headers['content-type'] ?? '').toLowerCase().startsWith(COLUMNAR_SESSION_MEDIA_TYPE);
  const blocks: Uint8Array[] = [];
  let length = 0;
  const stop = () => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
  };
  /** Stops reading a body that is refused; its blocks go back at once. */
  const refuse = (err: Error) => {
    stop();
    pool.give(blocks.splice(0));
    done(err);
  };
  function onData(data: Buffer | string) {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    if (length + chunk.length > limit || (payload.receivedEncodedLength ?? 0) > limit) return refuse(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    let from = 0;
    while (from < chunk.length) {
      const at = length % BLOCK_BYTES;
      if (at === 0) blocks.push(pool.take());
      const n = Math.min(chunk.length - from, BLOCK_BYTES - at);
      blocks[blocks.length - 1].set(chunk.subarray(from, from + n), at);
      from += n;
      length += n;
    }
  }
  function onEnd(err?: Error & { statusCode?: number }) {
    if (err) {
      if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
      return refuse(err);
    }
    if (!Number.isNaN(contentLength) && (payload.receivedEncodedLength || length) !== contentLength) {
      return refuse(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    }
    stop();
    done(null, Object.assign({ [RAW]: true }, { blocks, length, columnar }));
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
}

/** The body the parsers above read; a request without one is a 400. */
export function rawUpload(body: unknown): RawUpload {
  if (typeof body === 'object' && body !== null && RAW in body) return body as unknown as RawUpload;
  throw new ApiError(400, 'VALIDATION', 'bodyMissing');
}
