import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { decideAdmin } from '../../app/auth/guards';

/**
 * Layout of admin routes (files under src/routes/_auth/_admin/): the server's check-admin decides; offline, the
 * role stored with the profile does. Not admin -> /unauthorized.
 */
export const Route = createFileRoute('/_auth/_admin')({
  staticData: { access: 'admin' },
  beforeLoad: async ({ context, location }) => {
    const view = await context.auth.ready();
    const online = typeof navigator === 'undefined' || navigator.onLine !== false;
    const decision = await decideAdmin(view, location.href, context.auth, online);
    if (decision.kind === 'login') throw redirect({ to: '/login', search: { redirect: decision.redirect } });
    if (decision.kind === 'unauthorized') throw redirect({ to: '/unauthorized' });
  },
  component: Outlet,
});
