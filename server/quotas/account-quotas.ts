import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { caller } from '../auth/guard';
import type { Queryable } from '../db/db';
import { ApiError } from '../errors';
import type { MessageRef } from '../../src/contracts/messages';

/**
 * Per-account quotas: how much session text a racer may keep on the server, how many session uploads an hour, and
 * how many circuits of their own (kept, and saved per day). Without them one account could fill the database (3
 * uploads of 29 MB of random content grew it by 168 MB in 11 s). Configured with SESSION_QUOTA_MB,
 * UPLOADS_PER_HOUR, OWN_CIRCUITS_MAX and OWN_CIRCUITS_PER_DAY (config.ts). A storage quota is answered 413, a rate
 * 429 with Retry-After, both with the code QUOTA_EXCEEDED and a message the app shows (its outbox keeps the
 * session and tries again: a 429 by itself later, a 413 once the racer has made room and retries).
 */
export interface Quotas {
  /** Session texts (laps + positions, UTF-8 bytes) one account may keep. */
  sessionBytes: number;
  /** Session uploads (POST and PUT) one account may start in an hour. */
  uploadsPerHour: number;
  /** Circuits of their own (not yet published by an admin) one account may keep. */
  ownCircuitsMax: number;
  /** Circuits of their own one account may save in a day. */
  ownCircuitsPerDay: number;
}

export const DEFAULT_QUOTAS: Quotas = { sessionBytes: 2048 * 1024 * 1024, uploadsPerHour: 240, ownCircuitsMax: 200, ownCircuitsPerDay: 50 };

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

const STORAGE_FULL = 'storageFull';

/** Session bytes (laps + positions) the user keeps, less the session `except` (being replaced). */
async function storedBytes(q: Queryable, userId: number, except: number | null): Promise<number> {
  const [row] = await q.query<{ bytes: number }>(
    'select coalesce(sum(laps_bytes::bigint + coordinates_bytes), 0)::float8 as bytes from sessions where user_id = $1 and id is distinct from $2',
    [userId, except],
  );
  return row.bytes;
}

export function accountQuotas(app: FastifyInstance) {
  const quotas = app.config.quotas;
  const counted = async (reply: FastifyReply, key: string, windowMs: number, limit: number, message: MessageRef) => {
    const w = await app.counters.add(key, windowMs);
    if (w.count > limit) {
      void reply.header('retry-after', String(Math.max(1, Math.ceil(w.ttlMs / 1000))));
      throw new ApiError(429, 'QUOTA_EXCEEDED', message);
    }
  };
  return {
    /** onRequest (after authenticate): the upload rate, and a storage already full, before the body is read. */
    async sessionUpload(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const me = caller(request).id;
      await counted(reply, `quota:uploads:${me}`, HOUR_MS, quotas.uploadsPerHour, 'tooManyUploads');
      if ((await storedBytes(app.db, me, null)) >= quotas.sessionBytes) throw new ApiError(413, 'QUOTA_EXCEEDED', STORAGE_FULL);
    },
    /** Once the session's size is known: it must fit beside the user's other sessions (`replacing`: a PUT's own). */
    async sessionFits(q: Queryable, userId: number, bytes: number, replacing: number | null): Promise<void> {
      if ((await storedBytes(q, userId, replacing)) + bytes > quotas.sessionBytes) throw new ApiError(413, 'QUOTA_EXCEEDED', STORAGE_FULL);
    },
    /** onRequest (after authenticate) of POST /circuits/mine: the day's rate and the number kept. */
    async ownCircuit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const me = caller(request).id;
      await counted(reply, `quota:circuits:${me}`, DAY_MS, quotas.ownCircuitsPerDay, 'tooManyCircuits');
      const [row] = await app.db.query<{ n: number }>('select count(*)::int as n from circuits where user_id = $1 and not is_public', [me]);
      if (row.n >= quotas.ownCircuitsMax) {
        throw new ApiError(413, 'QUOTA_EXCEEDED', 'ownCircuitsFull');
      }
    },
  };
}
