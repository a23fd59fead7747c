import { z } from 'zod';
import type { Invitation, LapSlice } from '../../contracts/sharing';
import type { Visibility } from '../../contracts/visibility';
import { isApiError } from '../api/api-error';
import type { SharingApi } from '../api/sharing';
import type { AstroDb } from '../db/database';
import { restoreRow, restoreRows } from '../db/restore';
import { localSessionSchema, sharedLapRowSchema, type SessionEdit, type SharedLapRow } from '../db/rows';
import { readSharingDefault, sharingDefaultKey, type SharingDefault } from './sharing-default';

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
 */
const invitationsKey = (userId: number) => `invitations:${userId}`;
const lapKey = (viewerId: number, sessionId: number, lapNumber: number) => `${viewerId}:${sessionId}:${lapNumber}`;
/** The check route takes at most this many laps a call. */
const CHECK_BATCH = 200;

const keptInvitationsSchema = z.object({
  invitations: z.array(z.object({ id: z.number(), teamId: z.number(), teamName: z.string(), invitedBy: z.string(), role: z.enum(['racer', 'coach']), expiresAt: z.string() })),
  /** Invitation ids accepted offline, sent at the next flush. */
  accepted: z.array(z.number().int().positive()),
});
type KeptInvitations = z.infer<typeof keptInvitationsSchema>;

export interface SharingRepositoryDeps {
  db: () => AstroDb;
  api: SharingApi;
  currentUserId: () => number | null;
  /** The sessions repository's edit (applied here at once, queued for the server). */
  editSession: (localId: number, edit: SessionEdit) => Promise<unknown>;
  now?: () => Date;
}

/** Offline or the server down: kept for later. Anything else is the caller's to show. */
const retryLater = (e: unknown) => isApiError(e) && (e.offline || e.status >= 500);

export function createSharingRepository(deps: SharingRepositoryDeps) {
  const now = deps.now ?? (() => new Date());
  const db = deps.db;

  const storedDefault = (userId: number): Promise<SharingDefault | null> => readSharingDefault(db(), userId);
  const defaultKey = sharingDefaultKey;

  async function keptInvitations(userId: number): Promise<KeptInvitations> {
    const parsed = keptInvitationsSchema.safeParse((await db().kv.get(invitationsKey(userId)))?.value);
    return parsed.success ? parsed.data : { invitations: [], accepted: [] };
  }

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

  async function flushInvitations(userId: number): Promise<void> {
    const kept = await keptInvitations(userId);
    for (const id of kept.accepted) {
      try {
        await deps.api.accept(id);
      } catch (e) {
        if (retryLater(e)) return;
        // Expired, used or withdrawn meanwhile: nothing more to send.
      }
      const latest = await keptInvitations(userId);
      await db().kv.put({ key: invitationsKey(userId), value: { ...latest, accepted: latest.accepted.filter((a) => a !== id) } });
    }
    const invitations = await deps.api.invitations();
    const latest = await keptInvitations(userId);
    await db().kv.put({ key: invitationsKey(userId), value: { invitations, accepted: latest.accepted } satisfies KeptInvitations });
  }

  /** The signed-in user's kept reference laps. */
  async function keptLaps(viewerId: number): Promise<SharedLapRow[]> {
    return restoreRows('sharedLaps', await db().sharedLaps.where('viewerId').equals(viewerId).toArray(), sharedLapRowSchema);
  }

  /** Drops the kept reference laps the server no longer shares with the user. Quiet offline. */
  async function dropWithdrawn(viewerId: number): Promise<number> {
    const kept = await keptLaps(viewerId);
    let dropped = 0;
    for (let i = 0; i < kept.length; i += CHECK_BATCH) {
      const batch = kept.slice(i, i + CHECK_BATCH);
      const available = await deps.api.checkLaps(batch.map((r) => ({ sessionId: r.slice.sessionId, lapNumber: r.slice.lapNumber })));
      const still = new Set(available.map((a) => lapKey(viewerId, a.sessionId, a.lapNumber)));
      const gone = batch.filter((r) => !still.has(r.key)).map((r) => r.key);
      await db().sharedLaps.bulkDelete(gone);
      dropped += gone.length;
    }
    return dropped;
  }

  function requireUser(): number {
    const id = deps.currentUserId();
    if (id === null) throw new Error('Not signed in.');
    return id;
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

    /**
     * A reference lap: the kept copy when there is one (offline too), else fetched (one lap's slice) and kept.
     * Throws ApiError (NOT_FOUND when it is not shared with the user, NETWORK offline) when it is not here.
     */
    async referenceLap(sessionId: number, lapNumber: number, signal?: AbortSignal): Promise<LapSlice> {
      const viewerId = requireUser();
      const key = lapKey(viewerId, sessionId, lapNumber);
      const kept = restoreRow('sharedLaps', await db().sharedLaps.get(key), sharedLapRowSchema);
      if (kept) return kept.slice;
      const slice = await deps.api.lapSlice(sessionId, lapNumber, signal);
      try {
        await db().sharedLaps.put({ key, viewerId, circuitId: slice.circuitId, slice, fetchedAt: now().toISOString() } satisfies SharedLapRow);
      } catch {
        // Not kept (quota): still used for this view.
      }
      return slice;
    },

    /** The kept reference laps of a circuit (offline 'Compare with...'), fastest first. */
    async keptLapsOf(circuitId: number, viewerId: number | null = deps.currentUserId()): Promise<SharedLapRow[]> {
      if (viewerId === null) return [];
      const rows = restoreRows('sharedLaps', await db().sharedLaps.where('[viewerId+circuitId]').equals([viewerId, circuitId]).toArray(), sharedLapRowSchema);
      return rows.sort((a, b) => a.slice.lapTimeMs - b.slice.lapTimeMs);
    },

    keptLaps,
    dropWithdrawn,

    /** Invitations to the user as last fetched (shown offline), without those accepted here and not sent yet. */
    async invitations(userId: number | null = deps.currentUserId()): Promise<{ invitations: Invitation[]; accepted: number[] }> {
      if (userId === null) return { invitations: [], accepted: [] };
      return keptInvitations(userId);
    },

    /** Accepts an invitation: at once when online; offline it waits here and is sent at the next flush. */
    async acceptInvitation(id: number): Promise<'accepted' | 'queued'> {
      const userId = requireUser();
      try {
        await deps.api.accept(id);
      } catch (e) {
        if (!retryLater(e)) throw e;
        const kept = await keptInvitations(userId);
        if (!kept.accepted.includes(id)) await db().kv.put({ key: invitationsKey(userId), value: { ...kept, accepted: [...kept.accepted, id] } });
        return 'queued';
      }
      const kept = await keptInvitations(userId);
      await db().kv.put({ key: invitationsKey(userId), value: { invitations: kept.invitations.filter((i) => i.id !== id), accepted: kept.accepted.filter((a) => a !== id) } });
      return 'accepted';
    },

    /** Refreshes the invitations list kept here (after a decline, say). Throws ApiError offline. */
    async refreshInvitations(): Promise<void> {
      await flushInvitations(requireUser());
    },

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
      await dropWithdrawn(userId).catch(() => 0);
    },
  };
}
