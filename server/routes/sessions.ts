import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionPatchSchema, sessionWriteSchema } from '../../src/contracts/entities';
import { hasZone } from '../../src/domain/format/wall-clock';
import type { Queryable } from '../db/db';
import { ApiError, notFound } from '../errors';
import { parseId, parseInput } from '../validate';
import { authenticate, caller, requireAdmin } from '../auth/guard';
import { parseDataTableRequest, runDataTable } from '../datatable/datatable';
import { CONCURRENT_UPLOADS_PER_USER, SESSION_BODY_LIMIT } from '../limits';
import { addColumnarUploadParser } from '../sessions/columnar-upload';
import { deriveSessionStats } from '../sessions/lap-stats';
import { uploadSlots } from '../sessions/upload-slots';
import { adminSessionsTable, sessionsTable } from '../sessions/session-tables';
import {
  circuitExists,
  deleteSession,
  findByFilename,
  findOwner,
  findSession,
  findSummary,
  insertSession,
  listSummariesOf,
  patchSession,
  replaceSession,
  vehicleCategoryExists,
} from '../sessions/session-store';

/**
 * Sessions API. A racer owns their sessions; another racer's are a 404. Admins read every session under
 * /admin/sessions and may edit or delete any through /sessions/{id} (the admin table's row actions).
 * Lists and data tables never select the position text (`coordinates`, up to 25 MB).
 */

type WithId = { Params: { id: string } };

/** A racer may touch their own sessions, an admin anyone's; everything else (and a missing session) is a 404. */
function mayTouch(request: FastifyRequest, owner: { userId: number } | null): owner is { userId: number; changed: boolean } {
  const me = caller(request);
  return owner !== null && (owner.userId === me.id || me.role === 'admin');
}

/** The circuit must be one the session's owner sees (another racer's own circuit is unknown to them). */
async function checkReferences(q: Queryable, input: { circuitId?: number | null; vehicleCategoryId?: number | null }, ownerId: number): Promise<void> {
  if (input.circuitId != null && !(await circuitExists(q, input.circuitId, ownerId))) {
    throw new ApiError(400, 'VALIDATION', 'Unknown circuitId.', { circuitId: 'Does not exist' });
  }
  if (input.vehicleCategoryId != null && !(await vehicleCategoryExists(q, input.vehicleCategoryId))) {
    throw new ApiError(400, 'VALIDATION', 'Unknown vehicleCategoryId.', { vehicleCategoryId: 'Does not exist' });
  }
}

function parseDate(value: string): string {
  // A date-time without a zone is read as UTC, the same on every server whatever its own zone (the app sends
  // instants; before it did, it sent the track's wall-clock time, which `new Date` read in the server's zone).
  const d = new Date(value.includes('T') && !hasZone(value) ? `${value}Z` : value);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1970 || d.getUTCFullYear() > 9999) {
    throw new ApiError(400, 'VALIDATION', 'Invalid request body: date: must be an ISO date', { date: 'Must be an ISO date' });
  }
  return d.toISOString();
}

export default async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const slots = uploadSlots(CONCURRENT_UPLOADS_PER_USER);
  /** Uploads: a big body limit, taken only once the caller is known and has a free upload slot. */
  const upload = { bodyLimit: SESSION_BODY_LIMIT, onRequest: [authenticate, slots.take] };
  addColumnarUploadParser(app);

  /** The summary of a session that exists (it was just written or checked). */
  const summaryOf = async (q: Queryable, id: number) => (await findSummary(q, id)) ?? Promise.reject(notFound('Session not found.'));

  app.get('/sessions', { onRequest: authenticate }, async (request) => listSummariesOf(db, caller(request).id));

  app.post('/sessions/datatable', { onRequest: authenticate }, async (request) =>
    runDataTable(db, sessionsTable, parseDataTableRequest(request.body), { sql: 's.user_id = $1', params: [caller(request).id] }),
  );

  app.post('/sessions', upload, async (request, reply) => {
    const me = caller(request);
    const input = parseInput(sessionWriteSchema, request.body);
    const values = { ...input, date: parseDate(input.date) };
    await checkReferences(db, input, me.id);
    const stats = deriveSessionStats(input.laps, input.coordinates);
    const result = await db.tx(async (q) => {
      const created = await insertSession(q, me.id, values, stats);
      if (created !== null) return { status: 201, id: created };
      // Already uploaded (a retry of the sync queue): same content answers with the existing row, never a second one.
      const existing = await findByFilename(q, me.id, input.filename);
      if (!existing || existing.contentSha256 !== stats.contentSha256) {
        throw new ApiError(409, 'CONFLICT', 'A different session with this file name already exists.');
      }
      return { status: 200, id: existing.id };
    });
    return reply.status(result.status).send(await summaryOf(db, result.id));
  });

  app.get<WithId>('/sessions/:id', { onRequest: authenticate }, async (request) => {
    const id = parseId(request.params.id);
    if (!mayTouch(request, await findOwner(db, id))) throw notFound('Session not found.');
    return (await findSession(db, id)) ?? Promise.reject(notFound('Session not found.'));
  });

  app.put<WithId>('/sessions/:id', upload, async (request) => {
    const id = parseId(request.params.id);
    const owner = await findOwner(db, id);
    if (!mayTouch(request, owner)) throw notFound('Session not found.');
    const input = parseInput(sessionWriteSchema, request.body);
    const values = { ...input, date: parseDate(input.date) };
    await checkReferences(db, input, owner.userId);
    const stats = deriveSessionStats(input.laps, input.coordinates);
    await db.tx((q) => replaceSession(q, id, values, stats));
    return summaryOf(db, id);
  });

  app.patch<WithId>('/sessions/:id', { onRequest: authenticate }, async (request) => {
    const id = parseId(request.params.id);
    // Someone else's session is a 404 whatever the body (checked again under the row lock below).
    const first = await findOwner(db, id);
    if (!mayTouch(request, first)) throw notFound('Session not found.');
    const input = parseInput(sessionPatchSchema, request.body);
    let base: Date | null = null;
    if (input.baseUpdatedAt !== undefined) {
      base = new Date(input.baseUpdatedAt);
      if (Number.isNaN(base.getTime())) throw new ApiError(400, 'VALIDATION', 'Invalid request body: baseUpdatedAt: must be an ISO date', { baseUpdatedAt: 'Must be an ISO date' });
    }
    await checkReferences(db, input, first.userId);
    return db.tx(async (q) => {
      const owner = await findOwner(q, id, { since: base });
      if (!mayTouch(request, owner)) throw notFound('Session not found.');
      await patchSession(q, id, input);
      // Last writer wins; `conflict` tells the client it overwrote a copy changed since it last saw it.
      return { ...(await summaryOf(q, id)), conflict: base !== null && owner.changed };
    });
  });

  app.delete<WithId>('/sessions/:id', { onRequest: authenticate }, async (request, reply) => {
    const id = parseId(request.params.id);
    if (!mayTouch(request, await findOwner(db, id))) throw notFound('Session not found.');
    await deleteSession(db, id);
    return reply.status(204).send();
  });

  app.post('/admin/sessions/datatable', { onRequest: requireAdmin }, async (request) => runDataTable(db, adminSessionsTable, parseDataTableRequest(request.body)));

  app.get<WithId>('/admin/sessions/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params.id);
    return (await findSession(db, id)) ?? Promise.reject(notFound('Session not found.'));
  });
}
