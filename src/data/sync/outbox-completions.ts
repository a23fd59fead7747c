import type { SessionSummary } from '../../contracts/entities';
import type { Message } from '../../contracts/messages';
import type { SessionPatchResult } from '../api/sessions-api';
import type { AstroDb } from '../db/database';
import { restoreRow } from '../db/restore';
import { localSessionSchema, outboxEntrySchema, type OutboxEntry, type SyncState } from '../db/rows';
import { newOutboxEntry } from '../repositories/outbox-entries';
import { sessionAfterPatch } from './session-after-patch';
import type { SyncStore } from './sync-types';

/**
 * The server's answers recorded on the device: each in one transaction with the outbox, so a crash (tab closed)
 * leaves either the answer recorded and the entry removed, or the entry still there to be resent.
 */
export function createOutboxCompletions(db: () => AstroDb): Pick<SyncStore, 'setSessionState' | 'completeCreate' | 'completePatch' | 'completeReplace'> {
  const entry = (row: unknown) => restoreRow('outbox', row, outboxEntrySchema);

  return {
    async setSessionState(localId: number, state: SyncState, lastError: Message | null) {
      await db().sessions.update(localId, { syncState: state, lastError });
    },

    async completeCreate(e: OutboxEntry, summary: SessionSummary) {
      await db().transaction('rw', db().sessions, db().outbox, async () => {
        await db().outbox.delete(e.id);
        const others = await db().outbox.where('sessionLocalId').equals(e.sessionLocalId).toArray();
        // Deleted while uploading: the queued delete now knows which server row to remove.
        for (const d of others) if (d.kind === 'delete-session' && d.serverId === null) await db().outbox.update(d.id, { serverId: summary.id });
        // A PATCH or PUT deferred while waiting for this upload is due now.
        for (const o of others) if (o.kind === 'patch-session' || o.kind === 'replace-session') await db().outbox.update(o.id, { nextAttemptAt: 0 });
        // Who sees it, chosen here before the upload (or the profile's default as known here when it was stored):
        // POST gives a new session the server's default, so the choice goes in a PATCH right after.
        const row = restoreRow('sessions', await db().sessions.get(e.sessionLocalId), localSessionSchema);
        const chosen = row?.visibility;
        if (row && chosen && chosen !== summary.visibility) {
          const patch = others.find((o) => o.kind === 'patch-session');
          if (patch) await db().outbox.update(patch.id, { patch: { ...(patch.patch ?? {}), visibility: chosen } });
          else await db().outbox.add(newOutboxEntry(e.ownerId, 'patch-session', row, Date.now(), { patch: { visibility: chosen } }) as never);
        }
        // A PATCH or PUT queued while uploading is still to be sent.
        const pendingPatch = (row !== null && chosen !== undefined && chosen !== summary.visibility) || others.some((o) => o.kind === 'patch-session' || o.kind === 'replace-session');
        await db().sessions.update(e.sessionLocalId, {
          ...(chosen ? {} : { visibility: summary.visibility }),
          serverId: summary.id,
          summary,
          serverUpdatedAt: summary.updatedAt,
          syncState: pendingPatch ? 'Pending' : 'Completed',
          lastError: null,
        });
      });
    },

    async completePatch(e: OutboxEntry, result: SessionPatchResult) {
      await db().transaction('rw', db().sessions, db().outbox, async () => {
        const current = entry(await db().outbox.get(e.id));
        const editedMeanwhile = current !== null && JSON.stringify(current.patch) !== JSON.stringify(e.patch);
        if (editedMeanwhile) {
          // Fields changed while this PATCH was in flight: keep the entry (merged patch) and send it again.
          await db().outbox.update(e.id, { leaseUntil: 0, nextAttemptAt: 0 });
        } else {
          await db().outbox.delete(e.id);
        }
        const { conflict: _conflict, ...summary } = result;
        await db().sessions.update(e.sessionLocalId, sessionAfterPatch(summary, editedMeanwhile));
      });
    },

    async completeReplace(e: OutboxEntry, summary: SessionSummary) {
      await db().transaction('rw', db().sessions, db().outbox, async () => {
        const current = entry(await db().outbox.get(e.id));
        const changedMeanwhile = current !== null && (current.revision ?? 0) !== (e.revision ?? 0);
        if (changedMeanwhile) await db().outbox.update(e.id, { leaseUntil: 0, nextAttemptAt: 0 });
        else await db().outbox.delete(e.id);
        const others = await db().outbox.where('sessionLocalId').equals(e.sessionLocalId).count();
        await db().sessions.update(e.sessionLocalId, {
          summary,
          serverUpdatedAt: summary.updatedAt,
          syncState: others > 0 ? 'Pending' : 'Completed',
          lastError: null,
        });
      });
    },
  };
}
