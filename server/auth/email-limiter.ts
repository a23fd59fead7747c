import { ApiError } from '../errors';
import { minutesLeft, type CounterStore } from '../counters/counter-store';

/**
 * Fixed-window counter per key (here: route + e-mail address) in the app's counter store. @fastify/rate-limit covers
 * the per-IP limit; this covers the per-address one, which it cannot express alongside (one key per route).
 */
export class KeyedLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; throws 429 RATE_LIMITED past the limit. */
  async hit(key: string): Promise<void> {
    const w = await this.store.add(`address:${key}`, this.windowMs);
    if (w.count > this.max) {
      throw new ApiError(429, 'RATE_LIMITED', { id: 'tooManyEmailAttempts', params: { minutes: minutesLeft(w) } });
    }
  }
}
