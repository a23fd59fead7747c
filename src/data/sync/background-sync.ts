import { createHttpClient, type TokenProvider } from '../api/http-client';
import { createSessionsApi } from '../api/sessions-api';
import { createAuthApi } from '../auth/auth-api';
import { isTokenValid } from '../auth/token';
import { getDb } from '../db/database';
import { SyncEngine } from './sync-engine';
import { createOutboxStore } from './outbox-store';
import { sessionsSyncTransport, systemClock, withSyncLock } from './sync-transport';

/**
 * Background Sync (where the browser has it, i.e. Chromium): when a server write is queued the page registers a
 * one-off sync with tag SYNC_TAG; the browser fires it in the service worker as soon as it has connectivity,
 * even after the tab was closed.
 *
 * In the service worker (src/sw.ts: `self.addEventListener('sync', handleBackgroundSync)`):
 * - if a window of the app is open, it asks the page to run its sync engine (message SYNC_NOW_MESSAGE), so only
 *   the page renews tokens (two parallel refreshes of one rotating refresh cookie would look like token reuse);
 * - otherwise it sends the outbox itself: one POST /api/auth/refresh with the cookie, then the same engine over
 *   the same IndexedDB outbox (the server deduplicates, so this can never double an upload). If entries remain,
 *   the handler rejects so the browser retries the sync later.
 * @internal Exported for its tests.
 */
export const SYNC_TAG = 'astro-outbox';
/** @internal Exported for its tests. */
export const SYNC_NOW_MESSAGE = 'astro-sync-now';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Page side: ask for a Background Sync (no-op where unsupported). */
export async function requestBackgroundSync(): Promise<boolean> {
  try {
    const sw = (globalThis.navigator as Navigator | undefined)?.serviceWorker;
    if (!sw) return false;
    const reg = (await sw.ready) as unknown as SyncRegistration;
    if (!reg.sync) return false;
    await reg.sync.register(SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/** Page side: run `kick` when the service worker relays a sync event. Returns the unsubscribe. */
export function listenForServiceWorkerSync(kick: () => void): () => void {
  const sw = (globalThis.navigator as Navigator | undefined)?.serviceWorker;
  if (!sw) return () => undefined;
  const onMessage = (e: MessageEvent) => {
    if ((e.data as { type?: unknown } | null)?.type === SYNC_NOW_MESSAGE) kick();
  };
  sw.addEventListener('message', onMessage);
  return () => sw.removeEventListener('message', onMessage);
}

interface SwSyncEvent extends Event {
  tag: string;
  lastChance?: boolean;
  waitUntil(p: Promise<unknown>): void;
}
interface SwGlobal {
  clients: { matchAll(o: { type: 'window'; includeUncontrolled?: boolean }): Promise<{ postMessage(m: unknown): void }[]> };
}

/** Service worker side: the 'sync' event listener. */
export function handleBackgroundSync(event: Event): void {
  const e = event as SwSyncEvent;
  if (e.tag !== SYNC_TAG) return;
  e.waitUntil(runFromServiceWorker());
}

async function runFromServiceWorker(): Promise<void> {
  const clients = await (globalThis as unknown as SwGlobal).clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (clients.length > 0) {
    for (const c of clients) c.postMessage({ type: SYNC_NOW_MESSAGE });
    return;
  }
  const db = getDb();
  const last = (await db.kv.get('lastUserId'))?.value;
  if (typeof last !== 'number') return;

  const authApi = createAuthApi(createHttpClient());
  let token: string | null = null;
  let refreshed = false;
  const tokens: TokenProvider = {
    async getValidToken() {
      if (token && isTokenValid(token)) return token;
      if (refreshed) return null;
      refreshed = true;
      token = (await authApi.refresh()).accessToken;
      return token;
    },
    refreshAfterUnauthorized: async () => null,
  };
  const engine = new SyncEngine({
    store: createOutboxStore(() => db),
    transport: sessionsSyncTransport(createSessionsApi(createHttpClient({ tokenProvider: tokens }))),
    clock: systemClock,
    network: { isOnline: () => true, onOnline: () => () => undefined },
    currentUserId: () => last,
    // The same cross-tab lock as the pages: a page opened meanwhile never sends the same entry in parallel.
    withLock: withSyncLock,
  });
  await engine.kick();
  engine.stop();
  const left = await createOutboxStore(() => db).nextDueAt(last);
  if (left !== null && left <= Date.now() + 60_000) throw new Error('Outbox not empty; the browser will retry the sync.');
}
