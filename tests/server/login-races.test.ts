import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { KNOWN_CLIENT_COOKIE } from '../../server/auth/known-client';
import { DEFAULT_LOGIN_LIMITS } from '../../server/auth/login-limiter';
import { issueOneTimeToken } from '../../server/auth/one-time-tokens';

/**
 * The login limiter under concurrent guesses, behind a shared address (NAT) and with a known-device cookie taken
 * from the owner: the attempt is counted before the password is checked, a known device counts apart from the
 * others on its network, and the cookie ends with a password reset.
 */
let h: Harness;
beforeAll(async () => {
  // The production limits: 10 wrong passwords per client and address, 50 per address.
  h = await createHarness({ config: { rateLimits: { authPerIp: 10_000, authPerEmail: 10_000, windowMs: 60_000, login: DEFAULT_LOGIN_LIMITS } } });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

const login = (email: string, password: string, ip: string, cookie?: string) =>
  h.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip, headers: cookie ? { cookie } : {} });
const knownCookieOf = (res: LightMyRequestResponse): string | undefined =>
  [res.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith(`${KNOWN_CLIENT_COOKIE}=`))?.split(';')[0];
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

describe('login attempts are counted before the password is checked', () => {
  it('30 concurrent wrong passwords from one client get 10 answers 401 and 20 answers 429', { timeout: 120_000 }, async () => {
    const victim = await h.createUser({ login: false });
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => login(victim.email, `guess-${i}`, '10.1.0.1').then((r) => r.statusCode)));
    expect(tally(statuses)).toEqual({ 401: DEFAULT_LOGIN_LIMITS.perClient, 429: 30 - DEFAULT_LOGIN_LIMITS.perClient });
  });

  it('4 and then 6 clients sending 30 concurrent guesses each never get more passwords checked than the backstop', { timeout: 240_000 }, async () => {
    const victim = await h.createUser({ login: false });
    const wave = (ips: string[]) =>
      Promise.all(ips.flatMap((ip) => Array.from({ length: 30 }, (_, i) => login(victim.email, `guess-${ip}-${i}`, ip).then((r) => r.statusCode))));
    const first = tally(await wave(['10.2.0.1', '10.2.0.2', '10.2.0.3', '10.2.0.4']));
    expect(first[401]).toBe(4 * DEFAULT_LOGIN_LIMITS.perClient);
    const second = tally(await wave(['10.2.1.1', '10.2.1.2', '10.2.1.3', '10.2.1.4', '10.2.1.5', '10.2.1.6']));
    // 40 checked before, 10 left under the backstop of 50.
    expect(first[401] + (second[401] ?? 0)).toBe(DEFAULT_LOGIN_LIMITS.perAddress);
    expect(second[429]).toBe(6 * 30 - (DEFAULT_LOGIN_LIMITS.perAddress - first[401]));
  });

  it('a correct password does not count towards the backstop', { timeout: 120_000 }, async () => {
    const owner = await h.createUser({ login: false });
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.perAddress + 5; i++) expect((await login(owner.email, owner.password, `10.3.${i}.1`)).statusCode).toBe(200);
    expect((await login(owner.email, 'wrong', '10.3.200.1')).statusCode).toBe(401);
  });
});

describe('a shared address (NAT)', () => {
  it('wrong passwords from one IP do not lock out the owner\'s known device on the same IP', { timeout: 120_000 }, async () => {
    const owner = await h.createUser({ login: false });
    const ip = '10.4.0.1';
    const first = await login(owner.email, owner.password, ip);
    expect(first.statusCode).toBe(200);
    const cookie = knownCookieOf(first)!;
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.perClient; i++) expect((await login(owner.email, `guess-${i}`, ip)).statusCode).toBe(401);
    // The guesser on that IP is blocked...
    expect((await login(owner.email, owner.password, ip)).statusCode).toBe(429);
    // ...the owner's browser there is not, and its own wrong passwords are counted apart.
    expect((await login(owner.email, owner.password, ip, cookie)).statusCode).toBe(200);
    expect((await login(owner.email, 'typo', ip, cookie)).statusCode).toBe(401);
  });
});

describe('the known-device cookie', () => {
  it('differs from device to device and stops bypassing the backstop once the password is reset', { timeout: 240_000 }, async () => {
    const owner = await h.createUser({ login: false });
    const a = knownCookieOf(await login(owner.email, owner.password, '10.5.0.1'))!;
    const b = knownCookieOf(await login(owner.email, owner.password, '10.5.0.2'))!;
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);

    // Guessing from many places reaches the backstop; the cookie still lets its device in.
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.perAddress / 10; i++) {
      await Promise.all(Array.from({ length: 10 }, (_, k) => login(owner.email, `guess-${i}-${k}`, `10.6.${i}.1`)));
    }
    expect((await login(owner.email, owner.password, '10.6.100.1')).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '10.6.100.2', a)).statusCode).toBe(200);

    // A reset (the owner feared the cookie was taken): the old cookie is an unknown device from now on.
    const token = await issueOneTimeToken(h.app.db, owner.id, 'reset');
    const changed = await h.inject({ method: 'POST', url: `/api/auth/change-password?token=${token}`, payload: { password: 'a-new-password-1' } });
    expect(changed.statusCode).toBe(200);
    expect((await login(owner.email, 'a-new-password-1', '10.6.100.3', a)).statusCode).toBe(429);
  });
});
