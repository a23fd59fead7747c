import { ApiError, clientError, isApiError } from '../api/api-error';
import type { TokenProvider } from '../api/http-client';
import type { ProfileStore } from '../repositories/profile-repository';
import type { AuthApi, RegisterInput } from './auth-api';
import { authUserFromClaims, type AuthUser } from './auth-user';
import { decodeClaims, isTokenValid } from './token';
import type { TokenStore } from './token-store';

/**
 * The auth session: who is signed in, the access token, and its renewal.
 *
 * States (`getSnapshot().status`):
 * - 'signed-in': a valid access token is held (or was renewed from the refresh cookie);
 * - 'offline-signed-in': no valid token and the server cannot be reached, but this device knows the last
 *   signed-in user (IndexedDB profile): the app starts offline with that user's local data, and the token is
 *   renewed from the refresh cookie as soon as the network is back (online event or the next call);
 * - 'signed-out'.
 * `ready` is false until `start()` has decided the first state (a refresh may be in flight).
 *
 * Renewal is single-flight: concurrent calls share one POST /auth/refresh. A refresh the server refuses (4xx)
 * signs out and emits 'signed-out' with reason 'refresh-failed' (the shell goes to /login); a refresh that
 * gets no answer (offline, timeout, 5xx) keeps the user and moves to 'offline-signed-in'.
 */
type AuthStatus = 'signed-in' | 'offline-signed-in' | 'signed-out';
export interface AuthSnapshot {
  status: AuthStatus;
  user: AuthUser | null;
  ready: boolean;
}
export type SignOutReason = 'logout' | 'refresh-failed';

export interface AuthSessionDeps {
  api: AuthApi;
  tokens: TokenStore;
  profiles: ProfileStore;
  now?: () => number;
  /** Logout: clears local and session storage, so nothing of the user stays in the browser. */
  clearWebStorage?: () => void;
  /** Logout: removes the user's data that is safe on the server from IndexedDB (see logout-cleanup.ts). */
  removeUserData?: (userId: number) => Promise<unknown>;
  /** Subscribes to the browser's online event; returns an unsubscribe. */
  onOnline?: (listener: () => void) => () => void;
}

function defaultClearWebStorage(): void {
  try {
    globalThis.localStorage?.clear();
  } catch {
    // Storage disabled: nothing to clear.
  }
  try {
    globalThis.sessionStorage?.clear();
  } catch {
    // Storage disabled: nothing to clear.
  }
}

function defaultOnOnline(listener: () => void): () => void {
  if (typeof globalThis.addEventListener !== 'function') return () => undefined;
  globalThis.addEventListener('online', listener);
  return () => globalThis.removeEventListener('online', listener);
}

const SIGNED_OUT: AuthSnapshot = { status: 'signed-out', user: null, ready: false };

export class AuthSession implements TokenProvider {
  private snapshot: AuthSnapshot = SIGNED_OUT;
  private listeners = new Set<(s: AuthSnapshot) => void>();
  private signOutListeners = new Set<(reason: SignOutReason) => void>();
  private signInListeners = new Set<(user: AuthUser) => void>();
  private refreshing: Promise<string | null> | null = null;
  private starting: Promise<AuthSnapshot> | null = null;
  private stopOnline: (() => void) | null = null;
  private readonly now: () => number;
  /**
   * Bumped by every login and logout. A refresh still in flight when the user logs in or out has lost the race:
   * its answer (e.g. the start-up probe's 401, sent before there was a cookie) must not sign out the login that
   * happened meanwhile, nor sign a logged-out user back in.
   */
  private generation = 0;

  constructor(private readonly deps: AuthSessionDeps) {
    this.now = deps.now ?? Date.now;
    // A valid token in this tab's sessionStorage is a signed-in state right away (no flash of the login page).
    const token = deps.tokens.get();
    const claims = decodeClaims(token);
    if (claims && isTokenValid(token, this.now())) this.snapshot = { status: 'signed-in', user: authUserFromClaims(claims), ready: true };
  }

  // ---- observing -------------------------------------------------------------------------------------------

  /** The current state; the same object until it changes (useSyncExternalStore-friendly). */
  getSnapshot = (): AuthSnapshot => this.snapshot;

