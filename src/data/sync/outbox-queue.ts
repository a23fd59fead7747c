import type { AstroDb } from '../db/database';
import { restoreRow, restoreRows } from '../db/restore';
import { outboxEntrySchema } from '../db/rows';
import { earliestDueAt } from './next-due-at';
import type { SyncStore } from './sync-types';

/** The outbox's queue: which entries are due, their leases, retries and deferrals, and stale runs recovered. */
export function createOutboxQueue(
  db: () => AstroDb,
): Pick<SyncStore, 'dueEntries' | 'lease' | 'completeDelete' | 'failEntry' | 'defer' | 'release' | 'recoverStale' | 'nextDueAt'> {
  const ownedEntries = async (ownerId: number) => restoreRows('outbox', await db().outbox.where('ownerId').equals(ownerId).toArray(), outboxEntrySchema);

  return {
    async dueEntries(ownerId, now) {
      const rows = await ownedEntries(ownerId);
      return rows.filter((e) => e.nextAttemptAt <= now && e.leaseUntil <= now).sort((a, b) => a.id - b.id);
    },

    async lease(entryId, now, until) {
      return db().transaction('rw', db().outbox, async () => {
        const e = restoreRow('outbox', await db().outbox.get(entryId), outboxEntrySchema);
        if (!e || e.leaseUntil > now) return false;
        await db().outbox.update(entryId, { leaseUntil: until });
        return true;
      });
    },

    async completeDelete(e) {
      await db().outbox.delete(e.id);
    },

    async failEntry(e, update) {
      await db().outbox.update(e.id, { ...update, leaseUntil: 0 });
    },

    async defer(e, until) {
      await db().outbox.update(e.id, { nextAttemptAt: until });
    },

    async release(e) {
      await db().outbox.update(e.id, { leaseUntil: 0 });
    },

    async recoverStale(ownerId, now, takeOverLeases = false) {
      // A lease is still held only while it runs, and never when the caller holds the exclusive lock.
      const over = (leaseUntil: number) => leaseUntil !== 0 && (takeOverLeases || leaseUntil <= now);
      return db().transaction('rw', db().sessions, db().outbox, async () => {
        const entries = await ownedEntries(ownerId);
        const held = new Set(takeOverLeases ? [] : entries.filter((x) => x.leaseUntil > now).map((x) => x.sessionLocalId));
        const stale = await db()
          .sessions.where('ownerId')
          .equals(ownerId)
          .filter((s) => s.syncState === 'In Progress' && !held.has(s.localId))
          .toArray();
        for (const s of stale) await db().sessions.update(s.localId, { syncState: 'Pending', lastError: null });
        for (const x of entries) if (over(x.leaseUntil)) await db().outbox.update(x.id, { leaseUntil: 0 });
        return stale.length;
      });
    },

    async nextDueAt(ownerId) {
      return earliestDueAt(await ownedEntries(ownerId));
    },
  };
}
