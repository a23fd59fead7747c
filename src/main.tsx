/**
 * Entry point: logs the version, starts the data layer (auth, sync), the translation sync and the service worker, and
 * renders the app. Signing out (logout or a refused refresh) always lands on /login.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { apiClient } from './data/api/client';
import { authSession } from './data/auth/session';
import { refreshFromServer, startDataLayer } from './data/services';
import { createAppAuth } from './app/auth/app-auth';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { startTranslationSync } from './app/i18n/setup';
import { registerServiceWorker } from './app/pwa/register-sw';
import './app/global.css';
import { version } from '../package.json';

// Spec 1: the app version is written to the console at start.
console.info(`version ${version}`);

// Login preloads countries, circuits, vehicle types/categories and sessions into IndexedDB (spec 4).
const auth = createAppAuth(authSession, () => refreshFromServer({ force: true }));
const router = createAppRouter(auth);

authSession.onSignedOut(() => {
  if (router.state.location.pathname !== '/login') void router.navigate({ to: '/login' });
});
// Guards re-run when the user changes (sign-in, sign-out, offline start resolved).
authSession.subscribe(() => void router.invalidate());
// Boot of the data layer: auth start (offline start included), persistent storage, sync engine and triggers.
void startDataLayer();

startTranslationSync({
  fetchOverrides: () => apiClient.get('/translations'),
  reportMissing: (report) => apiClient.post('/translations/missing', report, { responseType: 'none' }),
});
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders auth={auth} router={router} />
  </StrictMode>,
);
