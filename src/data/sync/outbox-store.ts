import type { SessionSummary } from '../../contracts/entities';
import { weatherConditionsSchema } from '../../contracts/entities';
import type { SessionUpload } from '../../contracts/session-upload';
import { wallClockToInstant } from '../../domain/value-format/wall-clock';
import type { SessionPatchResult } from '../api/sessions-api';
import type { AstroDb } from '../db/database';
import { restoreRow, restoreRows } from '../db/restore';
import { localSessionSchema, outboxEntrySchema, sessionTextsSchema, type OutboxEntry, type SyncState } from '../db/rows';
import { newOutboxEntry } from '../repositories/outbox-entries';
import { StorageError } from '../storage/storage-error';
import { PARKED_AT } from './sync-policy';
import { renderMessage, type Message } from '../../contracts/messages';
import type { SyncStore } from './sync-types';

/**
 * The sync engine's IO over Dexie. Every multi-row change is one transaction, so a crash (tab closed) leaves the
 * outbox and the session rows consistent: either the server's answer was recorded and the entry removed, or the
 * entry is still there and will be resent.
 */
export function createOutboxStore(db: () => AstroDb): SyncStore {
  const entry = (row: unknown) => restoreRow('outbox', row, outboxEntrySchema);

  return {
    async dueEntries(ownerId, now) {
      const rows = restoreRows('outbox', await db().outbox.where('ownerId').equals(ownerId).toArray(), outboxEntrySchema);
      return rows.filter((e) => e.nextAttemptAt <= now && e.leaseUntil <= now).sort((a, b) => a.id - b.id);
    },

    async lease(entryId, now, until) {
      return db().transaction('rw', db().outbox, async () => {
        const e = entry(await db().outbox.get(entryId));
        if (!e || e.leaseUntil > now) return false;
        await db().outbox.update(entryId, { leaseUntil: until });
        return true;
      });
    },

    /**
     * The texts stay the row's Blobs (by reference, nothing read): the transport reads and encodes them, on the
     * page in the analysis worker, so a 7 h session's 25 MB never pass through the main thread.
     */
    /** Null when the session is gone; throws StorageError CORRUPT when its files cannot be read. */
    async createBody(e): Promise<SessionUpload | null> {
      const session = restoreRow('sessions', await db().sessions.get(e.sessionLocalId), localSessionSchema);
      const texts = restoreRow('sessionTexts', await db().sessionTexts.get(e.sessionLocalId), sessionTextsSchema);
      // No session: it was deleted meanwhile and the entry has nothing left to send. A session without readable
      // files is a damaged store: the entry must stay (parked, the session shown Failed), never vanish.
      if (!session) return null;
      if (!texts) throw new StorageError('CORRUPT', renderMessage('unreadableFiles'), { messageId: 'unreadableFiles' });
      const weather = weatherConditionsSchema.safeParse(session.weatherConditions);
      return {
        name: session.name,
        filename: session.filename,
        circuitId: session.circuitId,
        vehicleCategoryId: session.vehicleCategoryId,
        // Rows saved before dates became instants hold the track's wall-clock time without a zone.
        date: wallClockToInstant(session.date),
        coordinates: texts.nmea,
        laps: texts.laps,
        favorite: session.favorite,
        weatherConditions: weather.success ? weather.data : null,
      };
    },

    async serverRef(e) {
      const session = restoreRow('sessions', await db().sessions.get(e.sessionLocalId), localSessionSchema);
      return session ? { serverId: session.serverId, serverUpdatedAt: session.serverUpdatedAt, name: session.name } : null;
    },

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
        await db().sessions.update(e.sessionLocalId, {
          summary,
          serverUpdatedAt: summary.updatedAt,
          syncState: editedMeanwhile ? 'Pending' : 'Completed',
          lastError: null,
          ...(editedMeanwhile
            ? {}
            : {
                name: summary.name,
                circuitId: summary.circuitId,
                vehicleCategoryId: summary.vehicleCategoryId,
                favorite: summary.favorite,
                weatherConditions: summary.weatherConditions,
                visibility: summary.visibility,
                updatedAt: summary.updatedAt,
              }),
        });
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

    async completeDelete(e: OutboxEntry) {
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
        const entries = restoreRows('outbox', await db().outbox.where('ownerId').equals(ownerId).toArray(), outboxEntrySchema);
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
      const rows = restoreRows('outbox', await db().outbox.where('ownerId').equals(ownerId).toArray(), outboxEntrySchema);
      let next: number | null = null;
      for (const e of rows) {
        const at = Math.max(e.nextAttemptAt, e.leaseUntil);
        if (at >= PARKED_AT) continue;
        next = next === null ? at : Math.min(next, at);
      }
      return next;
    },
  };
}
