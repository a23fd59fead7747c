import { userSchema, type User } from '../../contracts/entities';
import { makeAuthUser, type AuthUser } from '../auth/auth-user';
import type { AstroDb } from '../db/database';
import { profileRowSchema, type ProfileRow } from '../db/rows';

/**
 * The signed-in user's profile kept in IndexedDB so the installed app can start offline as the last user
 * (the installed app starts offline). kv 'lastUserId' names which profile row is the last signed-in user.
 */
const LAST_USER_KEY = 'lastUserId';

export interface ProfileStore {
  saveSignedInUser(user: AuthUser): Promise<void>;
  loadLastUser(): Promise<AuthUser | null>;
  forgetUser(userId: number): Promise<void>;
}

export function createProfileRepository(db: () => AstroDb) {
  return {
    async saveSignedInUser(user: AuthUser): Promise<void> {
      await db().transaction('rw', db().profile, db().kv, async () => {
        const existing = await db().profile.get(user.id);
        const row: ProfileRow = {
          userId: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          savedAt: new Date().toISOString(),
          user: existing?.user ?? null,
        };
        await db().profile.put(row);
        await db().kv.put({ key: LAST_USER_KEY, value: user.id });
      });
    },

    async loadLastUser(): Promise<AuthUser | null> {
      const last = await db().kv.get(LAST_USER_KEY);
      if (typeof last?.value !== 'number') return null;
      const parsed = profileRowSchema.safeParse(await db().profile.get(last.value));
      if (!parsed.success) return null;
      const p = parsed.data;
      return makeAuthUser({ id: p.userId, email: p.email, firstName: p.firstName, lastName: p.lastName, role: p.role });
    },

    async forgetUser(userId: number): Promise<void> {
      await db().transaction('rw', db().profile, db().kv, async () => {
        await db().profile.delete(userId);
        const last = await db().kv.get(LAST_USER_KEY);
        if (last?.value === userId) await db().kv.delete(LAST_USER_KEY);
      });
    },

    /** Keeps the full user record (GET /users/{id}) next to the token snapshot for the profile screen offline. */
    async saveFullUser(user: User): Promise<void> {
      await db().profile.update(user.id, { user });
    },

    async loadFullUser(userId: number): Promise<User | null> {
      const row = await db().profile.get(userId);
      const parsed = userSchema.safeParse(row?.user);
      return parsed.success ? parsed.data : null;
    },
  } satisfies ProfileStore & Record<string, unknown>;
}
