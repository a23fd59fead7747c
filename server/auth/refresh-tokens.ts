import { randomUUID } from 'node:crypto';
import type { Queryable, Db } from '../db/db';
import { hashToken, newToken } from './random-token';

/** A login stays renewable for 30 days of inactivity; each refresh moves the window. */
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;

export async function issueRefreshToken(q: Queryable, userId: number, familyId: string = randomUUID()): Promise<string> {
  const token = newToken();
  await q.query(
    `insert into refresh_tokens (user_id, family_id, token_hash, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [userId, familyId, hashToken(token), REFRESH_TOKEN_TTL_S],
  );
  return token;
}

export type RotateResult = { ok: true; userId: number; token: string } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Exchanges a refresh token for the next one in its family. A token already rotated (or revoked) being shown again
 * means it leaked or was replayed: the whole family is revoked and the caller must log in again.
 */
export async function rotateRefreshToken(db: Db, token: string): Promise<RotateResult> {
  return db.tx(async (q) => {
    const [row] = await q.query<{ id: number; user_id: number; family_id: string; expired: boolean; rotated_at: Date | null; revoked_at: Date | null }>(
      `select id, user_id, family_id, expires_at <= now() as expired, rotated_at, revoked_at
       from refresh_tokens where token_hash = $1 for update`,
      [hashToken(token)],
    );
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.rotated_at || row.revoked_at) {
      await q.query('update refresh_tokens set revoked_at = coalesce(revoked_at, now()) where family_id = $1', [row.family_id]);
      return { ok: false, reason: row.revoked_at && !row.rotated_at ? 'revoked' : 'reused' } as const;
    }
    if (row.expired) {
      await q.query('update refresh_tokens set revoked_at = now() where id = $1', [row.id]);
      return { ok: false, reason: 'expired' } as const;
    }
    await q.query('update refresh_tokens set rotated_at = now() where id = $1', [row.id]);
    const next = await issueRefreshToken(q, row.user_id, row.family_id);
    return { ok: true, userId: row.user_id, token: next } as const;
  });
}

/** Logout: revokes the family of this token (other devices' logins stay). */
export async function revokeFamilyOf(q: Queryable, token: string): Promise<void> {
  await q.query(
    `update refresh_tokens set revoked_at = coalesce(revoked_at, now())
     where family_id = (select family_id from refresh_tokens where token_hash = $1)`,
    [hashToken(token)],
  );
}

/** Password change or deactivation: every login of the user ends. */
export async function revokeAllForUser(q: Queryable, userId: number): Promise<void> {
  await q.query('update refresh_tokens set revoked_at = coalesce(revoked_at, now()) where user_id = $1', [userId]);
}
