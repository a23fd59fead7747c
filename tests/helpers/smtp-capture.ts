import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/**
 * A real SMTP server for tests (smtp-server package) on a free local port. The API sends through it exactly as in
 * production (nodemailer over SMTP_URL); tests read what arrived.
 */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  /** Raw message with quoted-printable soft breaks and escapes decoded. */
  text: string;
  raw: string;
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /** Resolves with the first mail to `to` arriving after `since` mails (default: any not yet taken). */
  waitFor(to: string, opts?: { timeoutMs?: number; subject?: RegExp }): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** Decodes quoted-printable soft line breaks and =XX escapes (enough for links in nodemailer's output). */
export function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const m = joined[i] === '=' ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (m) {
      bytes.push(parseInt(m[0], 16));
      i += 2;
    } else {
      for (const b of Buffer.from(joined[i], 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The first `${appUrl}<path>?token=...` link in a mail. */
export function linkIn(mail: CapturedMail, path: string): URL {
  const m = new RegExp(`https?://[^\\s"<>]*${path.replace(/[/]/g, '\\/')}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text);
  if (!m) throw new Error(`No ${path} link in mail '${mail.subject}'`);
  return new URL(m[0]);
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = chunks.map((c) => c.toString('utf8')).join('');
        const text = decodeQuotedPrintable(raw);
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text,
          raw,
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, opts = {}) {
      const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
      for (;;) {
        const found = mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()) && (!opts.subject || opts.subject.test(m.subject)));
        if (found) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${to} within the timeout (${mails.length} received)`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
