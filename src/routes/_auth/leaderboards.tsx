import { createFileRoute } from '@tanstack/react-router';
import { LeaderboardsScreen } from '../../features/leaderboards/leaderboards-screen';

/** /leaderboards (signed-in users; the last results are kept for offline viewing). */
export const Route = createFileRoute('/_auth/leaderboards')({
  staticData: { menu: { labelKey: 'app:menu.leaderboards', icon: 'leaderboards', order: 50 } },
  component: LeaderboardsScreen,
});
