import { createFileRoute } from '@tanstack/react-router';
import { WelcomePage } from '../features/public/welcome-page';

/** Welcome (public, hidden from the menu). */
export const Route = createFileRoute('/')({
  staticData: { access: 'public', hidden: true },
  component: WelcomePage,
});
