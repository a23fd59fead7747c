import { z } from 'zod';

/** Invitations addressed to the user as kept on the device (kv 'invitations:<user>'): the last list fetched, and those accepted offline. */
export const keptInvitationsSchema = z.object({
  invitations: z.array(z.object({ id: z.number(), teamId: z.number(), teamName: z.string(), invitedBy: z.string(), role: z.enum(['racer', 'coach']), expiresAt: z.string() })),
  /** Invitation ids accepted offline, sent at the next flush. */
  accepted: z.array(z.number().int().positive()),
});
export type KeptInvitations = z.infer<typeof keptInvitationsSchema>;

/** The kept list after an invitation was accepted: it neither shows nor waits any more. */
export function withoutInvitation(kept: KeptInvitations, id: number): KeptInvitations {
  return { invitations: kept.invitations.filter((i) => i.id !== id), accepted: kept.accepted.filter((a) => a !== id) };
}

/** The kept list with an invitation accepted offline, waiting to be sent (once, however often it is accepted). */
export function withAccepted(kept: KeptInvitations, id: number): KeptInvitations {
  return kept.accepted.includes(id) ? kept : { ...kept, accepted: [...kept.accepted, id] };
}
