/**
 * The shell's door to the data layer (data-boot.ts: Dexie, API client, sync engine, zod contracts), which is not
 * part of the first load (kept small for a fast first paint): it is imported on demand (an auth guard, a login, any auth call) or once the
 * page has started (`loadDataLayerAfterStart`). A tab that holds an access token loads it before
 * the first render instead (main.tsx), so a signed-in user never sees the signed-out header.
 */
import type { SyncNotice } from '../data/sync/sync-notices';
import { afterStart } from './after-start';
import { yieldToBrowser } from './yield-to-browser';
import type { createAppRouter } from './router';

export type DataLayer = typeof import('./data-boot');
type AppRouter = ReturnType<typeof createAppRouter>;

let router: AppRouter | null = null;
let loading: Promise<DataLayer> | null = null;
const noticeWatchers = new Set<(notice: SyncNotice) => void>();

/** The router the data layer wires itself to when it starts (set once by main.tsx before anything loads it). */
export function setDataLayerRouter(appRouter: AppRouter): void {
  router = appRouter;
}

/**
 * Imports the data layer a part at a time, each part evaluated in its own task: evaluated at once (the zod
 * contracts build their schemas, Dexie and the repositories their classes) it would block the page for one long
 * task, and it may run while the page is still settling or the user is typing.
 */
async function importDataBoot(): Promise<DataLayer> {
  await import('../contracts/entities');
  await yieldToBrowser();
  await import('../contracts/session-upload');
  await yieldToBrowser();
  await import('../data/db/database');
  await yieldToBrowser();
  await import('../data/api/client');
  await yieldToBrowser();
  return import('./data-boot');
}

/** Imports and starts the data layer (idempotent); a failed import (e.g. offline, no precache yet) can be retried. */
export function loadDataLayer(): Promise<DataLayer> {
  loading ??= importDataBoot().then(
    (m) => {
      if (router) m.startData(router);
      m.watchSyncNotices((notice) => {
        for (const show of [...noticeWatchers]) show(notice);
      });
      return m;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/**
 * Loads the data layer once the page has started (after-start.ts): at the first interaction, or when the page has
 * been quiet for 8 s after loading (a first-time visitor reading the welcome page needs none of it: its ~100 ms of
 * module evaluation on a slow phone would only block the page they are reading). Until then a visitor's screen
 * shows the signed-out state, as it does while the auth session's first cookie refresh is in flight.
 */
export function loadDataLayerAfterStart(): void {
  afterStart(() => void loadDataLayer().catch(() => undefined), 8000);
}

/**
 * Calls `show` for each sync notice ('Session uploaded', conflict, 'Failed to update session'). Subscribes at
 * once; notices flow as soon as the data layer has loaded (there are none before: the sync engine is part of it).
 */
export function watchSyncNotices(show: (notice: SyncNotice) => void): () => void {
  noticeWatchers.add(show);
  return () => noticeWatchers.delete(show);
}
