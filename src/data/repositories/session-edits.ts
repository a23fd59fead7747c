import { restoreRow } from '../db/restore';
import { localSessionSchema, sessionEditSchema, type LocalSession, type SessionEdit } from '../db/rows';
import { removeStoredFiles } from '../storage/opfs-files';
import { StorageError, toStorageError } from '../storage/storage-error';
import { newOutboxEntry } from './outbox-entries';
import { editQueueStep, deleteNeedsServer } from './queued-changes';
import type { SessionsRepositoryDeps } from './sessions-repository-types';
import type { SessionsBase } from './sessions-base';

/** Edits, deletes and retries of stored sessions: applied here at once, and queued for the server in the outbox. */
export function createSessionEdits(base: SessionsBase, deps: SessionsRepositoryDeps) {
  const { db, now, iso, requireUser, getSession } = base;

  return {
    /**
     * An edit (name, circuit, vehicle category, favorite, weather, who sees it) applied locally at once and queued as a PATCH
     * (merged with a PATCH already waiting). A session not yet uploaded needs no PATCH: its POST sends the
     * current fields.
     */
    async editSession(localId: number, edit: SessionEdit): Promise<LocalSession> {
      const changes = sessionEditSchema.parse(edit);
      const ownerId = requireUser();
      try {
        await db().transaction('rw', db().sessions, db().outbox, async () => {
          const row = restoreRow('sessions', await db().sessions.get(localId), localSessionSchema);
          if (!row || row.ownerId !== ownerId) throw new StorageError('NOT_FOUND', 'Session not found.');
          await db().sessions.update(localId, { ...changes, updatedAt: iso() });
          const entries = await db().outbox.where('sessionLocalId').equals(localId).toArray();
          const step = editQueueStep(entries, changes, now());
          if (step.kind === 'carried') return;
          if (step.kind === 'merge') {
            const { patch } = step;
            await db().outbox.update(patch.id, { patch: { ...(patch.patch ?? {}), ...changes }, nextAttemptAt: 0, attempts: 0, lastError: null });
          } else {
            await db().outbox.add(newOutboxEntry(ownerId, 'patch-session', row, now(), { patch: changes }) as never);
          }
          await db().sessions.update(localId, { syncState: 'Pending', lastError: null });
        });
      } catch (e) {
        throw toStorageError(e, 'the session');
      }
      deps.onQueued?.();
      return (await getSession(localId))!;
    },

    /**
     * Removes the session here at once (with its videos and their files); a session already on the server is deleted
     * there through the queue.
     */
    async deleteSession(localId: number): Promise<void> {
      const ownerId = requireUser();
      let videoFiles: string[] = [];
      await db().transaction('rw', [db().sessions, db().sessionTexts, db().analyses, db().outbox, db().videos], async () => {
        const row = restoreRow('sessions', await db().sessions.get(localId), localSessionSchema);
        if (!row || row.ownerId !== ownerId) return;
        const videos = await db().videos.where('sessionLocalId').equals(localId).toArray();
        videoFiles = videos.map((v) => v.opfsName);
        await db().videos.bulkDelete(videos.map((v) => v.id));
        const entries = await db().outbox.where('sessionLocalId').equals(localId).toArray();
        const needsServer = deleteNeedsServer(row.serverId, entries, now());
        await db().outbox.bulkDelete(entries.map((e) => e.id));
        if (needsServer) {
          await db().outbox.add(newOutboxEntry(ownerId, 'delete-session', row, now(), { serverId: row.serverId }) as never);
        }
        await db().sessions.delete(localId);
        await db().sessionTexts.delete(localId);
        await db().analyses.delete(localId);
      });
      // The files go after the rows: a crash in between leaves an orphan file, never a row without its file.
      await removeStoredFiles(videoFiles);
      deps.onQueued?.();
    },

    /** Makes a failed upload or edit due now (the 'retry' button). */
    async retrySync(localId: number): Promise<void> {
      await db().transaction('rw', db().sessions, db().outbox, async () => {
        await db().outbox.where('sessionLocalId').equals(localId).modify({ nextAttemptAt: 0, leaseUntil: 0 });
        const row = await db().sessions.get(localId);
        if (row && row.syncState === 'Failed') await db().sessions.update(localId, { syncState: 'Pending' });
      });
      deps.onQueued?.();
    },

  };
}
