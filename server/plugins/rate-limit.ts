import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { CounterStore } from '../counters/counter-store';
import { ApiError } from '../errors';

/**
 * @fastify/rate-limit's counts kept in the app's counter store (in memory, or in PostgreSQL shared by every API
 * process), one key space per route.
 */
function storeOver(counters: CounterStore): FastifyRateLimitStoreCtor {
  const scoped = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      counters.add(`${prefix}${key}`, timeWindow).then(
        (w) => callback(null, { current: w.count, ttl: w.ttlMs }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    },
    child(routeOptions) {
      // The plugin hands the route as `routeInfo` (its types do not say so).
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return scoped(`route:${[route.method ?? ''].flat().join(',')} ${route.url ?? ''}\n`);
    },
  });
  // The plugin constructs the store with its options, which this one does not need.
  return function CounterStoreAdapter() {
    return scoped('route:');
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Per-route limits only (routes opt in through `config.rateLimit`); no global limit on data calls. */
async function rateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: storeOver(app.counters),
    // The plugin throws what this returns: the error handler answers it as any ApiError.
    errorResponseBuilder: (_req, ctx) => new ApiError(429, 'RATE_LIMITED', { id: 'tooManyRequests', params: { minutes: Math.max(1, Math.ceil(ctx.ttl / 60_000)) } }),
  });
}

export default fp(rateLimits, { name: 'rate-limits' });
