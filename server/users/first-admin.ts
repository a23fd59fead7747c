import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/db';
import { hashPassword } from '../auth/passwords';
import { insertUser } from './user-store';

/**
 * Makes sure an admin exists. On the first start (no admin yet) it creates ADMIN_EMAIL with ADMIN_PASSWORD, or
 * with a generated password that is printed once (to stdout, through `print`) and never stored in clear.
 * Returns the generated password when one was made (tests), else null. Runs in one transaction under an advisory
 * lock, so API processes starting together on one PostgreSQL create one admin, not a unique-key error.
 */
export async function ensureFirstAdmin(db: Db, config: Pick<Config, 'adminEmail' | 'adminPassword'>, print: (line: string) => void): Promise<string | null> {
  const generated = await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [FIRST_ADMIN_LOCK_KEY]);
    return createFirstAdmin(q, config);
  });
  if (generated) {
    print(`First admin created: ${config.adminEmail} with the generated password ${generated} (shown once; change it after logging in).`);
  }
  return generated;
}

/** Key of the advisory lock around the first admin's creation. */
const FIRST_ADMIN_LOCK_KEY = 42_570_701;

async function createFirstAdmin(db: Queryable, config: Pick<Config, 'adminEmail' | 'adminPassword'>): Promise<string | null> {
  const existing = await db.query<{ id: number }>(`select id from users where role = 'admin' limit 1`);
  if (existing.length) return null;
  const taken = await db.query<{ id: number }>('select id from users where lower(email) = lower($1)', [config.adminEmail]);
  if (taken.length) {
    // The address is a racer's: promote it only when the operator gave its password explicitly.
    if (!config.adminPassword) throw new Error(`ADMIN_EMAIL ${config.adminEmail} belongs to an existing non-admin user; set ADMIN_PASSWORD to promote it.`);
    await db.query(`update users set role = 'admin', verified = true, active = true, password_hash = $2, updated_at = now() where id = $1`, [
      taken[0].id,
      await hashPassword(config.adminPassword),
    ]);
    return null;
  }
  const generated = config.adminPassword ? null : randomBytes(12).toString('base64url');
  const password = config.adminPassword ?? generated!;
  await insertUser(db, {
    email: config.adminEmail,
    firstName: 'Admin',
    lastName: '',
    passwordHash: await hashPassword(password),
    role: 'admin',
    active: true,
    verified: true,
  });
  return generated;
}
