import type { Visibility } from '../../contracts/visibility';
import { restoreRows } from '../db/restore';
import { localSessionSchema } from '../db/rows';
import { createInvitationStore } from './invitation-store';
import { createSharedLapStore } from './shared-lap-store';
import { readSharingDefault, sharingDefaultKey, type SharingDefault } from './sharing-default';
import { requireSharingUser, retryLater, type SharingRepositoryDeps } from './sharing-repository-deps';

/**
 * Sharing on this device, offline first:
 * - the profile's default visibility for new sessions: kept at once (kv 'sharingDefault:<user>'), sent with
 *   PUT /sharing/settings when it can be (an unsent one waits for the next flush); once sent, the server's value is
 *   read back at each flush (another device may have changed it). New sessions stored here take it
 *   (session-download-store.ts), so a session recorded offline is shared as chosen even if its upload goes first.
 * - 'make all my sessions private': POST /sessions/private-all when online (and every row here follows); offline
 *   each shared session here is edited to private through the outbox like any edit.
 * - other racers' laps fetched as reference laps, kept for offline use (table sharedLaps) until the server says
 *   their owner withdrew them (POST /shared-laps/check at the next sync).
 * - invitations addressed to the user: the last list fetched is kept (kv 'invitations:<user>') so they show
 *   offline; an acceptance made offline waits there and is sent at the next flush.
 * Composed of its parts: reference laps (shared-lap-store.ts) and invitations (invitation-store.ts).
 */
export function createSharingRepository(deps: SharingRepositoryDeps) {
  const db = deps.db;
  const requireUser = () => requireSharingUser(deps);
  const laps = createSharedLapStore(deps);
  const { flushInvitations, ...invitations } = createInvitationStore(deps);

  const storedDefault = (userId: number): Promise<SharingDefault | null> => readSharingDefault(db(), userId);
  const defaultKey = sharingDefaultKey;

  /** Sends an unsent default, else reads the server's. False when it has to wait (offline). */
  async function flushDefault(userId: number): Promise<boolean> {
    const local = await storedDefault(userId);
    try {
      if (local && !local.sent) {
        const saved = await deps.api.saveSettings(local.visibility);
        await db().transaction('rw', db().kv, async () => {
          // A newer choice made while this one travelled stays unsent.
          const latest = await storedDefault(userId);
          if (latest && latest.visibility === local.visibility) await db().kv.put({ key: defaultKey(userId), value: { visibility: saved.defaultVisibility, sent: true } });
        });
      } else {
        const server = await deps.api.settings();
        const latest = await storedDefault(userId);
        if (!latest || latest.sent) await db().kv.put({ key: defaultKey(userId), value: { visibility: server.defaultVisibility, sent: true } });
      }
      return true;
    } catch (e) {
      if (retryLater(e)) return false;
      throw e;
    }
  }

  return {
    /** The default for new sessions as known here (null: never chosen nor read from the server on this device). */
    async defaultVisibility(userId: number | null = deps.currentUserId()): Promise<{ visibility: Visibility; sent: boolean } | null> {
      return userId === null ? null : storedDefault(userId);
    },

    /** Records the default at once and tries to send it. Never throws for being offline. */
    async setDefaultVisibility(visibility: Visibility): Promise<void> {
      const userId = requireUser();
      await db().kv.put({ key: defaultKey(userId), value: { visibility, sent: false } });
      await flushDefault(userId);
    },

    /**
     * Every session of the user private, at once: on the server in one call when online (the rows here follow,
     * and queued edits that would share one again are turned private too), else through the outbox one by one.
     * Returns how many rows here changed.
     */
    async makeAllPrivate(): Promise<number> {
      const userId = requireUser();
      const rows = restoreRows('sessions', await db().sessions.where('ownerId').equals(userId).toArray(), localSessionSchema);
      const shared = rows.filter((r) => r.visibility !== 'private');
      try {
        await deps.api.makeAllPrivate();
      } catch (e) {
        if (!retryLater(e)) throw e;
        for (const r of shared) await deps.editSession(r.localId, { visibility: 'private' });
        return shared.length;
      }
      await db().transaction('rw', db().sessions, db().outbox, async () => {
        for (const r of shared) await db().sessions.update(r.localId, { visibility: 'private' });
        await db()
          .outbox.where('ownerId')
          .equals(userId)
          .modify((entry) => {
            if (entry.patch?.visibility) entry.patch = { ...entry.patch, visibility: 'private' };
          });
      });
      return shared.length;
    },

    ...laps,
    ...invitations,

    /**
     * The sync step of sharing, run with each refresh from the server: the default sent (or read), invitations
     * accepted offline sent and the list fetched, withdrawn reference laps dropped. Each step on its own: one
     * failing leaves the others done.
     */
    async flush(): Promise<void> {
      const userId = deps.currentUserId();
      if (userId === null) return;
      await flushDefault(userId).catch(() => false);
      await flushInvitations(userId).catch(() => undefined);
      await laps.dropWithdrawn(userId).catch(() => 0);
    },
  };
}
