import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { parseId } from '../validate';
import { authenticate, caller } from '../auth/guard';
import { CONCURRENT_UPLOADS_PER_USER, SESSION_BODY_LIMIT, UPLOADS_WAITING_MAX } from '../limits';
import { addRawUploadParsers, bodyBlocks, rawUpload } from '../sessions/raw-upload';
import { checkReferences, mayTouch, parseDate, summaryOf } from '../sessions/session-access';
import { findByFilename, findOwner, insertSession, replaceSession } from '../sessions/session-store';
import { withStagedPositions } from '../sessions/position-parts';
import { positionBuffers } from '../sessions/position-buffers';
import type { PreparedInput } from '../sessions/upload-worker';
import type { SessionStats } from '../sessions/lap-stats';
import type { UploadPool } from '../sessions/upload-pool';
import { crossesFinishOf, refreshRankedLap } from '../sessions/finish-check';
import { accountQuotas } from '../quotas/account-quotas';
import { uploadSlots } from '../sessions/upload-slots';
import { uploadGate } from '../sessions/upload-gate';

/**
 * Session uploads: POST /sessions and PUT /sessions/{id}, in a plugin of their own because their bodies are read
 * as bytes (raw-upload.ts) and parsed, rebuilt, validated and summed up in a worker thread (upload-pool.ts): the
 * event loop only moves bytes and writes rows, so a 40 MiB body never keeps other requests waiting.
 */

type WithId = { Params: { id: string } };
type Prepared = { input: PreparedInput; stats: SessionStats };

export default async function sessionUploadRoutes(app: FastifyInstance, { pool }: { pool: UploadPool }): Promise<void> {
  const { db } = app;
  const slots = uploadSlots(CONCURRENT_UPLOADS_PER_USER);
  const quotas = accountQuotas(app);
  const gate = uploadGate(app.config.uploadsInFlight, UPLOADS_WAITING_MAX);
  /**
   * Uploads: a big body limit, taken only once the caller is known, has a free upload slot, is within quota and
   * has its turn among the server's uploads.
   */
  const upload = { bodyLimit: SESSION_BODY_LIMIT, onRequest: [authenticate, slots.take, quotas.sessionUpload, gate.take] };
  // Enough blocks kept for the bodies read at once (each at most the body limit).
  const blocks = bodyBlocks(app.config.uploadsInFlight * SESSION_BODY_LIMIT);
  addRawUploadParsers(app, blocks);

  // One position buffer kept per upload stored at once (the gate's places, held until the response).
  const positions = positionBuffers(app.config.uploadsInFlight);

  /**
   * The body parsed and checked by the upload worker, then `store` run with it. Once the worker is done with its
   * blocks they go back for the next body, taken out of the request too (which lives until the response is sent);
   * the position text's buffer goes back once `store` is done with it.
   */
  const prepared = async <T>(request: FastifyRequest, store: (parsed: Prepared) => Promise<T>): Promise<T> => {
    const raw = rawUpload(request.body);
    const limit = request.routeOptions.bodyLimit ?? SESSION_BODY_LIMIT;
    const out = positions.take(limit);
    try {
      let parsed: Prepared;
      try {
        parsed = await pool.prepare(raw, limit, out);
      } finally {
        blocks.give(raw.blocks.splice(0));
      }
      return await store(parsed);
    } finally {
      positions.give(out);
    }
  };

  app.post('/sessions', upload, async (request, reply) => {
    const me = caller(request);
    const result = await prepared(request, async ({ input, stats }) => {
      await checkReferences(db, input, me.id);
      const crossesFinish = await crossesFinishOf(db, pool, input.circuitId ?? null, input.coordinates);
      return withStagedPositions(db, input.coordinates, (positionsKey) => db.tx(async (q) => {
        const values = { ...input, date: parseDate(input.date), crossesFinish, positionsKey };
        // A retry of a stored upload (or a conflict with one) is answered below whatever the quota; a new session
        // must fit beside the others.
        if (!(await findByFilename(q, me.id, input.filename))) await quotas.sessionFits(q, me.id, stats.lapsBytes + stats.coordinatesBytes, null);
        const created = await insertSession(q, me.id, values, stats);
        if (created !== null) {
          await refreshRankedLap(q, created);
          return { status: 201, id: created };
        }
        // Already uploaded (a retry of the sync queue): same content answers with the existing row, never a second one.
        const existing = await findByFilename(q, me.id, input.filename);
        if (!existing || existing.contentSha256 !== stats.contentSha256) {
          throw new ApiError(409, 'CONFLICT', 'sessionFileNameTaken');
        }
        return { status: 200, id: existing.id };
      }));
    });
    return reply.status(result.status).send(await summaryOf(db, result.id));
  });

  app.put<WithId>('/sessions/:id', upload, async (request) => {
    const id = parseId(request.params.id);
    const owner = await findOwner(db, id);
    if (!mayTouch(request, owner)) throw new ApiError(404, 'NOT_FOUND', 'sessionNotFound');
    await prepared(request, async ({ input, stats }) => {
      await checkReferences(db, input, owner.userId);
      const crossesFinish = await crossesFinishOf(db, pool, input.circuitId ?? null, input.coordinates);
      await withStagedPositions(db, input.coordinates, (positionsKey) => db.tx(async (q) => {
        await quotas.sessionFits(q, owner.userId, stats.lapsBytes + stats.coordinatesBytes, id);
        await replaceSession(q, id, { ...input, date: parseDate(input.date), crossesFinish, positionsKey }, stats);
        await refreshRankedLap(q, id);
      }));
    });
    return summaryOf(db, id);
  });
}
