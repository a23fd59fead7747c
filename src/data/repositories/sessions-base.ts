import type { AstroDb } from '../db/database';
import { restoreRow } from '../db/restore';
import { localSessionSchema, type LocalSession } from '../db/rows';
import { StorageError } from '../storage/storage-error';
import type { SessionsRepositoryDeps } from './sessions-repository-types';

/** What every part of the sessions repository shares: the database, the clock and the signed-in user. */
export interface SessionsBase {
  db: () => AstroDb;
  now: () => number;
  /** The clock's time as an ISO text. */
  iso: () => string;
  /** The signed-in user's id; throws StorageError NOT_SIGNED_IN when nobody is. */
  requireUser: () => number;
  getSession: (localId: number) => Promise<LocalSession | null>;
}

export function createSessionsBase(deps: SessionsRepositoryDeps): SessionsBase {
  const now = deps.now ?? Date.now;
  const db = deps.db;
  return {
    db,
    now,
    iso: () => new Date(now()).toISOString(),
    requireUser() {
      const id = deps.currentUserId();
      if (id === null) throw new StorageError('NOT_SIGNED_IN', 'Sign in to keep sessions on this device.');
      return id;
    },
    async getSession(localId) {
      return restoreRow('sessions', await db().sessions.get(localId), localSessionSchema);
    },
  };
}
