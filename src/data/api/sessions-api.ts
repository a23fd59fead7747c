import { z } from 'zod';
import { dataTableResponseSchema, type DataTableRequest, type DataTableResponse } from '../../contracts/datatable';
import {
  sessionSchema,
  sessionSummarySchema,
  type Session,
  type SessionSummary,
  type sessionPatchSchema,
  type sessionWriteSchema,
} from '../../contracts/entities';
import { COLUMNAR_SESSION_MEDIA_TYPE, encodeColumnarText } from '../../contracts/columnar-text';
import type { HttpClient, RequestOptions } from './http-client';

/**
 * Spec 7 sessions calls. Lists and datatables never carry the position text; GET /sessions/{id} does.
 * POST /sessions is deduplicated by the server on (user, filename): posting the same session again returns the
 * existing row, so the sync queue may retry it freely. Bodies above GZIP_THRESHOLD_BYTES go with their position
 * text column by column (contracts/columnar-text: lossless, the server decodes it before anything else) and
 * gzip-compressed: a 7 h session is ~25 MB of text, 7.07 MB as gzipped JSON, ~4.3 MB this way.
 */
export type SessionWrite = z.input<typeof sessionWriteSchema>;
export type SessionPatch = z.input<typeof sessionPatchSchema>;

/** Below this a JSON body is sent as is: compressing a few KB costs more than it saves. */
export const GZIP_THRESHOLD_BYTES = 32 * 1024;
/** Uploads of big sessions over a trackside uplink: 5 minutes before giving up (the queue retries). */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** PATCH answers the updated row and whether the server's copy had changed since `baseUpdatedAt`. */
export const sessionPatchResultSchema = sessionSummarySchema.extend({ conflict: z.boolean().optional().default(false) });
export type SessionPatchResult = z.infer<typeof sessionPatchResultSchema>;

const summaries = z.array(sessionSummarySchema);
const table = dataTableResponseSchema(sessionSummarySchema) as unknown as z.ZodType<DataTableResponse<SessionSummary>>;

function approxBytes(body: SessionWrite): number {
  return body.coordinates.length + body.laps.length + 512;
}

/**
 * The body and options of a session write (POST or PUT): small ones as plain JSON; big ones with `coordinates`
 * as a ColumnarText under COLUMNAR_SESSION_MEDIA_TYPE, gzip-compressed. Exported for the wire benchmark and tests.
 */
export function sessionWriteRequest(body: SessionWrite): { body: unknown; options: Pick<RequestOptions, 'gzip' | 'headers'> } {
  if (approxBytes(body) <= GZIP_THRESHOLD_BYTES) return { body, options: { gzip: false } };
  const columns = encodeColumnarText(body.coordinates);
  // null: a text with no exact UTF-8 form (a lone surrogate); it goes as plain JSON, still gzipped.
  if (!columns) return { body, options: { gzip: true } };
  return { body: { ...body, coordinates: columns }, options: { gzip: true, headers: { 'Content-Type': COLUMNAR_SESSION_MEDIA_TYPE } } };
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
    create: (body: SessionWrite, signal?: AbortSignal): Promise<SessionSummary> => {
      const w = sessionWriteRequest(body);
      return http.post('/sessions', w.body, { ...w.options, schema: sessionSummarySchema, timeoutMs: UPLOAD_TIMEOUT_MS, signal });
    },
    update: (id: number, body: SessionWrite, signal?: AbortSignal): Promise<SessionSummary> => {
      const w = sessionWriteRequest(body);
      return http.put(`/sessions/${id}`, w.body, { ...w.options, schema: sessionSummarySchema, timeoutMs: UPLOAD_TIMEOUT_MS, signal });
    },
    patch: (id: number, body: SessionPatch, signal?: AbortSignal): Promise<SessionPatchResult> =>
      http.patch(`/sessions/${id}`, body, { schema: sessionPatchResultSchema, signal }),
    remove: (id: number, signal?: AbortSignal): Promise<void> => http.delete(`/sessions/${id}`, { responseType: 'none', signal }),
  };
}
export type SessionsApi = ReturnType<typeof createSessionsApi>;
