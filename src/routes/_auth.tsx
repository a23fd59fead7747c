import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { decideAuth } from '../app/auth/guards';

/**
 * Layout of every signed-in route (files under src/routes/_auth/). Not signed in -> /login?redirect=<href>;
 * 'offline-signed-in' counts as signed in. Waits for the auth session's first decision (cookie refresh).
 */
export const Route = createFileRoute('/_auth')({
  staticData: { access: 'auth' },
  beforeLoad: async ({ context, location }) => {
    const view = await context.auth.ready();
    const decision = decideAuth(view, location.href);
    if (decision.kind === 'login') throw redirect({ to: '/login', search: { redirect: decision.redirect } });
  },
  component: Outlet,
});
