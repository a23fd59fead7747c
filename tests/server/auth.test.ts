import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { linkIn, startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture';
import { REFRESH_COOKIE } from '../../src/contracts/auth';
import { hashToken } from '../../server/auth/random-token';

let h: Harness;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  h = await createHarness({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'ASTRO <astro@example.test>' } });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
  await smtp?.close();
}, HOOK_TIMEOUT_MS);

let n = 0;
const newEmail = () => `person${++n}-${Date.now().toString(36)}@example.test`;
const register = (email: string, password = 'password-123') =>
  h.inject({ method: 'POST', url: '/api/auth/register', payload: { email, firstName: 'Ana', lastName: 'Silva', password, confirmPassword: password } });
const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const all = [res.headers['set-cookie']].flat().filter((c): c is string => typeof c === 'string');
  return all.find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
};
const refresh = (cookie: string | undefined) => h.inject({ method: 'POST', url: '/api/auth/refresh', headers: cookie ? { cookie } : {} });

describe('register, verify by mail, log in', () => {
  it('sends a verification mail over SMTP whose link verifies the account once, then login works', async () => {
    const email = newEmail();
    const reg = await register(email);
    expect(reg.statusCode).toBe(201);

    const mail = await smtp.waitFor(email, { subject: /Verify/ });
    expect(mail.from).toBe('astro@example.test');
    const link = linkIn(mail, '/verify');
    expect(link.origin + link.pathname).toBe('http://app.example.test/verify');
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const before = await h.login(email, 'password-123');
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ code: 'NOT_VERIFIED' });

    const verify = await h.inject({ method: 'GET', url: `/api/auth/verify?token=${encodeURIComponent(token)}` });
    expect(verify.statusCode).toBe(200);
    const reuse = await h.inject({ method: 'GET', url: `/api/auth/verify?token=${encodeURIComponent(token)}` });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    const login = await h.login(email.toUpperCase(), 'password-123');
    expect(login.statusCode).toBe(200);
    const claims = decodeJwt(login.json().accessToken);
    expect(claims).toMatchObject({ sub: email, first_name: 'Ana', last_name: 'Silva', role: 'user' });
    expect(typeof claims.id).toBe('number');
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(15 * 60);
  });

  it('stores only hashes of verification tokens', async () => {
    const email = newEmail();
    await register(email);
    const token = linkIn(await smtp.waitFor(email), '/verify').searchParams.get('token')!;
    const rows = await h.app.db.query<{ token_hash: string }>(
      "select t.token_hash from one_time_tokens t join users u on u.id = t.user_id where u.email = $1 and t.kind = 'verify'",
      [email],
    );
    expect(rows.map((r) => r.token_hash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses an expired verification link', async () => {
    const email = newEmail();
    await register(email);
    const token = linkIn(await smtp.waitFor(email), '/verify').searchParams.get('token')!;
    await h.app.db.query(`update one_time_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [hashToken(token)]);
    expect((await h.inject({ method: 'GET', url: `/api/auth/verify?token=${token}` })).statusCode).toBe(400);
  });

  it('answers a second registration of an address as the first; rejects mismatched confirmation, short password and unknown fields with 4xx', async () => {
    const email = newEmail();
    const first = await register(email);
    expect(first.statusCode).toBe(201);
    const dup = await register(email.toUpperCase());
    expect(dup.statusCode).toBe(201);
    expect(dup.body).toBe(first.body);
    const mismatch = await h.inject({ method: 'POST', url: '/api/auth/register', payload: { email: newEmail(), firstName: 'A', password: 'password-123', confirmPassword: 'password-124' } });
    expect(mismatch.statusCode).toBe(400);
    expect((await register(newEmail(), 'short')).statusCode).toBe(400);
    const extra = await h.inject({ method: 'POST', url: '/api/auth/register', payload: { email: newEmail(), firstName: 'A', password: 'password-123', confirmPassword: 'password-123', role: 'admin' } });
    expect(extra.statusCode).toBe(400);
  });

  it('resend-verification answers the same for unknown, verified and unverified addresses, and mails only the unverified', async () => {
    const email = newEmail();
    await register(email);
    await smtp.waitFor(email);
    const answers = await Promise.all(
      [email, 'nobody-at-all@example.test', h.racer.email].map((e) => h.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email: e } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const mail = await smtp.waitFor(email);
    // Only the newest link works.
    const token = linkIn(mail, '/verify').searchParams.get('token')!;
    expect((await h.inject({ method: 'GET', url: `/api/auth/verify?token=${token}` })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.filter((m) => m.to.includes(h.racer.email.toLowerCase()) || m.to.includes('nobody-at-all@example.test'))).toEqual([]);
  });

  it('tells an inactive account why it cannot log in, only after the right password', async () => {
    const u = await h.createUser({ active: false });
    const right = await h.login(u.email, u.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'INACTIVE' });
    const wrong = await h.login(u.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const unknown = await h.login('nobody@example.test', 'not-the-password');
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('password reset', () => {
  it('answers the same whether or not the address exists, mails a 1 h single-use link that changes the password', async () => {
    const u = await h.createUser();
    const known = await h.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: u.email } });
    const unknown = await h.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: 'ghost@example.test' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);

    const link = linkIn(await smtp.waitFor(u.email, { subject: /Reset/ }), '/change-password');
    expect(link.pathname).toBe('/change-password');
    const token = link.searchParams.get('token')!;
    const [row] = await h.app.db.query<{ secs: number }>('select extract(epoch from expires_at - created_at)::int as secs from one_time_tokens where token_hash = $1', [hashToken(token)]);
    expect(row.secs).toBe(3600);

    const change = await h.inject({ method: 'POST', url: `/api/auth/change-password?token=${token}`, payload: { password: 'brand-new-pass' } });
    expect(change.statusCode).toBe(200);
    expect((await h.login(u.email, u.password)).statusCode).toBe(401);
    expect((await h.login(u.email, 'brand-new-pass')).statusCode).toBe(200);
    const again = await h.inject({ method: 'POST', url: `/api/auth/change-password?token=${token}`, payload: { password: 'another-pass-1' } });
    expect(again.statusCode).toBe(400);
    // The old login (refresh family) ended with the password change.
    expect((await refresh(u.refreshCookie)).statusCode).toBe(401);
  });

  it('a verification token cannot be used as a reset token', async () => {
    const email = newEmail();
    await register(email);
    const token = linkIn(await smtp.waitFor(email), '/verify').searchParams.get('token')!;
    const res = await h.inject({ method: 'POST', url: `/api/auth/change-password?token=${token}`, payload: { password: 'hijacked-pass' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('refresh tokens', () => {
  it('sets an httpOnly SameSite=Strict cookie on /api/auth, not Secure over http', async () => {
    const res = await h.login(h.racer.email, h.racer.password);
    const cookie = cookieOf(res)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('rotates on every use; reusing an old token revokes the whole family', async () => {
    const login = await h.login(h.racer.email, h.racer.password);
    const c0 = cookieOf(login)!.split(';')[0];
    const r1 = await refresh(c0);
    expect(r1.statusCode).toBe(200);
    expect(decodeJwt(r1.json().accessToken).sub).toBe(h.racer.email);
    const c1 = cookieOf(r1)!.split(';')[0];
    expect(c1).not.toBe(c0);
    const r2 = await refresh(c1);
    expect(r2.statusCode).toBe(200);
    const c2 = cookieOf(r2)!.split(';')[0];

    // c0 was already used: a replay. The family (including the current c2) dies.
    const replay = await refresh(c0);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(c2)).statusCode).toBe(401);
    // Another login of the same user (another device) is unaffected.
    expect((await refresh(h.racer.refreshCookie)).statusCode).toBe(200);
  });

  it('logout revokes the login and clears the cookie', async () => {
    const login = await h.login(h.other.email, h.other.password);
    const c = cookieOf(login)!.split(';')[0];
    const out = await h.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: c } });
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out)).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect((await refresh(c)).statusCode).toBe(401);
  });

  it('refuses a missing, unknown or expired refresh cookie', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh(`${REFRESH_COOKIE}=made-up-token`)).statusCode).toBe(401);
    const login = await h.login(h.racer.email, h.racer.password);
    const c = cookieOf(login)!.split(';')[0];
    await h.app.db.query(`update refresh_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [hashToken(c.split('=')[1])]);
    expect((await refresh(c)).statusCode).toBe(401);
  });

  it('a deactivated user can no longer refresh', async () => {
    const u = await h.createUser();
    await h.inject({ method: 'PATCH', url: `/api/admin/users/${u.id}`, headers: h.admin.headers, payload: { active: false } });
    expect((await refresh(u.refreshCookie)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('rejects a tampered, foreign-key or expired token with 401', async () => {
    const [head, body, sig] = h.racer.accessToken.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url');
    for (const token of [`${head}.${forged}.${sig}`, `${head}.${body}.${sig.slice(0, -2)}AA`, 'x.y.z', `eyJhbGciOiJub25lIn0.${body}.`]) {
      const res = await h.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, token).toBe(401);
    }
    const { signAccessToken } = await import('../../server/auth/access-token');
    const old = await signAccessToken({ id: h.racer.id, email: h.racer.email, firstName: 'Rita', lastName: '', role: 'user', tokenVersion: 0 }, h.config.jwtSecret, Date.now() - 16 * 60_000);
    const expired = await h.inject({ method: 'GET', url: '/api/sessions', headers: { authorization: `Bearer ${old}` } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('check-admin answers 200 for an admin and 403 for a racer', async () => {
    expect((await h.inject({ method: 'GET', url: '/api/auth/check-admin', headers: h.admin.headers })).statusCode).toBe(200);
    expect((await h.inject({ method: 'GET', url: '/api/auth/check-admin', headers: h.racer.headers })).statusCode).toBe(403);
  });
});

describe('mail without SMTP_URL', () => {
  it('writes .eml files into DATA_DIR/mail and logs only the link', { timeout: HOOK_TIMEOUT_MS }, async () => {
    const lines: string[] = [];
    const stream = { write: (s: string) => lines.push(s) };
    const local = await createHarness({ build: { logger: { level: 'info', stream } } });
    try {
      const email = 'eml-user@example.test';
      const res = await local.inject({ method: 'POST', url: '/api/auth/register', payload: { email, firstName: 'E', password: 'secret-pass-1', confirmPassword: 'secret-pass-1' } });
      expect(res.statusCode).toBe(201);
      // The mail is written after the answer.
      const files = await vi.waitFor(
        () => {
          const found = existsSync(join(local.dataDir, 'mail')) ? readdirSync(join(local.dataDir, 'mail')).filter((f) => f.endsWith('.eml')) : [];
          expect(found.length).toBe(1);
          return found;
        },
        { timeout: 10_000, interval: 50 },
      );
      const eml = readFileSync(join(local.dataDir, 'mail', files[0]), 'utf8');
      expect(eml).toContain(`To: ${email}`);
      const log = lines.join('');
      const m = /Link: (http:\/\/app\.example\.test\/verify\?token=[A-Za-z0-9_-]+)/.exec(log);
      expect(m).not.toBeNull();
      expect(log).not.toContain('secret-pass-1');
      // The verify request is logged with the token redacted.
      await local.inject({ method: 'GET', url: `/api/auth/verify?token=${new URL(m![1]).searchParams.get('token')}` });
      const token = new URL(m![1]).searchParams.get('token')!;
      expect(lines.join('').split(token).length - 1).toBe(1);
    } finally {
      await local.close();
    }
  });
});
