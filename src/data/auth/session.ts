import { createHttpClient } from '../api/http-client';
import { getDb } from '../db/database';
import { removeSignedOutUserData } from '../repositories/logout-cleanup';
import { createProfileRepository } from '../repositories/profile-repository';
import { createAuthApi } from './auth-api';
import { AuthSession, type AuthSnapshot } from './auth-session';
import { webStorageTokenStore } from './token-store';

/**
 * The app's one auth session. The shell calls `authSession.start()` once at boot, reads `getAuthSnapshot()` /
 * `subscribeAuth()` (useSyncExternalStore), and listens to `authSession.onSignedOut()` to go to /login.
 * Account screens call authSession.login / register / verify / resendVerification / resetPassword /
 * changePassword / logout / checkAdmin.
 */
export const profileRepository = createProfileRepository(getDb);

export const authApi = createAuthApi(createHttpClient());

export const authSession = new AuthSession({
  api: authApi,
  tokens: webStorageTokenStore(),
  profiles: profileRepository,
  removeUserData: (userId) => removeSignedOutUserData(getDb(), userId),
  // Starting the auth session starts the rest of the data layer (sync engine, persistent storage, reference
  // data refresh) in the browser; loaded lazily so auth-only screens do not wait for it.
  afterStart: () => {
    if (typeof window === 'undefined' || typeof indexedDB === 'undefined') return;
    void import('../services').then((m) => m.startDataLayer()).catch(() => undefined);
  },
});

export const getAuthSnapshot = (): AuthSnapshot => authSession.getSnapshot();
export const subscribeAuth = (listener: (s: AuthSnapshot) => void): (() => void) => authSession.subscribe(listener);
