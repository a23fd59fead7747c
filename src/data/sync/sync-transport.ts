import { readSessionUpload, type EncodedSessionWrite, type SessionUpload, type SessionWrite } from '../../contracts/session-upload';
import type { SessionsApi } from '../api/sessions-api';
import type { SyncTransport } from './sync-types';

/**
 * Reads and serialises an upload's body (contracts/session-upload `encodeSessionWrite` over the read texts). The
 * page passes one that runs in the analysis worker; the data layer never imports the worker itself.
 * @internal Exported for its tests.
 */
export type SessionUploadEncoder = (upload: SessionUpload, signal?: AbortSignal) => Promise<EncodedSessionWrite>;

export interface SessionsSyncTransportOptions {
  /**
   * Off the main thread: without it (service worker's Background Sync, tests) the texts are read and encoded
   * inline, which for a 7 h session is one task of several hundred ms - fine where there is no UI.
   */
  encodeUpload?: SessionUploadEncoder;
}

/** The sync engine's transport over the sessions API (POST/PUT/PATCH/DELETE /sessions, GET /sessions for lookups). */
export function sessionsSyncTransport(api: SessionsApi, options: SessionsSyncTransportOptions = {}): SyncTransport {
  const { encodeUpload } = options;
  /** The body read and encoded (in the worker when there is one), then sent by `send`. */
  async function write<T>(upload: SessionUpload, send: (body: EncodedSessionWrite | SessionWrite) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (!encodeUpload) return send(await readSessionUpload(upload));
    let encoded: EncodedSessionWrite;
    try {
      encoded = await encodeUpload(upload, signal);
    } catch (e) {
      // Cancelled: stop. A worker that cannot start or died must not keep the session off the server: inline.
      if (signal?.aborted) throw e;
      return send(await readSessionUpload(upload));
    }
    return send(encoded);
  }
  return {
    create: (upload, signal) => write(upload, (body) => api.create(body, signal), signal),
    replace: (serverId, upload, signal) => write(upload, (body) => api.update(serverId, body, signal), signal),
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

/**
 * Cross-tab exclusion through the Web Locks API where available: only one tab (or the service worker) sends the
 * outbox at a time, and `fn` learns whether that exclusion is real (no Web Locks: it runs without one).
 */
export async function withSyncLock(fn: (exclusive: boolean) => Promise<void>): Promise<boolean> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks?.request) {
    await fn(false);
    return true;
  }
  return locks.request('astro-sync', { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await fn(true);
    return true;
  });
}
