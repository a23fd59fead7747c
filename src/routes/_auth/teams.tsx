import { createFileRoute } from '@tanstack/react-router';
import { TeamsScreen } from '../../features/profile/teams-screen';

/** /teams (signed-in users): invitations, the racer's teams and their shared sessions, read-only. */
export const Route = createFileRoute('/_auth/teams')({
  staticData: { menu: { labelKey: 'app:menu.teams', icon: 'teams', order: 55 } },
  component: TeamsScreen,
});
