/**
 * Fixed-window counters for rate limits and abuse limits (login failures, mails per address, requests per IP,
 * missing-translation reports per client). A key counts in its own window: the first hit opens it for `windowMs`,
 * later hits add to it until it ends, and the next hit after that opens a new one.
 *
 * Two stores with one contract: in memory (one API process, the embedded database's default) and in PostgreSQL
 * (DATABASE_URL: every API process on that database counts together, so a guesser spread over several processes
 * meets one limit, not one per process). `add` is atomic in both: concurrent hits get distinct counts, so a check
 * made on its own result cannot be raced.
 */
export interface WindowCount {
  /** Hits in the current window (0 when there is none). */
  count: number;
  /** Milliseconds until the window ends (0 when there is none). */
  ttlMs: number;
}

export interface CounterStore {
  /** Adds `by` (default 1) to the key's count and returns the count after it; a negative `by` never goes below 0. */
  add(key: string, windowMs: number, by?: number): Promise<WindowCount>;
  /** The key's count now, without counting. */
  get(key: string): Promise<WindowCount>;
  /** Forgets the key (its next hit opens a new window). */
  delete(key: string): Promise<void>;
}

/** Entries kept in memory before the ended windows are swept out. */
const SWEEP_AT = 50_000;

/** One process's counters (the embedded database runs one API process). */
export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const alive = (key: string, t: number) => {
    const w = windows.get(key);
    return w && w.endsAt > t ? w : undefined;
  };
  return {
    add(key, windowMs, by = 1) {
      const t = now();
      if (windows.size >= SWEEP_AT) for (const [k, w] of windows) if (w.endsAt <= t) windows.delete(k);
      let w = alive(key, t);
      if (w) w.count = Math.max(0, w.count + by);
      else windows.set(key, (w = { count: Math.max(0, by), endsAt: t + windowMs }));
      return Promise.resolve({ count: w.count, ttlMs: w.endsAt - t });
    },
    get(key) {
      const t = now();
      const w = alive(key, t);
      return Promise.resolve(w ? { count: w.count, ttlMs: w.endsAt - t } : { count: 0, ttlMs: 0 });
    },
    delete(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}

/** Whole minutes until a window ends, at least 1 (for "try again in N minute(s)"). */
export const minutesLeft = (w: WindowCount) => Math.max(1, Math.ceil(w.ttlMs / 60_000));
