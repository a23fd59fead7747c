import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';

/** Login, register, reset and resend are rate-limited per IP and per e-mail address. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { rateLimits: { authPerIp: 6, authPerEmail: 3, windowMs: 60_000 } } });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

const fromIp = (ip: string, url: string, payload: object) => h.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('auth rate limits', () => {
  it('limits wrong-password logins per e-mail address even when they come from different IPs', async () => {
    const victim = await h.createUser({ login: false });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fromIp(`10.0.1.${i + 1}`, '/api/auth/login', { email: victim.email, password: 'wrong-password' })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await fromIp('10.0.1.99', '/api/auth/login', { email: victim.email, password: victim.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address is not affected.
    expect((await fromIp('10.0.1.98', '/api/auth/login', { email: h.other.email, password: h.other.password })).statusCode).toBe(200);
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
    expect(reg).toEqual([201, 409, 409, 429]);
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
