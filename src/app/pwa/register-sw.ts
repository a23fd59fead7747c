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
  /** Reload was pressed: the new version is taking over and the page is about to reload. */
  updating: boolean;
}

let state: PwaState = { needRefresh: false, offlineReady: false, updating: false };
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

/**
 * Chromium activates a new worker by stopping the old one as soon as it is idle; a request the page makes in that
 * moment restarts the old worker, and the activation (and a navigation caught in it) then waits until the old
 * worker idles again, which a busy page may put off for minutes. The click that hits Reload is often the page's
 * first interaction, which starts loading the data layer's modules through the old worker: so Reload first waits
 * for the page's requests to settle (no resource finished for QUIET_MS, at most QUIET_MAX_MS), then asks the new
 * worker to take over, and reloads when it controls the page - or after RELOAD_FALLBACK_MS in any case, as the user
 * asked for a reload (the waiting worker has been told to skip waiting and takes over when the old page goes).
 */
const QUIET_MS = 1000;
const QUIET_MAX_MS = 8000;
const RELOAD_FALLBACK_MS = 15_000;

/** Resolves once no resource request of the page has finished for `quietMs` (resource timing), or after `maxMs`. */
function pageRequestsSettled(quietMs: number, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    let quietTimer = 0;
    let observer: PerformanceObserver | null = null;
    const done = () => {
      observer?.disconnect();
      window.clearTimeout(quietTimer);
      window.clearTimeout(maxTimer);
      resolve();
    };
    const restart = () => {
      window.clearTimeout(quietTimer);
      quietTimer = window.setTimeout(done, quietMs);
    };
    const maxTimer = window.setTimeout(done, maxMs);
    if (typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver(restart);
      observer.observe({ type: 'resource' });
    }
    restart();
  });
}

/** Activates the waiting version and reloads into it (once, whichever comes first). */
export function applyUpdate(): void {
  const workbox = wb;
  if (!workbox || state.updating) return;
  set({ updating: true });
  let reloaded = false;
  const reload = () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  };
  workbox.addEventListener('controlling', reload);
  void pageRequestsSettled(QUIET_MS, QUIET_MAX_MS).then(() => {
    workbox.messageSkipWaiting();
    window.setTimeout(reload, RELOAD_FALLBACK_MS);
  });
}

export function dismissUpdate(): void {
  set({ needRefresh: false, offlineReady: false });
}
