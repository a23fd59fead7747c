/**
 * What the shell and the account screens need from the auth session (implemented by src/data/auth, adapted in
 * app-auth.ts): a synchronous snapshot for route guards and the menu, change notifications for React, the admin
 * check, and the account calls. Every call rejects with the data layer's ApiError (message = the server's).
 * 'offline-signed-in' = a user who signed in before and is now without connection (counts as signed in).
 */
import type { AuthUser } from '../../data/auth/auth-user';

type AuthStatus = 'signed-out' | 'signed-in' | 'offline-signed-in';

export interface AuthView {
  status: AuthStatus;
  user: AuthUser | null;
}

interface RegisterInput {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

export interface AppAuth {
  getSnapshot(): AuthView;
  subscribe(listener: () => void): () => void;
  /** Resolves once the first state is known (a refresh from the cookie may be in flight at start). */
  ready(): Promise<AuthView>;
  /** GET /api/auth/check-admin: resolves true/false; rejects when the server cannot be reached. */
  checkAdmin(): Promise<boolean>;
  login(email: string, password: string): Promise<void>;
  register(input: RegisterInput): Promise<void>;
  verify(token: string): Promise<void>;
  resendVerification(email: string): Promise<void>;
  resetPassword(email: string): Promise<void>;
  changePassword(token: string, password: string): Promise<void>;
  /** Revokes the refresh token and clears local state; local state is cleared even when the call fails. */
  logout(): Promise<void>;
  /** Loads reference data (countries, circuits, vehicle types/categories, sessions) after login. Never rejects. */
  preload(): Promise<void>;
}

export function isSignedIn(view: AuthView): boolean {
  return view.status !== 'signed-out' && view.user !== null;
}

export type Viewer = 'anonymous' | 'user' | 'admin';

/** Who the menu is built for. */
export function viewerOf(view: AuthView): Viewer {
  if (!isSignedIn(view)) return 'anonymous';
  return view.user?.isAdmin ? 'admin' : 'user';
}
