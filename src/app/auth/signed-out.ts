/**
 * Where the app goes when the auth session signs out: /login. A logout the user asked for just goes
 * there; a refresh the server refused ('Failed token refresh logs out') also says why, and brings the user back
 * to the page they were on once they have signed in again (the login page follows ?redirect=, same-origin only).
 */
import type { SignOutReason } from '../../data/auth/auth-session';

export interface SignedOutTarget {
  to: '/login';
  search?: { redirect: string };
}

/** The navigation for a sign-out seen on `location`, or null when already on /login. */
export function signedOutTarget(reason: SignOutReason, location: { pathname: string; href: string }): SignedOutTarget | null {
  if (location.pathname === '/login') return null;
  if (reason === 'refresh-failed' && location.pathname !== '/') return { to: '/login', search: { redirect: location.href } };
  return { to: '/login' };
}
