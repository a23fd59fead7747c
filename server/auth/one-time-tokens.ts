import type { Queryable, Db } from '../db/db';
import { hashToken, newToken } from './random-token';

export type OneTimeKind = 'verify' | 'reset';
/** Verification links live 24 h, reset links 1 h: long enough to open the mail, short enough to limit a leaked link. */
const ONE_TIME_TTL_S: Record<OneTimeKind, number> = { verify: 24 * 3600, reset: 3600 };

/** Issues a new token of `kind`; earlier unused ones of the same kind stop working (only the latest mail's link works). */
export async function issueOneTimeToken(q: Queryable, userId: number, kind: OneTimeKind): Promise<string> {
  const token = newToken();
  await q.query(`update one_time_tokens set used_at = now() where user_id = $1 and kind = $2 and used_at is null`, [userId, kind]);
  await q.query(
    `insert into one_time_tokens (user_id, kind, token_hash, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [userId, kind, hashToken(token), ONE_TIME_TTL_S[kind]],
  );
  return token;
}

/** Consumes a token: returns its user id once, then never again; null when unknown, used, expired or of another kind. */
export async function consumeOneTimeToken(db: Db, token: string, kind: OneTimeKind, then: (q: Queryable, userId: number) => Promise<void>): Promise<number | null> {
  return db.tx(async (q) => {
    const [row] = await q.query<{ user_id: number }>(
      `update one_time_tokens set used_at = now()
       where token_hash = $1 and kind = $2 and used_at is null and expires_at > now()
       returning user_id`,
      [hashToken(token), kind],
    );
    if (!row) return null;
    await then(q, row.user_id);
    return row.user_id;
  });
}
