import type { TokenStore } from '../../src/data/auth/token-store';

/** An in-memory store for tests. */
export function memoryTokenStore(initial: string | null = null): TokenStore {
  let value = initial;
  return {
    get: () => value,
    set: (t) => {
      value = t;
    },
    clear: () => {
      value = null;
    },
  };
}
