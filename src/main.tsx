/**
 * Entry point: logs the version, renders the app, and starts the data layer (auth, sync, translation sync) and the
 * service worker. Only what the first screen needs is loaded before the first render (issue 6): the data layer
 * (Dexie, API client, sync engine, zod contracts) is imported when the page is idle after load, or before that
 * when something needs it (an auth guard, a login); a tab that holds an access token (signed in) loads it before
 * rendering, so its header never shows the signed-out state. Signing out always lands on /login.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createLazyAppAuth } from './app/auth/lazy-auth';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { loadDataLayer, loadDataLayerWhenIdle, setDataLayerRouter } from './app/data-layer';
import { registerServiceWorkerAfterLoad } from './app/pwa/register-sw';
import './app/global.css';
import { version } from '../package.json';

// Spec 1: the app version is written to the console at start.
console.info(`version ${version}`);

const auth = createLazyAppAuth(async () => (await loadDataLayer()).appAuth);
const router = createAppRouter(auth);
setDataLayerRouter(router);

/** The access token of this tab (src/data/auth/token-store.ts, key `access_token`): present = signed in here. */
function hasAccessToken(): boolean {
  try {
    return !!sessionStorage.getItem('access_token');
  } catch {
    return false;
  }
}

function render(): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders auth={auth} router={router} />
    </StrictMode>,
  );
}

if (hasAccessToken()) {
  // Signed in: the auth session decides from the token synchronously once loaded; render with it.
  void auth.load().then(render, render);
} else {
  render();
  loadDataLayerWhenIdle();
}
registerServiceWorkerAfterLoad();
