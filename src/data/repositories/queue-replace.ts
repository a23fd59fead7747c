/**
 * Queues the upload of a session whose stored texts changed on this device (laps re-timed from edited gates, a
 * new copy of its files): like a new session, exactly once, coalesced with whatever is already waiting for it.
 * Runs inside the caller's transaction over `sessions` and `outbox`.
 */
import type { AstroDb } from '../db/database';
import type { LocalSession } from '../db/rows';
import { newOutboxEntry } from './outbox-entries';

/**
 * - A POST not sent yet reads the texts when it is sent: nothing more to queue.
 * - Else one replace-session entry (PUT of the whole session): an existing one is made due again, and bumped when
 *   its PUT is in flight, so the newer texts follow it. A PATCH not in flight is folded in (the PUT carries every
 *   field as stored here).
 * A session whose POST is in flight gets the PUT after it: the engine waits for its server id.
 */
export async function queueReplace(db: AstroDb, ownerId: number, session: LocalSession, now: number): Promise<void> {
  const entries = await db.outbox.where('sessionLocalId').equals(session.localId).toArray();
  const create = entries.find((e) => e.kind === 'create-session');
  if (create && create.leaseUntil <= now) return;
  const replace = entries.find((e) => e.kind === 'replace-session');
  if (replace) {
    await db.outbox.update(replace.id, { revision: (replace.revision ?? 0) + 1, attempts: 0, nextAttemptAt: 0, lastError: null });
  } else {
    await db.outbox.add(newOutboxEntry(ownerId, 'replace-session', session, now, { revision: 0 }) as never);
  }
  const idlePatches = entries.filter((e) => e.kind === 'patch-session' && e.leaseUntil <= now).map((e) => e.id);
  if (idlePatches.length > 0) await db.outbox.bulkDelete(idlePatches);
  await db.sessions.update(session.localId, { syncState: 'Pending', lastError: null });
}
