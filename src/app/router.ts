/** The TanStack router of the app, with the auth in its context for the guards in src/routes/_auth*.tsx. */
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { AppAuth } from './auth/auth-port';

export interface RouterContext {
  auth: AppAuth;
}

/** `history`: the browser's by default; the build's prerender (prerender/render-shell.tsx) passes a memory history. */
export function createAppRouter(auth: AppAuth, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
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
