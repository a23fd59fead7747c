import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { createHarness, type Harness } from '../helpers/server-harness';
import { linkIn, startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture';

/**
 * Security: response headers and the Content-Security-Policy on pages and API answers, refresh cookie
 * flags, and that no password, token or secret ever reaches a log line, whatever the auth flow (logger captured
 * at trace level, mails sent through a real SMTP server as in production).
 */

let h: Harness;
let smtp: SmtpCapture;
const lines: string[] = [];
const staticDir = join(tmpdir(), `astro-security-static-${randomBytes(4).toString('hex')}`);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // A minimal built app so that page responses (SPA fallback) are checked too.
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>ASTRO</title><div id="root"></div>');
  h = await createHarness({
    env: { SMTP_URL: smtp.url, JWT_SECRET: `jwt-secret-${randomBytes(24).toString('hex')}` },
    build: { staticDir, logger: { level: 'trace', stream: { write: (s: string) => lines.push(s) } } },
  });
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const cookieValue = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie].flat().find((c): c is string => typeof c === 'string' && c.startsWith(`${name}=`))?.split(';')[0].slice(name.length + 1) ?? '';

describe('security headers', () => {
  it('pages and API answers carry the CSP and the hardening headers, and no X-Powered-By', async () => {
    for (const url of ['/', '/sessions/library', '/api/countries', '/api/does-not-exist']) {
      const res = await h.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("base-uri 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBeTruthy();
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('sets the refresh token as an HttpOnly, SameSite=Strict cookie scoped to /api/auth, never in the body', async () => {
    const res = await h.login(h.racer.email, h.racer.password);
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('astro_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/i);
    const value = cookieValue(res.headers['set-cookie'], 'astro_refresh');
    expect(value.length).toBeGreaterThan(20);
    expect(res.body).not.toContain(value);
  });

  it('answers API errors as JSON without stack traces or SQL', async () => {
    const res = await h.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).not.toMatch(/at .*\.ts:\d+|node_modules|select |insert /i);
  });
});

describe('secrets in logs', () => {
  it('no password, access token, refresh token, mail token or secret appears in any log line during every auth flow', async () => {
    const secrets: string[] = [h.config.jwtSecret, h.admin.password, h.racer.password, h.other.password, h.admin.accessToken, h.racer.accessToken];
    const email = `log-check-${randomBytes(3).toString('hex')}@example.test`;
    const password = `Pw-${randomBytes(8).toString('hex')}`;
    const newPassword = `New-${randomBytes(8).toString('hex')}`;
    secrets.push(password, newPassword);

    const reg = await h.inject({ method: 'POST', url: '/api/auth/register', payload: { email, firstName: 'Log', lastName: 'Check', password, confirmPassword: password } });
    expect(reg.statusCode).toBe(201);
    const verifyToken = linkIn(await smtp.waitFor(email, { subject: /Verify/ }), '/verify').searchParams.get('token')!;
    secrets.push(verifyToken);
    // Unverified login (403), resend, then verify.
    expect((await h.login(email, password)).statusCode).toBe(403);
    expect((await h.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email } })).statusCode).toBe(200);
    const verifyToken2 = linkIn(await smtp.waitFor(email, { subject: /Verify/ }), '/verify').searchParams.get('token')!;
    secrets.push(verifyToken2);
    expect((await h.inject({ method: 'GET', url: `/api/auth/verify?token=${encodeURIComponent(verifyToken2)}` })).statusCode).toBe(200);

    // Wrong password, right password, refresh rotation, reuse of the old refresh token, logout.
    expect((await h.login(email, `${password}x`)).statusCode).toBe(401);
    secrets.push(`${password}x`);
    const login = await h.login(email, password);
    expect(login.statusCode).toBe(200);
    const access = (login.json() as { accessToken: string }).accessToken;
    const refresh1 = cookieValue(login.headers['set-cookie'], 'astro_refresh');
    secrets.push(access, refresh1);
    expect((await h.inject({ method: 'GET', url: '/api/sessions', headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(200);
    expect((await h.inject({ method: 'GET', url: '/api/sessions', headers: { authorization: `Bearer ${access}x` } })).statusCode).toBe(401);
    const refreshed = await h.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `astro_refresh=${refresh1}` } });
    expect(refreshed.statusCode).toBe(200);
    const refresh2 = cookieValue(refreshed.headers['set-cookie'], 'astro_refresh');
    secrets.push(refresh2, (refreshed.json() as { accessToken: string }).accessToken);
    expect((await h.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `astro_refresh=${refresh1}` } })).statusCode).toBe(401);
    expect((await h.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `astro_refresh=${refresh2}` } })).statusCode).toBe(200);

    // Password reset through the mailed link; a wrong reset token too.
    expect((await h.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } })).statusCode).toBe(200);
    const resetToken = linkIn(await smtp.waitFor(email, { subject: /Reset/ }), '/change-password').searchParams.get('token')!;
    secrets.push(resetToken);
    const changed = await h.inject({
      method: 'POST',
      url: `/api/auth/change-password?token=${encodeURIComponent(resetToken)}`,
      payload: { password: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    expect((await h.inject({ method: 'POST', url: `/api/auth/change-password?token=${encodeURIComponent(resetToken)}`, payload: { password: newPassword } })).statusCode).toBe(400);
    expect((await h.login(email, newPassword)).statusCode).toBe(200);

    // A request that fails with a 500 is logged with its error: the Authorization header must not come along.
    await h.app.db.query('alter table countries rename to countries_away');
    try {
      expect((await h.inject({ method: 'GET', url: '/api/countries', headers: { authorization: `Bearer ${access}`, cookie: `astro_refresh=${refresh2}` } })).statusCode).toBe(500);
    } finally {
      await h.app.db.query('alter table countries_away rename to countries');
    }

    const log = lines.join('');
    // The capture really saw the flows (otherwise the test could not fail).
    expect(log).toContain('/api/auth/login');
    expect(log).toContain('/api/auth/verify?token=[redacted]');
    expect(log).toContain('request failed');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(7);
      const leaking = lines.filter((l) => l.includes(secret) || l.includes(encodeURIComponent(secret)));
      expect(leaking, `a log line contains a secret (${secret.slice(0, 4)}...)`).toEqual([]);
    }
    expect(log).not.toMatch(/authorization|astro_refresh=/i);
  });
});

describe('rate limits', () => {
  it('a limited auth call answers 429 with Retry-After and is allowed again once the window has passed', async () => {
    const limited = await createHarness({ config: { rateLimits: { authPerIp: 3, authPerEmail: 100, windowMs: 1500 } } });
    try {
      const call = () => limited.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: 'window@example.test' }, remoteAddress: '10.9.9.9' });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await call()).statusCode);
      const blocked = await call();
      expect(statuses).toEqual([200, 200, 200]);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
      await new Promise((r) => setTimeout(r, 1700));
      expect((await call()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('missing-translation reports are limited per client so they cannot flood the table', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await h.inject({ method: 'POST', url: '/api/translations/missing', payload: { locale: 'en-us', keys: [`fuzz.k${i}`] }, remoteAddress: '10.8.8.8' });
      statuses.push(res.statusCode);
    }
    // At most 20 a day (and 30 a minute) from one address.
    expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 204));
    expect(new Set(statuses.slice(20))).toEqual(new Set([429]));
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
