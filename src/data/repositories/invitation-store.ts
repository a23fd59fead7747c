import type { Invitation } from '../../contracts/sharing';
import { keptInvitationsSchema, withAccepted, withoutInvitation, type KeptInvitations } from './kept-invitations';
import { requireSharingUser, retryLater, type SharingRepositoryDeps } from './sharing-repository-deps';

/**
 * Invitations addressed to the user: the last list fetched is kept (kv 'invitations:<user>') so they show offline;
 * an acceptance made offline waits there and is sent at the next flush.
 */
const invitationsKey = (userId: number) => `invitations:${userId}`;

export function createInvitationStore(deps: SharingRepositoryDeps) {
  const db = deps.db;

  async function keptInvitations(userId: number): Promise<KeptInvitations> {
    const parsed = keptInvitationsSchema.safeParse((await db().kv.get(invitationsKey(userId)))?.value);
    return parsed.success ? parsed.data : { invitations: [], accepted: [] };
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

  return {
    flushInvitations,

    /** Invitations to the user as last fetched (shown offline), without those accepted here and not sent yet. */
    async invitations(userId: number | null = deps.currentUserId()): Promise<{ invitations: Invitation[]; accepted: number[] }> {
      if (userId === null) return { invitations: [], accepted: [] };
      return keptInvitations(userId);
    },

    /** Accepts an invitation: at once when online; offline it waits here and is sent at the next flush. */
    async acceptInvitation(id: number): Promise<'accepted' | 'queued'> {
      const userId = requireSharingUser(deps);
      try {
        await deps.api.accept(id);
      } catch (e) {
        if (!retryLater(e)) throw e;
        const kept = await keptInvitations(userId);
        if (!kept.accepted.includes(id)) await db().kv.put({ key: invitationsKey(userId), value: withAccepted(kept, id) });
        return 'queued';
      }
      const kept = await keptInvitations(userId);
      await db().kv.put({ key: invitationsKey(userId), value: withoutInvitation(kept, id) });
      return 'accepted';
    },

    /** Refreshes the invitations list kept here (after a decline, say). Throws ApiError offline. */
    async refreshInvitations(): Promise<void> {
      await flushInvitations(requireSharingUser(deps));
    },

  };
}
