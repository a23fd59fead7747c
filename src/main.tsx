/**
 * Entry point: logs the version, renders the app, and starts the data layer (auth, sync, translation sync) and the
 * service worker. Only what the first screen needs is loaded before the first render (for a fast first paint): the data layer
 * (Dexie, API client, sync engine, zod contracts) is imported at the first interaction or once the page has been
 * quiet for a while after loading (app/after-start.ts), or before that when something needs it (an auth guard, a
 * login), or at once on a device someone is signed in on (app/session-hint.ts); a tab that holds an access token
 * (signed in) loads it before rendering, so its header never shows the signed-out state. Signing out always lands
 * on /login.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createLazyAppAuth } from './app/auth/lazy-auth';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { loadDataLayer, loadDataLayerAfterStart, setDataLayerRouter } from './app/data-layer';
import { registerServiceWorkerAfterStart } from './app/pwa/register-sw';
import { yieldToBrowser } from './app/yield-to-browser';
import { hasSessionHint } from './app/session-hint';
import './app/global.css';
import { version } from '../package.json';

// The app version is written to the console at start, so a support request can name it.
console.info(`version ${version}`);

const auth = createLazyAppAuth(async () => (await loadDataLayer()).appAuth);

/** The access token of this tab (src/data/auth/token-store.ts, key `access_token`): present = signed in here. */
function hasAccessToken(): boolean {
  try {
    return !!sessionStorage.getItem('access_token');
  } catch {
    return false;
  }
}

/**
 * The first render is a transition: React renders it in small slices that yield to the browser instead of one
 * long task (it would count against Total Blocking Time); the prerendered page stays on screen meanwhile.
 */
function render(router: ReturnType<typeof createAppRouter>): void {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders auth={auth} router={router} />
      </StrictMode>,
    );
  });
}

/**
 * The start, in steps that are each their own task (yieldToBrowser), so none blocks the page for long while the
 * prerendered one is already on screen and usable: the modules' evaluation, the router (its route tree), the
 * router's first load (the route's code-split chunk, the guards), the first render. The first render waits for
 * that first load, so that React paints the complete page at once over the prerendered one in index.html
 * (src/app/prerender): no blank frame, nothing moves. A signed-in tab also waits for the auth session, which
 * decides from the token synchronously.
 */
async function start(): Promise<void> {
  await yieldToBrowser();
  const router = createAppRouter(auth);
  setDataLayerRouter(router);
  const signedInTab = hasAccessToken();
  // A device someone is signed in on (session-hint.ts) restores the session at once (refresh cookie or offline
  // start); a first-time visitor's first load stays light.
  if (!signedInTab && hasSessionHint()) void loadDataLayer().catch((e: unknown) => console.warn('Data layer failed to load', e));
  else if (!signedInTab) loadDataLayerAfterStart();
  await yieldToBrowser();
  await Promise.all([signedInTab ? auth.load() : null, router.load()]).catch((e: unknown) => console.warn('First load failed', e));
  await yieldToBrowser();
  render(router);
}

void start();
registerServiceWorkerAfterStart();
