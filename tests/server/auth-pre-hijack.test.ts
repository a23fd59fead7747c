import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { linkIn, startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture';
import { issueOneTimeToken } from '../../server/auth/one-time-tokens';
import { driverName } from '../../server/leaderboards/leaderboard-store';

/**
 * No one takes an account by registering its address first, and no user-chosen text reaches a mailbox that has not
 * proved it wants it: the address's owner, registering after an attacker, ends with their own password and name;
 * names with control or bidi characters are refused; mails to unverified addresses carry no name.
 */
let h: Harness;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  h = await createHarness({ env: { SMTP_URL: smtp.url } });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
  await smtp?.close();
}, HOOK_TIMEOUT_MS);

let n = 0;
const newEmail = () => `victim${++n}-${Date.now().toString(36)}@example.test`;
const register = (email: string, password: string, firstName: string, lastName = '') =>
  h.inject({ method: 'POST', url: '/api/auth/register', payload: { email, firstName, lastName, password, confirmPassword: password } });
const verify = (link: URL) => h.inject({ method: 'GET', url: `/api/auth/verify?token=${encodeURIComponent(link.searchParams.get('token')!)}` });

describe('account pre-hijacking', () => {
  it('the owner registering after an attacker verifies their own password and name; the attacker\'s link and password stop working', { timeout: 60_000 }, async () => {
    const email = newEmail();
    expect((await register(email, 'attacker-pass-1', 'Mallory', 'Evil')).statusCode).toBe(201);
    const attackersLink = linkIn(await smtp.waitFor(email, { subject: /Verify/ }), '/verify');
    expect((await register(email, 'victim-pass-1', 'Vera', 'Lopes')).statusCode).toBe(201);
    const ownersLink = linkIn(await smtp.waitFor(email, { subject: /Verify/ }), '/verify');

    expect((await verify(attackersLink)).statusCode).toBe(400);
    expect((await verify(ownersLink)).statusCode).toBe(200);
    const login = await h.login(email, 'victim-pass-1');
    expect(login.statusCode).toBe(200);
    expect(decodeJwt(login.json().accessToken)).toMatchObject({ first_name: 'Vera', last_name: 'Lopes' });
    expect((await h.login(email, 'attacker-pass-1')).statusCode).toBe(401);
  });

  it('a new verification link after registering again verifies the latest registration\'s password', { timeout: 60_000 }, async () => {
    const email = newEmail();
    await register(email, 'first-pass-1', 'Mallory');
    await smtp.waitFor(email, { subject: /Verify/ });
    await register(email, 'second-pass-1', 'Vera');
    await smtp.waitFor(email, { subject: /Verify/ });
    expect((await h.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email } })).statusCode).toBe(200);
    expect((await verify(linkIn(await smtp.waitFor(email, { subject: /Verify/ }), '/verify'))).statusCode).toBe(200);
    expect((await h.login(email, 'second-pass-1')).statusCode).toBe(200);
    expect((await h.login(email, 'first-pass-1')).statusCode).toBe(401);
  });

  it('registering a verified address again changes nothing on the account', { timeout: 60_000 }, async () => {
    const owner = await h.createUser({ firstName: 'Olga' });
    expect((await register(owner.email, 'attacker-pass-1', 'Mallory')).statusCode).toBe(201);
    expect((await smtp.waitFor(owner.email, { subject: /Someone tried/ })).text).toContain('Hello Olga,');
    expect((await h.login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await h.login(owner.email, 'attacker-pass-1')).statusCode).toBe(401);
  });
});

describe('names and mails', () => {
  it.each([
    ['a newline', 'Ana\nVisit https://evil.example'],
    ['a right-to-left override', 'Ana\u202Egnp.exe'],
    ['a zero-width space', 'An\u200Ba'],
    ['a lone surrogate', 'Ana\uD800'],
    ['a line separator', 'Ana\u2028Silva'],
  ])('refuses a first or last name with %s at registration, in the profile and in the admin\'s form', async (_what, name) => {
    const reg = await h.inject({ method: 'POST', url: '/api/auth/register', payload: { email: newEmail(), firstName: name, password: 'password-123', confirmPassword: 'password-123' } });
    expect(reg.statusCode).toBe(400);
    expect(reg.json()).toMatchObject({ code: 'VALIDATION' });
    const last = await h.inject({ method: 'POST', url: '/api/auth/register', payload: { email: newEmail(), firstName: 'Ana', lastName: name, password: 'password-123', confirmPassword: 'password-123' } });
    expect(last.statusCode).toBe(400);
    const profile = await h.inject({ method: 'PATCH', url: `/api/users/${h.racer.id}`, headers: h.racer.headers, payload: { lastName: name } });
    expect(profile.statusCode).toBe(400);
    const created = await h.inject({ method: 'POST', url: '/api/admin/users', headers: h.admin.headers, payload: { email: newEmail(), firstName: name, password: 'password-123' } });
    expect(created.statusCode).toBe(400);
  });

  it('accepts names in other scripts, with accents, apostrophes, joiners and emoji', async () => {
    for (const name of ["Zoë O'Brien-Núñez", 'محمد\u200Cرضا', '李小龍', 'Ana 👩\u200D🚀']) {
      const res = await h.inject({ method: 'PATCH', url: `/api/users/${h.racer.id}`, headers: h.racer.headers, payload: { firstName: name } });
      expect(res.statusCode, name).toBe(200);
    }
  });

  it('a verification mail carries no name chosen by whoever registered', { timeout: 60_000 }, async () => {
    const email = newEmail();
    expect((await register(email, 'password-123', 'Win a prize at evil.example', 'Call now')).statusCode).toBe(201);
    const mail = await smtp.waitFor(email, { subject: /Verify/ });
    expect(mail.text).not.toMatch(/evil\.example|prize|Call now/);
    expect(mail.text).toContain('Hello,');
  });

  it('a reset mail names the owner only once the address is verified', { timeout: 60_000 }, async () => {
    const unverified = await h.createUser({ firstName: 'Unproven', verified: false });
    await issueOneTimeToken(h.app.db, unverified.id, 'reset');
    expect((await h.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: unverified.email } })).statusCode).toBe(200);
    expect((await smtp.waitFor(unverified.email, { subject: /Reset/ })).text).not.toContain('Unproven');
    const verified = await h.createUser({ firstName: 'Proven', login: false });
    expect((await h.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: verified.email } })).statusCode).toBe(200);
    expect((await smtp.waitFor(verified.email, { subject: /Reset/ })).text).toContain('Hello Proven,');
  });

  it('a leaderboard name takes the last name\'s initial by code point', () => {
    expect(driverName('Ana', '𝒮ilva')).toBe('Ana 𝒮.');
    expect(driverName('Ana', '😀')).toBe('Ana 😀.');
    expect(driverName('Ana', ' ')).toBe('Ana');
  });
});
