import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { CounterStore, WindowCount } from './counter-store';

/**
 * The counters in PostgreSQL (table rate_counters, migration 070), shared by every API process on the database.
 * One upsert a hit, atomic under concurrency; windows use the database's clock, so processes on hosts whose
 * clocks differ still agree. Keys are stored hashed: fixed length, and no e-mail address or IP at rest.
 * Ended windows are swept at most once a minute per process.
 */
const SWEEP_EVERY_MS = 60_000;

const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');

type Row = { count: number; ttl_ms: number };
const toCount = (r: Row | undefined): WindowCount => (r ? { count: r.count, ttlMs: Math.max(0, Math.ceil(r.ttl_ms)) } : { count: 0, ttlMs: 0 });

export function createPgCounterStore(q: Queryable, now: () => number = Date.now): CounterStore {
  let sweptAt = now();
  const sweep = async () => {
    if (now() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now();
    await q.query('delete from rate_counters where ends_at <= now()');
  };
  return {
    async add(key, windowMs, by = 1) {
      await sweep();
      const [row] = await q.query<Row>(
        `insert into rate_counters as c (key, count, ends_at)
         values ($1, greatest($3::int, 0), now() + make_interval(secs => $2::float8 / 1000))
         on conflict (key) do update set
           count = case when c.ends_at <= now() then excluded.count else greatest(c.count + $3::int, 0) end,
           ends_at = case when c.ends_at <= now() then excluded.ends_at else c.ends_at end
         returning c.count, (extract(epoch from c.ends_at - now()) * 1000)::float8 as ttl_ms`,
        [hashed(key), windowMs, by],
      );
      return toCount(row);
    },
    async get(key) {
      const [row] = await q.query<Row>(
        'select count, (extract(epoch from ends_at - now()) * 1000)::float8 as ttl_ms from rate_counters where key = $1 and ends_at > now()',
        [hashed(key)],
      );
      return toCount(row);
    },
    async delete(key) {
      await q.query('delete from rate_counters where key = $1', [hashed(key)]);
    },
  };
}
