import type { z } from 'zod';
import { COLUMNAR_SESSION_MEDIA_TYPE, encodeColumnarText } from './columnar-codec';
import type { sessionWriteSchema } from './entities';

/**
 * The body of a session write (POST/PUT /sessions) as it goes on the wire, in one place for both places that build
 * it: the page's analysis worker (off the main thread, a 7 h session's 25 MB of text takes several hundred ms) and
 * the inline path (service worker's Background Sync, tests, bench). Small bodies go as plain JSON; big ones with
 * `coordinates` as a ColumnarText under COLUMNAR_SESSION_MEDIA_TYPE, gzip-compressed (by the HTTP client, through
 * CompressionStream). No zod at run time (type imports only), so the worker bundle stays small.
 */
export type SessionWrite = z.input<typeof sessionWriteSchema>;

/** A stored text as the outbox hands it over: the IndexedDB row's Blob (or ArrayBuffer of older rows), bytes or text. */
type UploadText = string | Blob | ArrayBuffer | Uint8Array;

/** A session write whose texts are not read yet (the stored bytes): reading and encoding them is the heavy part. */
export type SessionUpload = Omit<SessionWrite, 'coordinates' | 'laps'> & { coordinates: UploadText; laps: UploadText };

/** A session write serialised for the wire: the JSON body's UTF-8 bytes, its media type, and whether to gzip it. */
export interface EncodedSessionWrite {
  bytes: Uint8Array;
  contentType: string;
  gzip: boolean;
}

/** Below this a JSON body is sent as is: compressing a few KB costs more than it saves. */
export const GZIP_THRESHOLD_BYTES = 32 * 1024;

function approxBytes(body: SessionWrite): number {
  return body.coordinates.length + body.laps.length + 512;
}

/**
 * The body and options of a session write (POST or PUT): small ones as plain JSON; big ones with `coordinates`
 * as a ColumnarText under COLUMNAR_SESSION_MEDIA_TYPE, gzip-compressed.
 */
export function sessionWriteRequest(body: SessionWrite): { body: unknown; options: { gzip: boolean; headers?: Record<string, string> } } {
  if (approxBytes(body) <= GZIP_THRESHOLD_BYTES) return { body, options: { gzip: false } };
  const columns = encodeColumnarText(body.coordinates);
  // null: a text with no exact UTF-8 form (a lone surrogate); it goes as plain JSON, still gzipped.
  if (!columns) return { body, options: { gzip: true } };
  return { body: { ...body, coordinates: columns }, options: { gzip: true, headers: { 'Content-Type': COLUMNAR_SESSION_MEDIA_TYPE } } };
}

/**
 * sessionWriteRequest serialised: exactly the bytes the HTTP client would send for it as JSON (JSON.stringify, then
 * UTF-8), so the pre-serialised path and the inline one put the same bytes on the wire.
 */
export function encodeSessionWrite(body: SessionWrite): EncodedSessionWrite {
  const request = sessionWriteRequest(body);
  return {
    bytes: new TextEncoder().encode(JSON.stringify(request.body)),
    contentType: request.options.headers?.['Content-Type'] ?? 'application/json',
    gzip: request.options.gzip,
  };
}

async function readText(text: UploadText): Promise<string> {
  if (typeof text === 'string') return text;
  const bytes = text instanceof Blob ? await text.arrayBuffer() : text;
  return new TextDecoder().decode(bytes);
}

/** The upload with its texts read (Blobs read, UTF-8 decoded). */
export async function readSessionUpload(upload: SessionUpload): Promise<SessionWrite> {
  const [coordinates, laps] = await Promise.all([readText(upload.coordinates), readText(upload.laps)]);
  return { ...upload, coordinates, laps };
}

/** True for a pre-serialised write (encodeSessionWrite's result) rather than a SessionWrite. */
export function isEncodedSessionWrite(body: SessionWrite | EncodedSessionWrite): body is EncodedSessionWrite {
  return (body as EncodedSessionWrite).bytes instanceof Uint8Array;
}
