import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newToken } from './random-token';

/**
 * "This browser has logged in to this account before": an httpOnly cookie set on every successful login, read by the
 * login limiter so that a flood of wrong passwords from elsewhere, or from others behind the same IP, never locks
 * the owner out.
 *
 * The cookie holds a random id of the device, then one entry per account used on it (at most MAX_ACCOUNTS):
 * `<deviceId>.<userId>~<expiresAt>~<tag>...`, the tag an HMAC (the server's secret) of the device id, the user id,
 * the user's token version and the expiry (seconds). So an entry:
 * - differs from device to device and cannot be forged or moved to another account or device;
 * - ends with the token version: a password reset or change makes every entry taken before it worthless (the next
 *   login on the device writes a new one);
 * - expires KNOWN_DEVICE_TTL_S after the last login on the device.
 * Nothing is kept on the server, so it works across restarts and across API processes sharing the secret.
 * @internal Exported for its tests.
 */
export const KNOWN_CLIENT_COOKIE = 'astro_known';
const MAX_ACCOUNTS = 5;
/**
 * How long a device stays known after its last login to the account: 90 days.
 * @internal Exported for its tests.
 */
export const KNOWN_DEVICE_TTL_S = 90 * 24 * 3600;
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;
const ENTRY = /^(\d{1,10})~(\d{1,12})~([A-Za-z0-9_-]{22})$/;

/** The account a device entry is bound to. */
export interface KnownAccount {
  id: number;
  tokenVersion: number;
}

interface Entry {
  userId: number;
  expiresAtS: number;
  tag: string;
}

function tagOf(secret: string, deviceId: string, account: KnownAccount, expiresAtS: number): string {
  return createHmac('sha256', secret)
    .update(`known-device\0${deviceId}\0${account.id}\0${account.tokenVersion}\0${expiresAtS}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * The device id and entries of a cookie value; malformed parts are dropped, never trusted.
 * @internal Exported for its tests.
 */
export function parseKnownCookie(raw: unknown): { deviceId: string | null; entries: Entry[] } {
  if (typeof raw !== 'string' || raw.length > 1000) return { deviceId: null, entries: [] };
  const [deviceId, ...rest] = raw.split('.');
  if (!DEVICE_ID.test(deviceId)) return { deviceId: null, entries: [] };
  const entries: Entry[] = [];
  for (const part of rest.slice(0, MAX_ACCOUNTS)) {
    const m = ENTRY.exec(part);
    if (m) entries.push({ userId: Number(m[1]), expiresAtS: Number(m[2]), tag: m[3] });
  }
  return { deviceId, entries };
}

const sameTag = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The device's id when its cookie holds a valid, unexpired entry for this account at its current token version. */
export function knownDevice(request: FastifyRequest, secret: string, account: KnownAccount | null, nowMs = Date.now()): string | null {
  if (!account) return null;
  const { deviceId, entries } = parseKnownCookie(request.cookies[KNOWN_CLIENT_COOKIE]);
  if (!deviceId) return null;
  const nowS = Math.floor(nowMs / 1000);
  const ok = entries.some((e) => e.userId === account.id && e.expiresAtS > nowS && sameTag(e.tag, tagOf(secret, deviceId, account, e.expiresAtS)));
  return ok ? deviceId : null;
}

/** After a successful login: this account's entry (new, or renewed for another KNOWN_DEVICE_TTL_S) first. */
export function rememberKnownDevice(request: FastifyRequest, reply: FastifyReply, secret: string, account: KnownAccount, secure: boolean, nowMs = Date.now()): void {
  const parsed = parseKnownCookie(request.cookies[KNOWN_CLIENT_COOKIE]);
  const deviceId = parsed.deviceId ?? newToken();
  const nowS = Math.floor(nowMs / 1000);
  const expiresAtS = nowS + KNOWN_DEVICE_TTL_S;
  const others = parsed.entries.filter((e) => e.userId !== account.id && e.expiresAtS > nowS).map((e) => `${e.userId}~${e.expiresAtS}~${e.tag}`);
  const value = [deviceId, `${account.id}~${expiresAtS}~${tagOf(secret, deviceId, account, expiresAtS)}`, ...others].slice(0, MAX_ACCOUNTS + 1).join('.');
  reply.setCookie(KNOWN_CLIENT_COOKIE, value, { httpOnly: true, sameSite: 'strict', secure, path: '/api/auth', maxAge: KNOWN_DEVICE_TTL_S });
}
