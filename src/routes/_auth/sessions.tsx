import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SessionsLayout } from '../../features/sessions/layout';

/** /sessions: the parent menu group of library, map and analysis; provides the sessions port. */
export const Route = createFileRoute('/_auth/sessions')({
  staticData: { menu: { labelKey: 'app:menu.sessions', icon: 'sessions', order: 20 } },
  component: () => (
    <SessionsLayout>
      <Outlet />
    </SessionsLayout>
  ),
});
