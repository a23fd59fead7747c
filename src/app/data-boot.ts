/**
 * The data layer as the shell starts it: the auth session (offline start included), the sync engine and its
 * triggers, the translation sync, and the wiring to the router (guards re-run on auth changes, signing out lands
 * on /login). Imported only through data-layer.ts, so it and everything it imports (Dexie, the API client, the
 * zod contracts) stay out of the first load (which stays small for a fast first paint).
 */
import { apiClient } from '../data/api/client';
import { authSession } from '../data/auth/app-session';
import { refreshFromServer, startDataLayer, watchSyncNotices } from '../data/services';
import { notifyError } from '../ui/toast';
import { createAppAuth } from './auth/app-auth';
import { signedOutTarget } from './auth/signed-out';
import { startTranslationSync, translateMessage } from './i18n/setup';
import { setSessionHint } from './session-hint';
import type { createAppRouter } from './router';

export { watchSyncNotices };

/**
 * The shell's auth. Login preloads countries, circuits, vehicle types/categories and sessions into IndexedDB, so
 * the app works offline right after signing in. main.tsx reads it from the module object loadDataLayer() returns,
 * which knip cannot follow, hence the tag.
 * @public
 */
export const appAuth = createAppAuth(authSession, () => refreshFromServer({ force: true }));

let started = false;

/** Starts the data layer once, wired to the app's router. */
export function startData(router: ReturnType<typeof createAppRouter>): void {
  if (started) return;
  started = true;
  authSession.onSignedOut((reason) => {
    const target = signedOutTarget(reason, router.state.location);
    if (!target) return;
    if (reason === 'refresh-failed') notifyError(translateMessage('loginExpired'));
    void router.navigate(target);
  });
  // Guards re-run when the user changes (sign-in, sign-out, offline start resolved).
  authSession.subscribe((s) => {
    // Once the first state is decided: remember whether someone is signed in on this device (session-hint.ts).
    if (s.ready) setSessionHint(s.user !== null);
    void router.invalidate();
  });
  // Boot of the data layer: auth start (offline start included), persistent storage, sync engine and triggers.
  void startDataLayer();
  startTranslationSync({
    fetchOverrides: () => apiClient.get('/translations'),
    reportMissing: (report) => apiClient.post('/translations/missing', report, { responseType: 'none' }),
  });
}
