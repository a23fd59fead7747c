import type { FastifyInstance } from 'fastify';
import { sessionPatchSchema } from '../../src/contracts/entities';
import { ApiError, notFound } from '../errors';
import { parseId, parseInput } from '../validate';
import { authenticate, caller, requireAdmin } from '../auth/guard';
import { parseDataTableRequest, runDataTable } from '../datatable/datatable';
import { adminSessionsTable, sessionsTable } from '../sessions/session-tables';
import { checkReferences, mayTouch, parseDate, summaryOf } from '../sessions/session-access';
import { deleteSession, findOwner, findSession, listSummariesOf, patchSession } from '../sessions/session-store';
import type { UploadPool } from '../sessions/upload-pool';
import { recheckFinish, refreshRankedLap } from '../sessions/finish-check';

/**
 * Sessions API. A racer owns their sessions; another racer's are a 404. Admins read every session under
 * /admin/sessions and may edit or delete any through /sessions/{id} (the admin table's row actions).
 * Lists and data tables never select the position text (`coordinates`, up to 25 MB). Uploads (POST/PUT) are in
 * session-uploads.ts.
 */

type WithId = { Params: { id: string } };

export default async function sessionRoutes(app: FastifyInstance, { pool }: { pool: UploadPool }): Promise<void> {
  const { db } = app;
  app.get('/sessions', { onRequest: authenticate }, async (request) => listSummariesOf(db, caller(request).id));

  app.post('/sessions/datatable', { onRequest: authenticate }, async (request) =>
    runDataTable(db, sessionsTable, parseDataTableRequest(request.body), { sql: 's.user_id = $1', params: [caller(request).id] }),
  );

  app.get<WithId>('/sessions/:id', { onRequest: authenticate }, async (request) => {
    const id = parseId(request.params.id);
    if (!mayTouch(request, await findOwner(db, id))) throw notFound('sessionNotFound');
    return (await findSession(db, id)) ?? Promise.reject(notFound('sessionNotFound'));
  });

  app.patch<WithId>('/sessions/:id', { onRequest: authenticate }, async (request) => {
    const id = parseId(request.params.id);
    // Someone else's session is a 404 whatever the body (checked again under the row lock below).
    const first = await findOwner(db, id);
    if (!mayTouch(request, first)) throw notFound('sessionNotFound');
    const parsed = parseInput(sessionPatchSchema, request.body);
    const input = parsed.date === undefined ? parsed : { ...parsed, date: parseDate(parsed.date) };
    let base: Date | null = null;
    if (input.baseUpdatedAt !== undefined) {
      base = new Date(input.baseUpdatedAt);
      if (Number.isNaN(base.getTime())) throw new ApiError(400, 'VALIDATION', { id: 'invalidBody', params: { details: 'baseUpdatedAt: must be an ISO date' } }, { baseUpdatedAt: 'Must be an ISO date' });
    }
    await checkReferences(db, input, first.userId);
    const { summary, circuitMoved } = await db.tx(async (q) => {
      const owner = await findOwner(q, id, { since: base });
      if (!mayTouch(request, owner)) throw notFound('sessionNotFound');
      const [before] = await q.query<{ circuit_id: number | null }>('select circuit_id from sessions where id = $1', [id]);
      await patchSession(q, id, input);
      const moved = input.circuitId !== undefined && input.circuitId !== before?.circuit_id;
      // Another circuit: not ranked until its positions are checked against that circuit's start/finish (below).
      if (moved) await q.query('update sessions set crosses_finish = null where id = $1', [id]);
      await refreshRankedLap(q, id);
      // Last writer wins; `conflict` tells the client it overwrote a copy changed since it last saw it.
      return { summary: { ...(await summaryOf(q, id)), conflict: base !== null && owner.changed }, circuitMoved: moved };
    });
    if (circuitMoved) await recheckFinish(db, pool, id);
    return summary;
  });

  app.delete<WithId>('/sessions/:id', { onRequest: authenticate }, async (request, reply) => {
    const id = parseId(request.params.id);
    if (!mayTouch(request, await findOwner(db, id))) throw notFound('sessionNotFound');
    await deleteSession(db, id);
    return reply.status(204).send();
  });

  app.post('/admin/sessions/datatable', { onRequest: requireAdmin }, async (request) => runDataTable(db, adminSessionsTable, parseDataTableRequest(request.body)));

  app.get<WithId>('/admin/sessions/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId(request.params.id);
    return (await findSession(db, id)) ?? Promise.reject(notFound('sessionNotFound'));
  });
}
