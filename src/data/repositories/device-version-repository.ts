import { z } from 'zod';
import type { User } from '../../contracts/entities';
import { isApiError } from '../api/api-error';
import type { AstroDb } from '../db/database';

/**
 * The firmware version ASTRO last reported to this user (User.firmwareVersion): recorded here at once when the
 * device says it (GET_VERSION on connect, again after a firmware update), offline too, and sent to the server with
 * PATCH /users/{id} when it can be; an unsent one waits in IndexedDB (kv 'deviceVersion:<userId>') and goes out on
 * the next flush (coming back online, the data layer starting). The newest one seen wins: a later version replaces
 * an unsent earlier one, so the server only ever gets the last.
 */
const deviceVersionSeenSchema = z.object({
  version: z.string().min(1).max(20),
  /** ISO time the device reported it. */
  seenAt: z.string(),
  /** True once the server has it. */
  sent: z.boolean(),
});
export type DeviceVersionSeen = z.infer<typeof deviceVersionSeenSchema>;

export interface DeviceVersionDeps {
  db: () => AstroDb;
  /** PATCH /users/{id} with the version; answers the updated user. */
  send: (userId: number, firmwareVersion: string) => Promise<User>;
  /** Keeps the server's answer as the profile's copy (shown offline). */
  saveUser?: (user: User) => Promise<void>;
  currentUserId: () => number | null;
  now?: () => Date;
}

const keyOf = (userId: number) => `deviceVersion:${userId}`;

export function createDeviceVersionRepository(deps: DeviceVersionDeps) {
  const now = deps.now ?? (() => new Date());

  async function seen(userId: number): Promise<DeviceVersionSeen | null> {
    const parsed = deviceVersionSeenSchema.safeParse((await deps.db().kv.get(keyOf(userId)))?.value);
    return parsed.success ? parsed.data : null;
  }

  /** Sends the signed-in user's unsent version; true when nothing is left to send. Offline it waits quietly. */
  async function flush(): Promise<boolean> {
    const userId = deps.currentUserId();
    if (userId === null) return false;
    const pending = await seen(userId);
    if (!pending || pending.sent) return true;
    try {
      const user = await deps.send(userId, pending.version);
      await deps.db().transaction('rw', deps.db().kv, async () => {
        // Only mark what was sent: a newer version recorded meanwhile stays unsent for the next flush.
        const latest = await seen(userId);
        if (latest && latest.version === pending.version && latest.seenAt === pending.seenAt) await deps.db().kv.put({ key: keyOf(userId), value: { ...latest, sent: true } });
      });
      await deps.saveUser?.(user).catch(() => undefined);
      return true;
    } catch (error) {
      // Offline or the server down: kept for the next flush. Anything else (refused) is not retried forever.
      if (isApiError(error) && (error.offline || error.status >= 500)) return false;
      throw error;
    }
  }

  return {
    seen,
    flush,
    /** Records what ASTRO reported for the signed-in user, then tries to send it. Never throws. */
    async record(version: string): Promise<void> {
      const userId = deps.currentUserId();
      const v = version.trim();
      if (userId === null || v === '' || v.length > 20) return;
      const before = await seen(userId);
      if (before?.version === v && before.sent) return;
      await deps.db().kv.put({ key: keyOf(userId), value: { version: v, seenAt: now().toISOString(), sent: false } satisfies DeviceVersionSeen });
      await flush().catch(() => undefined);
    },
  };
}

/**
 * The version the profile shows: this device's record when the server does not have it yet (or the server's copy
 * is not at hand), else the server's (which another device may have reported since).
 */
export function shownFirmwareVersion(user: Pick<User, 'firmwareVersion'> | null, local: DeviceVersionSeen | null): { version: string | null; unsent: boolean } {
  if (local && (!local.sent || !user)) return { version: local.version, unsent: !local.sent };
  return { version: user?.firmwareVersion || local?.version || null, unsent: false };
}
