/**
 * An AppAuth whose implementation (the data layer's auth session: API client, Dexie profiles, zod contracts) is
 * loaded on demand, so it is not part of the first load (which stays small for a fast first paint). Until it has loaded, the snapshot is 'signed
 * out, not decided yet' - what the auth session itself reports before `start()` decides - and every call (the
 * guards' `ready()`, login, ...) loads it first. Once loaded, snapshot and notifications are the session's.
 */
import type { AppAuth, AuthView } from './auth-port';

const UNDECIDED: AuthView = { status: 'signed-out', user: null };

export interface LazyAppAuth extends AppAuth {
  /** Loads the implementation now (idempotent); resolves when it is in place. */
  load(): Promise<AppAuth>;
}

export function createLazyAppAuth(loadImpl: () => Promise<AppAuth>): LazyAppAuth {
  let impl: AppAuth | null = null;
  let loading: Promise<AppAuth> | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };

  const load = (): Promise<AppAuth> => {
    loading ??= loadImpl().then(
      (loaded) => {
        impl = loaded;
        loaded.subscribe(notify);
        // The snapshot changed from UNDECIDED to the session's own.
        notify();
        return loaded;
      },
      (e: unknown) => {
        loading = null; // a failed chunk load (offline without the precache) can be retried by the next call
        throw e;
      },
    );
    return loading;
  };

  return {
    load,
    getSnapshot: () => (impl ? impl.getSnapshot() : UNDECIDED),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: async () => (await load()).ready(),
    checkAdmin: async () => (await load()).checkAdmin(),
    login: async (email, password) => (await load()).login(email, password),
    register: async (input) => (await load()).register(input),
    verify: async (token) => (await load()).verify(token),
    resendVerification: async (email) => (await load()).resendVerification(email),
    resetPassword: async (email) => (await load()).resetPassword(email),
    changePassword: async (token, password) => (await load()).changePassword(token, password),
    logout: async () => (await load()).logout(),
    preload: async () => (await load()).preload(),
  };
}
