import type { Db } from '../db/db';
import { issueOneTimeToken } from './one-time-tokens';

/**
 * Registering an address whose account is not verified yet: the account cannot be used before its address is
 * verified, so nobody owns it yet, and the registration that counts is the latest. Its password and name replace the
 * pending ones and a new verification link is issued; every earlier link stops working. So someone who registered
 * the address first (an attacker) loses it as soon as its owner registers, and the link the owner receives verifies
 * the owner's own password.
 *
 * Returns the new verification token, or null when the account got verified in the meantime (nothing changed).
 */
export async function replacePendingRegistration(
  db: Db,
  userId: number,
  registration: { firstName: string; lastName: string; passwordHash: string },
): Promise<string | null> {
  return db.tx(async (q) => {
    const rows = await q.query(
      `update users set password_hash = $2, first_name = $3, last_name = $4, updated_at = now()
       where id = $1 and not verified returning id`,
      [userId, registration.passwordHash, registration.firstName, registration.lastName],
    );
    return rows.length ? issueOneTimeToken(q, userId, 'verify') : null;
  });
}
