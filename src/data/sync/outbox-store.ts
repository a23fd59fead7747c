import type { SessionUpload } from '../../contracts/session-upload';
import type { AstroDb } from '../db/database';
import { restoreRow } from '../db/restore';
import { localSessionSchema, sessionTextsSchema } from '../db/rows';
import { StorageError } from '../storage/storage-error';
import { renderMessage } from '../../contracts/messages';
import type { SyncStore } from './sync-types';
import { createOutboxQueue } from './outbox-queue';
import { createOutboxCompletions } from './outbox-completions';
import { uploadBody } from './upload-body';

/**
 * The sync engine's IO over Dexie: the queue (outbox-queue.ts), the answers recorded (outbox-completions.ts) and what
 * an entry sends. Every multi-row change is one transaction, so a crash (tab closed) leaves the outbox and the
 * session rows consistent: either the server's answer was recorded and the entry removed, or the entry is still
 * there and will be resent.
 */
export function createOutboxStore(db: () => AstroDb): SyncStore {
  const session = async (localId: number) => restoreRow('sessions', await db().sessions.get(localId), localSessionSchema);

  return {
    ...createOutboxQueue(db),
    ...createOutboxCompletions(db),

    /** Null when the session is gone; throws StorageError CORRUPT when its files cannot be read. */
    async createBody(e): Promise<SessionUpload | null> {
      const row = await session(e.sessionLocalId);
      const texts = restoreRow('sessionTexts', await db().sessionTexts.get(e.sessionLocalId), sessionTextsSchema);
      // No session: it was deleted meanwhile and the entry has nothing left to send. A session without readable
      // files is a damaged store: the entry must stay (parked, the session shown Failed), never vanish.
      if (!row) return null;
      if (!texts) throw new StorageError('CORRUPT', renderMessage('unreadableFiles'), { messageId: 'unreadableFiles' });
      return uploadBody(row, texts);
    },

    async serverRef(e) {
      const row = await session(e.sessionLocalId);
      return row ? { serverId: row.serverId, serverUpdatedAt: row.serverUpdatedAt, name: row.name } : null;
    },
  };
}
