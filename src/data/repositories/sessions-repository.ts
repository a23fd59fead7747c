import type { SessionSummary } from '../../contracts/entities';
import { restoreRow, restoreRows } from '../db/restore';
import { localSessionSchema, type LocalSession } from '../db/rows';
import { createSessionAnalysis } from './session-analysis';
import { createSessionEdits } from './session-edits';
import { newestFirst, syncStateCounts } from './session-list';
import { createSessionSaves } from './session-saves';
import { backfillSessionStats } from './session-stats-store';
import { createSessionsBase } from './sessions-base';
import type { SessionsRepositoryDeps } from './sessions-repository-types';
import { mirrorServerSessions } from './sessions-server-mirror';

export type { SessionsRepositoryDeps } from './sessions-repository-types';

/**
 * Sessions on this device (policy over the Dexie tables `sessions`, `sessionTexts`, `analyses`, `outbox`).
 *
 * - `saveDownloadedSession` is the device screen's transfer sink: what the file name tells (session-identity.ts,
 *   circuit-lookup.ts), then IndexedDB FIRST (row + texts + the queued POST in one transaction,
 *   session-download-store.ts), then the analysis in the worker, cached. A failed analysis never loses the download.
 * - Every server write goes through the outbox (create, patch, delete); the sync engine sends it.
 * - Composed of its parts: texts and analysis (session-analysis.ts), stores (session-saves.ts), edits and deletes
 *   (session-edits.ts), over what they share (sessions-base.ts).
 * - Reads parse each row (restore.ts) and are plain Dexie reads, so they work inside dexie-react-hooks'
 *   `useLiveQuery(() => sessionsRepository.listSessions())` and update live.
 */

export function createSessionsRepository(deps: SessionsRepositoryDeps) {
  const base = createSessionsBase(deps);
  const { db, requireUser, getSession } = base;
  const analysis = createSessionAnalysis(base, deps);

  /** The user's sessions on this device, newest first. Corrupt rows are dropped (and reported). */
  async function listSessions(ownerId: number | null = deps.currentUserId()): Promise<LocalSession[]> {
    if (ownerId === null) return [];
    const rows = restoreRows('sessions', await db().sessions.where('ownerId').equals(ownerId).toArray(), localSessionSchema);
    return rows.sort(newestFirst);
  }

  return {
    getSession,

    async getSessionByFilename(filename: string, ownerId: number | null = deps.currentUserId()): Promise<LocalSession | null> {
      if (ownerId === null) return null;
      return restoreRow('sessions', await db().sessions.where('[ownerId+filename]').equals([ownerId, filename]).first(), localSessionSchema);
    },

    listSessions,

    /** Counts per sync state of the user's sessions (liveQuery-friendly; for a 'n waiting to upload' badge). */
    async syncSummary(ownerId: number | null = deps.currentUserId()): Promise<Record<LocalSession['syncState'], number>> {
      return syncStateCounts(await listSessions(ownerId));
    },

    ...createSessionSaves(base, deps, analysis),
    loadTexts: analysis.loadTexts,
    loadTextStrings: analysis.loadTextStrings,
    getAnalysis: analysis.getAnalysis,
    hasAnalysis: analysis.hasAnalysis,
    ...createSessionEdits(base, deps),

    /** Works out the list figures of the user's stored sessions that lack them (rows of older builds). */
    async backfillStats(ownerId: number | null = deps.currentUserId()): Promise<number> {
      if (ownerId === null) return 0;
      return backfillSessionStats(db(), ownerId);
    },

    /**
     * Mirrors GET /sessions into IndexedDB for offline use: server rows get (or keep) a local row marked Completed;
     * local fields with a queued edit are kept (the PATCH will win); server rows deleted elsewhere disappear
     * here unless they still have queued work. Throws ApiError when offline.
     */
    async refreshFromServer(signal?: AbortSignal): Promise<LocalSession[]> {
      const ownerId = requireUser();
      const list: SessionSummary[] = await deps.api.list(signal);
      await mirrorServerSessions(db, ownerId, list);
      return listSessions(ownerId);
    },
  };
}
