import { createFileRoute } from '@tanstack/react-router';
import { optionalSearchString } from '../../app/search-params';
import { TeamInvitationPage } from '../../features/profile/team-invitation-page';

/** ?token= from a team invitation mail (signed-in users: a visitor signs in first and comes back here). */
export const Route = createFileRoute('/_auth/team-invitation')({
  staticData: { hidden: true },
  validateSearch: (search): { token?: string } => ({ token: optionalSearchString(search.token, 200, 10) }),
  component: function TeamInvitationRoute() {
    const { token } = Route.useSearch();
    return <TeamInvitationPage token={token ?? null} />;
  },
});
