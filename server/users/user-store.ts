import type { User } from '../../src/contracts/entities';
import type { Role } from '../../src/contracts/auth';
import type { Queryable } from '../db/db';
import { iso } from '../validate';

/** Columns selected for a User (never the password hash); `birthdate` as YYYY-MM-DD text. */
export const USER_COLUMNS = `u.id, u.email, u.first_name, u.last_name, to_char(u.birthdate, 'YYYY-MM-DD') as birthdate,
  u.country_id, u.licence_id, u.active, u.verified, u.firmware_version, u.role, u.created_at, u.updated_at`;

export interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  birthdate: string | null;
  country_id: number | null;
  licence_id: string | null;
  active: boolean;
  verified: boolean;
  firmware_version: string | null;
  role: Role;
  created_at: Date;
  updated_at: Date;
}

export function toUser(r: UserRow): User {
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    birthdate: r.birthdate,
    countryId: r.country_id,
    licenceId: r.licence_id,
    active: r.active,
    verified: r.verified,
    firmwareVersion: r.firmware_version,
    role: r.role,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export async function findUserById(q: Queryable, id: number): Promise<User | null> {
  const [row] = await q.query<UserRow>(`select ${USER_COLUMNS} from users u where u.id = $1`, [id]);
  return row ? toUser(row) : null;
}

export interface UserWithHash extends User {
  passwordHash: string;
  /** Bumped by a password change or reset and by deactivation (access tokens and known devices carry it). */
  tokenVersion: number;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserWithHash | null> {
  const [row] = await q.query<UserRow & { password_hash: string; token_version: number }>(
    `select ${USER_COLUMNS}, u.password_hash, u.token_version from users u where lower(u.email) = lower($1)`,
    [email],
  );
  return row ? { ...toUser(row), passwordHash: row.password_hash, tokenVersion: row.token_version } : null;
}

export async function insertUser(
  q: Queryable,
  u: { email: string; firstName: string; lastName: string; passwordHash: string; role: Role; active: boolean; verified: boolean },
): Promise<User> {
  const [row] = await q.query<UserRow>(
    `insert into users as u (email, first_name, last_name, password_hash, role, active, verified)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${USER_COLUMNS}`,
    [u.email.toLowerCase(), u.firstName, u.lastName, u.passwordHash, u.role, u.active, u.verified],
  );
  return toUser(row);
}
