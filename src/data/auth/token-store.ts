/**
 * Where the access token lives: sessionStorage key `access_token`, so it dies with the tab; the refresh
 * cookie (httpOnly) is what carries a login across tabs and restarts.
 */
const ACCESS_TOKEN_KEY = 'access_token';

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

/** A store over a Web Storage area (sessionStorage in the app). Storage errors (private mode, quota) are ignored. */
export function webStorageTokenStore(storage: () => Storage | undefined = () => globalThis.sessionStorage): TokenStore {
  return {
    get() {
      try {
        return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
      } catch {
        return null;
      }
    },
    set(token) {
      try {
        storage()?.setItem(ACCESS_TOKEN_KEY, token);
      } catch {
        // The token still works for this page through the caller's memory copy.
      }
    },
    clear() {
      try {
        storage()?.removeItem(ACCESS_TOKEN_KEY);
      } catch {
        // Nothing stored.
      }
    },
  };
}