  /** Calls `listener` on every state change; returns the unsubscribe. */
  subscribe = (listener: (s: AuthSnapshot) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Fires when the user is signed out: by logout, or because the refresh token was refused. */
  onSignedOut(listener: (reason: SignOutReason) => void): () => void {
    this.signOutListeners.add(listener);
    return () => this.signOutListeners.delete(listener);
  }

  /** Fires when a user becomes signed in online (login, start with a cookie, renewal after offline). */
  onSignedIn(listener: (user: AuthUser) => void): () => void {
    this.signInListeners.add(listener);
    return () => this.signInListeners.delete(listener);
  }

  private set(next: AuthSnapshot): void {
    const prev = this.snapshot;
    if (prev.status === next.status && prev.user?.id === next.user?.id && prev.ready === next.ready && sameUser(prev.user, next.user)) return;
    this.snapshot = next;
    for (const l of this.listeners) l(next);
    if (next.status === 'signed-in' && next.user && (prev.status !== 'signed-in' || prev.user?.id !== next.user.id)) {
      for (const l of this.signInListeners) l(next.user);
    }
  }

  // ---- starting --------------------------------------------------------------------------------------------

  /**
   * Decides the first state: a valid token in sessionStorage; else a renewal from the refresh cookie; else,
   * when the server cannot be reached, the last signed-in user of this device (offline start). Idempotent.
   */
  start(): Promise<AuthSnapshot> {
    this.starting ??= this.doStart();
    this.stopOnline ??= (this.deps.onOnline ?? defaultOnOnline)(() => {
      if (this.snapshot.status === 'offline-signed-in') void this.getValidToken().catch(() => undefined);
    });
    return this.starting;
  }

  private async doStart(): Promise<AuthSnapshot> {
    const token = this.deps.tokens.get();
    if (token && isTokenValid(token, this.now())) {
      const user = authUserFromClaims(decodeClaims(token)!);
      this.set({ status: 'signed-in', user, ready: true });
      await this.deps.profiles.saveSignedInUser(user).catch(() => undefined);
      return this.snapshot;
    }
    try {
      const renewed = await this.refresh('start');
      if (!renewed) this.set({ status: 'signed-out', user: null, ready: true });
    } catch {
      // No answer: refresh() already moved to offline-signed-in when a last user is known.
      if (this.snapshot.status === 'signed-out') this.set({ ...this.snapshot, ready: true });
    }
    return this.snapshot;
  }

  /** Stops listening to the online event (tests; the app's session lives as long as the page). */
  dispose(): void {
    this.stopOnline?.();
    this.stopOnline = null;
  }

  // ---- tokens ----------------------------------------------------------------------------------------------

  /** The current token if valid (> 60 s left), else a renewed one; null when signed out. Throws ApiError when offline. */
  async getValidToken(): Promise<string | null> {
    const token = this.deps.tokens.get();
    if (token && isTokenValid(token, this.now())) return token;
    if (this.snapshot.status === 'signed-out' && this.snapshot.ready) return null;
    return this.refresh('call');
  }

  async refreshAfterUnauthorized(token: string): Promise<string | null> {
    const current = this.deps.tokens.get();
    if (current && current !== token && isTokenValid(current, this.now())) return current;
    if (this.snapshot.status === 'signed-out' && this.snapshot.ready) return null;
    return this.refresh('call');
  }

  /** Single-flight POST /auth/refresh. Resolves null when the server refused it (now signed out). */
  private refresh(why: 'start' | 'call'): Promise<string | null> {
    this.refreshing ??= this.doRefresh(why).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** The stored token while it is valid, else null. */
  private currentValidToken(): string | null {
    const token = this.deps.tokens.get();
    return token && isTokenValid(token, this.now()) ? token : null;
  }

  private async doRefresh(why: 'start' | 'call'): Promise<string | null> {
    const generation = this.generation;
    try {
      const { accessToken } = await this.deps.api.refresh();
      if (generation !== this.generation) return this.currentValidToken();
      const claims = decodeClaims(accessToken);
      if (!claims) throw new ApiError('BAD_RESPONSE', 'The server returned an unreadable access token', 200);
      this.deps.tokens.set(accessToken);
      const user = authUserFromClaims(claims);
      this.set({ status: 'signed-in', user, ready: true });
      await this.deps.profiles.saveSignedInUser(user).catch(() => undefined);
      return accessToken;
    } catch (e) {
      // A login or logout happened while this refresh was in flight: that decided the state, not this answer.
      if (generation !== this.generation) return this.currentValidToken();
      const err = isApiError(e) ? e : new ApiError('NETWORK', e instanceof Error ? e.message : String(e));
      // Each await below is another window for a login or logout: the state changes only after the last one.
      if (err.transient) {
        // Offline (or the server is down): keep whoever was signed in, else the last user of this device.
        const user = this.snapshot.user ?? (await this.deps.profiles.loadLastUser().catch(() => null));
        if (generation !== this.generation) return this.currentValidToken();
        if (user) this.set({ status: 'offline-signed-in', user, ready: true });
        throw err;
      }
      // The server refused the refresh cookie: the login is over.
      const lastUser = this.snapshot.user ?? (await this.deps.profiles.loadLastUser().catch(() => null));
      if (generation !== this.generation) return this.currentValidToken();
      this.deps.tokens.clear();
      this.set({ status: 'signed-out', user: null, ready: true });
      if (why === 'call' || lastUser !== null) for (const l of this.signOutListeners) l('refresh-failed');
      // The next offline start must not come back as this user (their unsent sessions stay, see logout-cleanup.ts).
      if (lastUser) await this.deps.profiles.forgetUser(lastUser.id).catch(() => undefined);
      return null;
    }
  }

  // ---- account calls ---------------------------------------------------------------------------------------

  /** POST /auth/login; stores the token, keeps the profile for offline starts. Throws ApiError (screen shows it). */
  async login(email: string, password: string): Promise<AuthUser> {
    const { accessToken } = await this.deps.api.login(email, password);
    const claims = decodeClaims(accessToken);
    if (!claims) throw clientError('BAD_RESPONSE', 'loginFailed', 200);
    this.generation++;
    this.deps.tokens.set(accessToken);
    const user = authUserFromClaims(claims);
    this.set({ status: 'signed-in', user, ready: true });
    await this.deps.profiles.saveSignedInUser(user).catch(() => undefined);
    return user;
  }

  /**
   * POST /auth/logout, then - whatever the server said - clears local and session storage, removes the user's
   * already-uploaded data from IndexedDB (sessions not yet on the server are kept, see logout-cleanup.ts) and
   * signs out. A failed logout shows its message and still goes to /login, so the error is returned.
   */
  async logout(): Promise<{ serverError: ApiError | null }> {
    const token = this.deps.tokens.get();
    const userId = this.snapshot.user?.id ?? null;
    let serverError: ApiError | null = null;
    try {
      await this.deps.api.logout(token && isTokenValid(token, this.now()) ? token : null);
    } catch (e) {
      serverError = isApiError(e) ? e : new ApiError('NETWORK', String(e));
    }
    this.generation++;
    this.deps.tokens.clear();
    (this.deps.clearWebStorage ?? defaultClearWebStorage)();
    if (userId !== null) {
      await this.deps.removeUserData?.(userId).catch(() => undefined);
      await this.deps.profiles.forgetUser(userId).catch(() => undefined);
    }
    this.set({ status: 'signed-out', user: null, ready: true });
    for (const l of this.signOutListeners) l('logout');
    return { serverError };
  }

  /** GET /auth/check-admin: true when the server confirms the admin role, false when it refuses (401/403). */
  async checkAdmin(): Promise<boolean> {
    const token = await this.getValidToken();
    if (!token) return false;
    try {
      await this.deps.api.checkAdmin(token);
      return true;
    } catch (e) {
      if (isApiError(e) && (e.status === 401 || e.status === 403)) return false;
      throw e;
    }
  }

  register = (input: RegisterInput) => this.deps.api.register(input);
  verify = (token: string) => this.deps.api.verify(token);
  resendVerification = (email: string) => this.deps.api.resendVerification(email);
  resetPassword = (email: string) => this.deps.api.resetPassword(email);
  changePassword = (token: string, password: string) => this.deps.api.changePassword(token, password);
}

function sameUser(a: AuthUser | null, b: AuthUser | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.id === b.id && a.email === b.email && a.firstName === b.firstName && a.lastName === b.lastName && a.role === b.role;
}
