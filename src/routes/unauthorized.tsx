import { createFileRoute } from '@tanstack/react-router';
import { UnauthorizedPage } from '../features/public/status-pages';

/** Where the admin guard sends non-admins (public, hidden). */
export const Route = createFileRoute('/unauthorized')({
  staticData: { access: 'public', hidden: true },
  component: UnauthorizedPage,
});
