import type { Db, Queryable } from '../db/db';
import type { Role } from '../../src/contracts/auth';

/**
 * What an access token is checked against on every authenticated request: the user still exists, is active, has the
 * role the token names, and the token's version is the current one (bumped on password change, reset and
 * deactivation).
 *
 * Read from the database at most once per user per ACCESS_STATE_TTL_MS in each process. The process that changes a
 * user drops its entry at once; other API processes on the same PostgreSQL see the change when their entry expires,
 * so a revoked token works for at most this long there.
 * @internal Exported for its tests.
 */
export const ACCESS_STATE_TTL_MS = 5_000;

export interface AccessState {
  active: boolean;
  role: Role;
  tokenVersion: number;
}

interface Entry {
  state: Promise<AccessState | null>;
  expiresAt: number;
}

/** One cache per database (the Db object is shared by every plugin of an app; tests build many apps per process). */
const caches = new WeakMap<Db, Map<number, Entry>>();
const MAX_ENTRIES = 10_000;

export async function readAccessState(q: Queryable, userId: number): Promise<AccessState | null> {
  const [row] = await q.query<{ active: boolean; role: Role; token_version: number }>('select active, role, token_version from users where id = $1', [userId]);
  return row ? { active: row.active, role: row.role, tokenVersion: row.token_version } : null;
}

export function cachedAccessState(db: Db, userId: number, now = Date.now()): Promise<AccessState | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(userId);
  if (hit && hit.expiresAt > now) return hit.state;
  if (cache.size >= MAX_ENTRIES) for (const [id, e] of cache) if (e.expiresAt <= now) cache.delete(id);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const state = readAccessState(db, userId);
  const entry = { state, expiresAt: now + ACCESS_STATE_TTL_MS };
  cache.set(userId, entry);
  // A failed read (database down) is not remembered.
  state.catch(() => {
    if (cache.get(userId) === entry) cache.delete(userId);
  });
  return state;
}

/** Drops the cached state of `userId` in this process (call after changing the row). */
export function forgetAccessState(db: Db, userId: number): void {
  caches.get(db)?.delete(userId);
}

/**
 * Ends every access token of a user: bumps the token version (within the caller's transaction when given `q`).
 * The caller also calls forgetAccessState once the change is committed.
 */
export async function bumpTokenVersion(q: Queryable, userId: number): Promise<void> {
  await q.query('update users set token_version = token_version + 1 where id = $1', [userId]);
}
