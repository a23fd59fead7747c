import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db';
import type { FinishGate } from './finish-crossing';
import type { UploadPool } from './upload-pool';
import { readPositions } from './position-parts';

/**
 * Whether a session's positions cross its circuit's start/finish (finish-crossing.ts, run in the upload pool),
 * kept in sessions.crosses_finish, and its ranked lap (migration 060's session_rank_refresh) recomputed from it.
 * Leaderboards rank only such sessions.
 */

/** The start/finish of a circuit, null when there is no such circuit. */
async function finishGateOf(q: Queryable, circuitId: number): Promise<FinishGate | null> {
  const [row] = await q.query<{ coordinates: string; size: number }>('select coordinates, size::float8 as size from circuits where id = $1', [circuitId]);
  return row ? { coordinates: row.coordinates, sizeM: row.size } : null;
}

/** For a session about to be stored: whether `positions` cross the circuit's start/finish (null: no circuit). */
export async function crossesFinishOf(q: Queryable, pool: UploadPool, circuitId: number | null, positions: string | Uint8Array): Promise<boolean | null> {
  if (circuitId === null) return null;
  const gate = await finishGateOf(q, circuitId);
  return gate ? pool.crossesFinish(positions, gate) : null;
}

/** Recomputes the session's ranked lap from its laps, circuit, category and check (after any of them changed). */
export async function refreshRankedLap(q: Queryable, sessionId: number): Promise<void> {
  await q.query('select session_rank_refresh($1)', [sessionId]);
}

/** Checks a stored session again (its circuit changed, or it was stored before the check existed). */
export async function recheckFinish(q: Queryable, pool: UploadPool, sessionId: number): Promise<void> {
  const [row] = await q.query<{ circuit_id: number | null }>('select circuit_id from sessions where id = $1', [sessionId]);
  if (!row) return;
  const crosses = row.circuit_id === null ? null : await crossesFinishOf(q, pool, row.circuit_id, await readPositions(q, sessionId));
  // Only if the circuit is still the one checked against (a PATCH meanwhile checks again itself).
  await q.query('update sessions set crosses_finish = $2 where id = $1 and circuit_id is not distinct from $3', [sessionId, crosses, row.circuit_id]);
  await refreshRankedLap(q, sessionId);
}

/**
 * Sessions stored before the check existed (crosses_finish null with a circuit): checked one at a time in the
 * background after start, so they rank again once their positions are seen to cross the line. Stops with the app.
 */
export function startFinishBackfill(q: Queryable, pool: UploadPool, log: FastifyBaseLogger): { done: Promise<void>; stop(): Promise<void> } {
  let stopped = false;
  const run = (async () => {
    let after = 0;
    let checked = 0;
    while (!stopped) {
      const [next] = await q.query<{ id: number }>(
        'select id from sessions where crosses_finish is null and circuit_id is not null and id > $1 order by id limit 1',
        [after],
      );
      if (!next) break;
      after = next.id;
      await recheckFinish(q, pool, next.id);
      checked += 1;
    }
    if (checked > 0) log.info({ checked }, 'sessions checked for start/finish crossings');
  })().catch((err: unknown) => {
    if (!stopped) log.warn({ err }, 'start/finish check of stored sessions stopped');
  });
  return {
    done: run,
    async stop() {
      stopped = true;
      await run;
    },
  };
}
