/**
 * Service worker registration with workbox-window (registerType 'prompt'): when a new version is waiting, the
 * UI asks the user (update-prompt.tsx); 'Reload' posts SKIP_WAITING to the waiting worker and reloads once the
 * new worker controls the page. Registration is skipped in dev (no service worker is built there). workbox-window
 * is imported with the registration, once the page has started, so it is not part of the first load (kept small for a fast first paint).
 */
import type { Workbox } from 'workbox-window';
import { afterStart } from '../after-start';

type Listener = (state: PwaState) => void;
export interface PwaState {
  /** A new version is installed and waiting. */
  needRefresh: boolean;
  /** The app shell is precached (first install). */
  offlineReady: boolean;
}

let state: PwaState = { needRefresh: false, offlineReady: false };
const listeners = new Set<Listener>();
let wb: Workbox | null = null;

function set(next: Partial<PwaState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l(state);
}

export function getPwaState(): PwaState {
  return state;
}

export function subscribePwa(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function registerServiceWorker(url = '/sw.js'): Promise<void> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  wb = new Workbox(url, { scope: '/' });
  wb.addEventListener('waiting', () => set({ needRefresh: true }));
  wb.addEventListener('installed', (e) => {
    if (!e.isUpdate) set({ offlineReady: true });
  });
  await wb.register();
}

/**
 * Registers once the page has started (../after-start.ts: the first interaction, or the page quiet for a while
 * after its load event), so the worker's install (precache downloads, cache writes) does not compete with the
 * first render.
 */
export function registerServiceWorkerAfterStart(url = '/sw.js'): void {
  afterStart(() => void registerServiceWorker(url).catch((e: unknown) => console.warn('Service worker registration failed', e)));
}

/** Activates the waiting version and reloads into it. */
export function applyUpdate(): void {
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

export function dismissUpdate(): void {
  set({ needRefresh: false, offlineReady: false });
}
