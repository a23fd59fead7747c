/**
 * Route guard decisions (auth routes go to /login when signed out, admin routes to /unauthorized for a non-admin), pure so they are unit-tested; the layout routes
 * src/routes/_auth.tsx and src/routes/_auth/_admin.tsx turn them into TanStack redirects.
 */
import { isSignedIn, type AppAuth, type AuthView } from './auth-port';

export type GuardDecision = { kind: 'allow' } | { kind: 'login'; redirect: string } | { kind: 'unauthorized' };

/** Only same-origin paths are accepted as a post-login target (no open redirect to another site). */
export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (/^\/(login|register|reset-password|verify|change-password)(\/|\?|$)/.test(target)) return fallback;
  return target;
}

/** Auth-required routes: signed out -> /login?redirect=<where the user wanted to go>. */
export function decideAuth(view: AuthView, href: string): GuardDecision {
  return isSignedIn(view) ? { kind: 'allow' } : { kind: 'login', redirect: safeRedirect(href) };
}

/**
 * Admin routes: signed out -> login; signed in -> ask the server (check-admin). When the server cannot be
 * reached (offline, or the offline-signed-in state), the role stored with the profile decides.
 */
export async function decideAdmin(view: AuthView, href: string, auth: Pick<AppAuth, 'checkAdmin'>, online: boolean): Promise<GuardDecision> {
  const base = decideAuth(view, href);
  if (base.kind !== 'allow') return base;
  const storedRole: GuardDecision = view.user?.isAdmin ? { kind: 'allow' } : { kind: 'unauthorized' };
  if (!online || view.status === 'offline-signed-in') return storedRole;
  try {
    return (await auth.checkAdmin()) ? { kind: 'allow' } : { kind: 'unauthorized' };
  } catch {
    return storedRole;
  }
}
