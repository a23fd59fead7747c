/** The TanStack router of the app, with the auth in its context for the guards in src/routes/_auth*.tsx. */
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { AppAuth } from './auth/auth-port';

export interface RouterContext {
  auth: AppAuth;
}

export function createAppRouter(auth: AppAuth) {
  return createRouter({
    routeTree,
    context: { auth },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
