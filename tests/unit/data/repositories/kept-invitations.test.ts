import { describe, expect, it } from 'vitest';
import { withAccepted, withoutInvitation, type KeptInvitations } from '../../../../src/data/repositories/kept-invitations';

const invitation = (id: number) => ({ id, teamId: 1, teamName: 'Blue', invitedBy: 'Rui C.', role: 'racer' as const, expiresAt: '2026-02-01T00:00:00.000Z' });
const kept: KeptInvitations = { invitations: [invitation(1), invitation(2)], accepted: [2] };

describe('kept invitations', () => {
  it('an accepted invitation neither shows nor waits any more', () => {
    expect(withoutInvitation(kept, 2)).toEqual({ invitations: [invitation(1)], accepted: [] });
  });

  it('an invitation accepted offline waits once, however often it is accepted', () => {
    expect(withAccepted(kept, 1)).toEqual({ invitations: kept.invitations, accepted: [2, 1] });
    expect(withAccepted(kept, 2)).toBe(kept);
  });
});
