import { z } from 'zod';
import { accessTokenResponseSchema } from '../../contracts/auth';
import type { HttpClient } from '../api/http-client';

/**
 * The auth calls as plain functions over an HTTP client. The ones made before signing in
 * (login, register, verify, resend, reset, change-password, refresh) never carry a token (`auth: false`).
 * Bodies are sent as typed; the server validates them (src/contracts/auth.ts).
 */
const anyBody = z.unknown();

export interface RegisterInput {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

/**
 * POST /auth/refresh rotates the refresh cookie and the server treats a reused old cookie as theft (it revokes
 * the whole login). Two refreshes racing with the same cookie - two tabs, or a tab and the service worker's
 * Background Sync - would look exactly like that, so every refresh of this origin runs under one Web Lock:
 * each request then carries the cookie its predecessor set. Without the Web Locks API it runs unguarded.
 * @internal Exported for its tests.
 */
export const REFRESH_LOCK = 'astro-auth-refresh';

async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks?.request) return fn();
  return locks.request(REFRESH_LOCK, () => fn());
}

export function createAuthApi(http: HttpClient) {
  return {
    login: (email: string, password: string) =>
      http.post('/auth/login', { email, password }, { auth: false, schema: accessTokenResponseSchema }),
    register: (input: RegisterInput) => http.post('/auth/register', input, { auth: false, schema: anyBody }),
    verify: (token: string) => http.get('/auth/verify', { auth: false, query: { token }, schema: anyBody }),
    resendVerification: (email: string) => http.post('/auth/resend-verification', { email }, { auth: false, schema: anyBody }),
    resetPassword: (email: string) => http.post('/auth/reset-password', { email }, { auth: false, schema: anyBody }),
    changePassword: (token: string, password: string) =>
      http.post('/auth/change-password', { password }, { auth: false, query: { token }, schema: anyBody }),
    refresh: () => withRefreshLock(() => http.post('/auth/refresh', undefined, { auth: false, schema: accessTokenResponseSchema })),
    /** Revokes the refresh cookie's login; the bearer header is added when a token is at hand. */
    logout: (token: string | null) =>
      http.post('/auth/logout', undefined, { auth: false, headers: token ? { Authorization: `Bearer ${token}` } : {}, responseType: 'none' }),
    checkAdmin: (token: string | null) =>
      http.get('/auth/check-admin', { auth: false, headers: token ? { Authorization: `Bearer ${token}` } : {}, responseType: 'none' }),
  };
}
export type AuthApi = ReturnType<typeof createAuthApi>;
