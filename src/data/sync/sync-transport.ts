import type { SessionsApi } from '../api/sessions-api';
import type { SyncTransport } from './sync-types';

/** The sync engine's transport over the sessions API (POST/PATCH/DELETE /sessions, GET /sessions for lookups). */
export function sessionsSyncTransport(api: SessionsApi): SyncTransport {
  return {
    create: (body, signal) => api.create(body, signal),
    patch: (id, body, signal) => api.patch(id, body, signal),
    remove: (id, signal) => api.remove(id, signal),
    async findServerId(filename, signal) {
      const list = await api.list(signal);
      return list.find((s) => s.filename === filename)?.id ?? null;
    },
  };
}

/** navigator.onLine + the window's online event. */
export const browserNetworkStatus = {
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
  onOnline(listener: () => void): () => void {
    if (typeof globalThis.addEventListener !== 'function') return () => undefined;
    globalThis.addEventListener('online', listener);
    return () => globalThis.removeEventListener('online', listener);
  },
};

export const systemClock = {
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number): unknown => setTimeout(fn, Math.min(ms, 2_147_483_647)),
  clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Cross-tab exclusion through the Web Locks API where available: only one tab sends the outbox at a time. */
export async function withSyncLock(fn: () => Promise<void>): Promise<boolean> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks?.request) {
    await fn();
    return true;
  }
  return locks.request('astro-sync', { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await fn();
    return true;
  });
}
