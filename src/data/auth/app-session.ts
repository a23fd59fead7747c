import { createHttpClient } from '../api/http-client';
import { getDb } from '../db/database';
import { removeSignedOutUserData } from '../repositories/logout-cleanup';
import { createProfileRepository } from '../repositories/profile-repository';
import { createAuthApi } from './auth-api';
import { AuthSession } from './auth-session';
import { webStorageTokenStore } from './token-store';

/**
 * The app's one auth session. It starts nothing else: the data layer's boot (`startDataLayer` in ../services.ts,
 * the one boot sequence, see the README) calls `authSession.start()`. The shell reads `getAuthSnapshot()` /
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
});
