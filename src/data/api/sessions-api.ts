import { z } from 'zod';
import { dataTableResponseSchema, type DataTableRequest, type DataTableResponse } from '../../contracts/datatable';
import {
  sessionSchema,
  sessionSummarySchema,
  type Session,
  type SessionSummary,
  type sessionPatchSchema,
} from '../../contracts/entities';
import { isEncodedSessionWrite, sessionWriteRequest, type EncodedSessionWrite, type SessionWrite } from '../../contracts/session-upload';
import type { HttpClient, RequestOptions } from './http-client';

/**
 * The sessions calls. Lists and datatables never carry the position text; GET /sessions/{id} does.
 * POST /sessions is deduplicated by the server on (user, filename): posting the same session again returns the
 * existing row, so the sync queue may retry it freely. Bodies above GZIP_THRESHOLD_BYTES go with their position
 * text column by column (contracts/columnar-text: lossless, the server decodes it before anything else) and
 * gzip-compressed: a 7 h session is ~25 MB of text, 7.07 MB as gzipped JSON, ~4.3 MB this way. create/update also
 * take a write already serialised (contracts/session-upload `encodeSessionWrite`, which the page runs in the
 * analysis worker): its bytes go as they are, gzip-compressed through CompressionStream (off the main thread).
 */
export type { SessionWrite, EncodedSessionWrite };
export type SessionPatch = z.input<typeof sessionPatchSchema>;

/** Uploads of big sessions over a trackside uplink: 5 minutes before giving up (the queue retries). */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** PATCH answers the updated row and whether the server's copy had changed since `baseUpdatedAt`. */
const sessionPatchResultSchema = sessionSummarySchema.extend({ conflict: z.boolean().optional().default(false) });
export type SessionPatchResult = z.infer<typeof sessionPatchResultSchema>;

const summaries = z.array(sessionSummarySchema);
const table = dataTableResponseSchema(sessionSummarySchema) as unknown as z.ZodType<DataTableResponse<SessionSummary>>;

/** Body and options of a write: a SessionWrite shaped by sessionWriteRequest, or pre-serialised bytes as they are. */
function writeRequest(body: SessionWrite | EncodedSessionWrite): { body: unknown; options: Pick<RequestOptions, 'gzip' | 'headers'> } {
  if (isEncodedSessionWrite(body)) return { body: body.bytes, options: { gzip: body.gzip, headers: { 'Content-Type': body.contentType } } };
  return sessionWriteRequest(body);
}

export function createSessionsApi(http: HttpClient) {
  return {
    list: (signal?: AbortSignal): Promise<SessionSummary[]> => http.get('/sessions', { schema: summaries, signal }),
    datatable: (request: DataTableRequest, signal?: AbortSignal): Promise<DataTableResponse<SessionSummary>> =>
      http.post('/sessions/datatable', request, { schema: table, signal }),
    adminDatatable: (request: DataTableRequest, signal?: AbortSignal): Promise<DataTableResponse<SessionSummary>> =>
      http.post('/admin/sessions/datatable', request, { schema: table, signal }),
    get: (id: number, signal?: AbortSignal): Promise<Session> => http.get(`/sessions/${id}`, { schema: sessionSchema, signal, timeoutMs: UPLOAD_TIMEOUT_MS }),
    adminGet: (id: number, signal?: AbortSignal): Promise<Session> =>
      http.get(`/admin/sessions/${id}`, { schema: sessionSchema, signal, timeoutMs: UPLOAD_TIMEOUT_MS }),
    /** POST /sessions: created or (same user + filename) the existing row. */
    create: (body: SessionWrite | EncodedSessionWrite, signal?: AbortSignal): Promise<SessionSummary> => {
      const w = writeRequest(body);
      return http.post('/sessions', w.body, { ...w.options, schema: sessionSummarySchema, timeoutMs: UPLOAD_TIMEOUT_MS, signal });
    },
    update: (id: number, body: SessionWrite | EncodedSessionWrite, signal?: AbortSignal): Promise<SessionSummary> => {
      const w = writeRequest(body);
      return http.put(`/sessions/${id}`, w.body, { ...w.options, schema: sessionSummarySchema, timeoutMs: UPLOAD_TIMEOUT_MS, signal });
    },
    patch: (id: number, body: SessionPatch, signal?: AbortSignal): Promise<SessionPatchResult> =>
      http.patch(`/sessions/${id}`, body, { schema: sessionPatchResultSchema, signal }),
    remove: (id: number, signal?: AbortSignal): Promise<void> => http.delete(`/sessions/${id}`, { responseType: 'none', signal }),
  };
}
export type SessionsApi = ReturnType<typeof createSessionsApi>;
