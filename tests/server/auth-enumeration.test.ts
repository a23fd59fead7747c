import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { LightMyRequestResponse } from 'fastify';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { decodeQuotedPrintable } from '../helpers/smtp-capture';

/**
 * Register, reset-password and resend-verification answer the same, in the same time, whether or not the address
 * has an account: the mail is sent after the answer. The SMTP server here holds every message it receives until the
 * test lets it go (or for a fixed delay), like a slow mail relay; an answer that waited for the mail could not
 * arrive while its message is held.
 */

interface HeldMail {
  to: string[];
  subject: string;
  text: string;
  released: boolean;
  release: () => void;
}

interface HoldingSmtp {
  url: string;
  held: HeldMail[];
  /** 'hold': each message waits for release(); a number: each message is accepted after that many ms. */
  mode: 'hold' | number;
  waitForHeld(to: string): Promise<HeldMail>;
  close(): Promise<void>;
}

async function startHoldingSmtp(): Promise<HoldingSmtp> {
  const held: HeldMail[] = [];
  const smtp: HoldingSmtp = {
    url: '',
    held,
    mode: 'hold',
    async waitForHeld(to) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const m = held.find((x) => x.to.includes(to.toLowerCase()));
        if (m) return m;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} reached the SMTP server`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: HeldMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          text: decodeQuotedPrintable(raw),
          released: false,
          release: () => {
            if (mail.released) return;
            mail.released = true;
            callback();
          },
        };
        held.push(mail);
        if (smtp.mode !== 'hold') setTimeout(mail.release, smtp.mode);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtp.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return smtp;
}

let h: Harness;
let smtp: HoldingSmtp;
beforeAll(async () => {
  smtp = await startHoldingSmtp();
  h = await createHarness({ env: { SMTP_URL: smtp.url } });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  for (const m of smtp?.held ?? []) m.release();
  await h?.close();
  await smtp?.close();
}, HOOK_TIMEOUT_MS);

const post = (url: string, payload: object) => h.inject({ method: 'POST', url, payload });
const registerBody = (email: string) => ({ email, firstName: 'Ana', lastName: 'Silva', password: 'password-123', confirmPassword: 'password-123' });

/**
 * Starts `request`, waits until its mail to `to` is held by the SMTP server, and tells whether the answer had
 * arrived by then (allowing it a further second to be delivered). An answer that waits for the mail stays pending.
 */
async function answeredWhileMailHeld(request: Promise<LightMyRequestResponse>, to: string): Promise<{ answered: boolean; mail: HeldMail; res: LightMyRequestResponse }> {
  const mail = await smtp.waitForHeld(to);
  const answered = await Promise.race([request.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 1_000))]);
  mail.release();
  return { answered, mail, res: await request };
}

describe('no account enumeration through answers or their timing', () => {
  it('reset-password for a known address answers while its mail is still held by the SMTP server, as for an unknown one', { timeout: 60_000 }, async () => {
    smtp.mode = 'hold';
    const u = await h.createUser({ login: false });
    const { answered, mail, res } = await answeredWhileMailHeld(post('/api/auth/reset-password', { email: u.email }), u.email);
    expect(answered).toBe(true);
    expect(mail.subject).toMatch(/Reset/);
    const unknown = await post('/api/auth/reset-password', { email: 'no-such-account@example.test' });
    expect([res.statusCode, res.body]).toEqual([unknown.statusCode, unknown.body]);
  });

  it('resend-verification for an unverified address answers while its mail is held', { timeout: 60_000 }, async () => {
    smtp.mode = 'hold';
    const u = await h.createUser({ verified: false });
    const { answered, mail, res } = await answeredWhileMailHeld(post('/api/auth/resend-verification', { email: u.email }), u.email);
    expect(answered).toBe(true);
    expect(mail.subject).toMatch(/Verify/);
    const unknown = await post('/api/auth/resend-verification', { email: 'no-such-account@example.test' });
    expect([res.statusCode, res.body]).toEqual([unknown.statusCode, unknown.body]);
  });

  it('registering an existing address answers exactly as a new one, while the owner is told by a mail still held', { timeout: 60_000 }, async () => {
    smtp.mode = 'hold';
    const fresh = `new-${Date.now().toString(36)}@example.test`;
    const created = await answeredWhileMailHeld(post('/api/auth/register', registerBody(fresh)), fresh);
    expect(created.answered).toBe(true);
    expect(created.mail.subject).toMatch(/Verify/);

    const owner = await h.createUser({ login: false });
    const again = await answeredWhileMailHeld(post('/api/auth/register', registerBody(owner.email.toUpperCase())), owner.email);
    expect(again.answered).toBe(true);
    expect([again.res.statusCode, again.res.body]).toEqual([created.res.statusCode, created.res.body]);
    expect(again.res.statusCode).toBe(201);
    expect(again.mail.subject).toMatch(/Someone tried to register/);
    expect(again.mail.text).toContain('http://app.example.test/reset-password');
    // The account is untouched: one row, the owner's password still works.
    const [row] = await h.app.db.query<{ n: number }>('select count(*)::int as n from users where lower(email) = lower($1)', [owner.email]);
    expect(row.n).toBe(1);
    expect((await h.login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('registering an address whose account is not verified yet mails its owner a new verification link', { timeout: 60_000 }, async () => {
    smtp.mode = 'hold';
    const owner = await h.createUser({ verified: false });
    const again = await answeredWhileMailHeld(post('/api/auth/register', registerBody(owner.email)), owner.email);
    expect(again.answered).toBe(true);
    expect(again.res.statusCode).toBe(201);
    expect(again.mail.subject).toMatch(/Verify/);
    expect(again.mail.text).toMatch(/\/verify\?token=/);
  });

  it('with a relay taking 500 ms per mail, every answer for a known address comes before the relay has taken its mail', { timeout: 120_000 }, async () => {
    smtp.mode = 500;
    const u = await h.createUser({ login: false });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const acceptedFor = (email: string) => smtp.held.filter((m) => m.to.includes(email.toLowerCase()) && m.released).length;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 1; i <= 5; i++) {
      let t = performance.now();
      await post('/api/auth/reset-password', { email: u.email });
      known.push(performance.now() - t);
      // Mails of earlier requests may have been taken by now, this request's cannot have been.
      expect(acceptedFor(u.email)).toBeLessThan(i);
      t = performance.now();
      await post('/api/auth/reset-password', { email: `ghost-${i}@example.test` });
      unknown.push(performance.now() - t);
    }
    // The figures, for the record (the ordering above is what decides, not a time budget).
    console.info(`reset-password median: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms (relay 500 ms)`);
  });
});
