import { ApiError } from '../errors';

/**
 * Fixed-window counter per key (here: route + e-mail address), in memory. @fastify/rate-limit covers the per-IP
 * limit; this covers the per-address one, which it cannot express alongside (one key per route).
 */
export class KeyedLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; throws 429 RATE_LIMITED past the limit. */
  hit(key: string): void {
    const t = this.now();
    if (this.hits.size > 10_000) for (const [k, v] of this.hits) if (v.resetAt <= t) this.hits.delete(k);
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= t) {
      entry = { count: 0, resetAt: t + this.windowMs };
      this.hits.set(key, entry);
    }
    entry.count += 1;
    if (entry.count > this.max) {
      const minutes = Math.max(1, Math.ceil((entry.resetAt - t) / 60_000));
      throw new ApiError(429, 'RATE_LIMITED', `Too many attempts for this e-mail address. Try again in ${minutes} minute(s).`);
    }
  }
}
