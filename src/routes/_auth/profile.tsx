import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../features/profile/profile-screen';

/** /profile (signed-in, hidden from the menu: reached by the header's profile button). */
export const Route = createFileRoute('/_auth/profile')({
  staticData: { hidden: true },
  component: ProfileScreen,
});
