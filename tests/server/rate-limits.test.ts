import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { KNOWN_CLIENT_COOKIE } from '../../server/auth/known-client';

/** Login, register, reset and resend are rate-limited per IP and per e-mail address. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    config: { rateLimits: { authPerIp: 6, authPerEmail: 3, windowMs: 60_000, login: { perClient: 3, clientWindowMs: 60_000, perAddress: 6, addressWindowMs: 60_000 } } },
  });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

const fromIp = (ip: string, url: string, payload: object) => h.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('auth rate limits', () => {
  it('wrong passwords from other clients never lock the owner out: failures count per address and client', async () => {
    const victim = await h.createUser({ login: false });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fromIp('10.0.1.1', '/api/auth/login', { email: victim.email, password: 'wrong-password' })).statusCode);
    // That client is blocked, before its password is even checked...
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await fromIp('10.0.1.1', '/api/auth/login', { email: victim.email, password: victim.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', messageId: expect.stringMatching(/^tooManyFailedLogins/), params: { minutes: expect.any(Number) } });
    // ...the owner, from their own client, is not.
    expect((await fromIp('10.0.1.99', '/api/auth/login', { email: victim.email, password: victim.password })).statusCode).toBe(200);
    // Another address is not affected either.
    expect((await fromIp('10.0.1.2', '/api/auth/login', { email: h.other.email, password: h.other.password })).statusCode).toBe(200);
  });

  it('a correct password clears the client\'s failures', async () => {
    const u = await h.createUser({ login: false });
    const attempt = (password: string) => fromIp('10.0.6.1', '/api/auth/login', { email: u.email, password }).then((r) => r.statusCode);
    const statuses = [await attempt('wrong-1'), await attempt('wrong-2'), await attempt(u.password), await attempt('wrong-3'), await attempt('wrong-4'), await attempt(u.password)];
    expect(statuses).toEqual([401, 401, 200, 401, 401, 200]);
  });

  it('past the per-address backstop only clients that logged in to the address before get their password checked', async () => {
    const owner = await h.createUser({ login: false });
    const first = await fromIp('10.0.7.1', '/api/auth/login', { email: owner.email, password: owner.password });
    expect(first.statusCode).toBe(200);
    const known = [first.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith(`${KNOWN_CLIENT_COOKIE}=`));
    expect(known).toMatch(/HttpOnly/i);
    const knownCookie = known!.split(';')[0];

    // Guesses from many addresses, each under its own limit, reach the address's backstop (6 here).
    for (let i = 0; i < 6; i++) expect((await fromIp(`10.0.8.${i + 1}`, '/api/auth/login', { email: owner.email, password: `guess-${i}` })).statusCode).toBe(401);
    expect((await fromIp('10.0.8.50', '/api/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(429);
    // The owner's browser, even on a new network, still logs in; a wrong password from it is still refused as wrong.
    const withCookie = (password: string) => h.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password }, remoteAddress: '10.0.9.1', headers: { cookie: knownCookie } });
    expect((await withCookie('not-it')).statusCode).toBe(401);
    expect((await withCookie(owner.password)).statusCode).toBe(200);
    // A cookie made for another address does not open this one.
    const otherLogin = await fromIp('10.0.7.2', '/api/auth/login', { email: h.other.email, password: h.other.password });
    const otherCookie = [otherLogin.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith(`${KNOWN_CLIENT_COOKIE}=`))!.split(';')[0];
    const foreign = await h.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: owner.password }, remoteAddress: '10.0.9.2', headers: { cookie: otherCookie } });
    expect(foreign.statusCode).toBe(429);
  });

  it('limits requests per IP across different e-mail addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await fromIp('10.0.2.1', '/api/auth/reset-password', { email: `someone${i}@example.test` })).statusCode);
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    // Another IP still gets through.
    expect((await fromIp('10.0.2.2', '/api/auth/reset-password', { email: 'someone0@example.test' })).statusCode).toBe(200);
  });

  it('limits register and resend-verification per address', async () => {
    const email = 'flood@example.test';
    const reg: number[] = [];
    for (let i = 0; i < 4; i++) {
      reg.push((await fromIp(`10.0.3.${i + 1}`, '/api/auth/register', { email, firstName: 'F', password: 'password-123', confirmPassword: 'password-123' })).statusCode);
    }
    expect(reg).toEqual([201, 201, 201, 429]);
    const resend: number[] = [];
    for (let i = 0; i < 4; i++) resend.push((await fromIp(`10.0.4.${i + 1}`, '/api/auth/resend-verification', { email })).statusCode);
    expect(resend).toEqual([200, 200, 200, 429]);
  });

  it('does not let a client pick its rate-limit key with X-Forwarded-For (no proxy configured)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await h.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: `spoof${i}@example.test` },
        remoteAddress: '10.0.5.1',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it('does not rate-limit ordinary data calls', async () => {
    const statuses = await Promise.all(Array.from({ length: 30 }, () => h.inject({ method: 'GET', url: '/api/countries' }).then((r) => r.statusCode)));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});
