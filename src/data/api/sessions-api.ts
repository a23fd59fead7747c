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
import type { HttpClient } from './http-client';

/**
 * Spec 7 sessions calls. Lists and datatables never carry the position text; GET /sessions/{id} does.
 * POST /sessions is deduplicated by the server on (user, filename): posting the same session again returns the
 * existing row, so the sync queue may retry it freely. Bodies above GZIP_THRESHOLD_BYTES are gzip-compressed
 * (a 7 h session is ~25 MB of text, ~6-7 MB gzipped).
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
    create: (body: SessionWrite, signal?: AbortSignal): Promise<SessionSummary> =>
      http.post('/sessions', body, { schema: sessionSummarySchema, gzip: approxBytes(body) > GZIP_THRESHOLD_BYTES, timeoutMs: UPLOAD_TIMEOUT_MS, signal }),
    update: (id: number, body: SessionWrite, signal?: AbortSignal): Promise<SessionSummary> =>
      http.put(`/sessions/${id}`, body, { schema: sessionSummarySchema, gzip: approxBytes(body) > GZIP_THRESHOLD_BYTES, timeoutMs: UPLOAD_TIMEOUT_MS, signal }),
    patch: (id: number, body: SessionPatch, signal?: AbortSignal): Promise<SessionPatchResult> =>
      http.patch(`/sessions/${id}`, body, { schema: sessionPatchResultSchema, signal }),
    remove: (id: number, signal?: AbortSignal): Promise<void> => http.delete(`/sessions/${id}`, { responseType: 'none', signal }),
  };
}
export type SessionsApi = ReturnType<typeof createSessionsApi>;
