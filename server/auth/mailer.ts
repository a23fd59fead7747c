import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link in the mail; logged when mails go to files (never tokens anywhere else). */
  link: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * How long a mail may wait on an SMTP server (ms): to connect, for its greeting, and for any answer after that.
 * nodemailer's defaults (2 min, 30 s, 10 min) let one server that does not answer hold a mail, and a stopping
 * server, for minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/**
 * SMTP via nodemailer when SMTP_URL is set; otherwise each mail is written as an .eml file to DATA_DIR/mail and
 * its link is logged, so a local install works without a mail server.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  // nodemailer is loaded with the first mail, not at start: most of a server's life sends none (~10 MB less idle).
  let transport: Promise<Transporter> | undefined;
  const transportNow = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      opts.smtpUrl
        ? nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const close = () => void transport?.then((t) => t.close(), () => undefined);
  if (opts.smtpUrl) {
    return {
      async send(m) {
        await (await transportNow()).sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
      close,
    };
  }
  const dir = join(opts.dataDir, 'mail');
  return {
    async send(m) {
      const info = await (await transportNow()).sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info({ mailFile: file }, `Mail '${m.subject}' written (no SMTP_URL). Link: ${m.link}`);
    },
    close,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Whoever registered an address chose the name, not (yet) the address's owner: a mail to an address not verified
 * yet carries no user-chosen text at all, so nobody can put their words into someone else's mailbox.
 */
const greeting = (firstName: string | null) => (firstName ? `Hello ${firstName},` : 'Hello,');

export function verificationMail(to: string, link: string): MailMessage {
  return {
    to,
    link,
    subject: 'Verify your ASTRO Companion account',
    text: `${greeting(null)}\n\nConfirm your e-mail address to activate your ASTRO Companion account:\n${link}\n\nThe link is valid for 24 hours. If you did not register, ignore this mail.\n`,
    html: `<p>${greeting(null)}</p><p>Confirm your e-mail address to activate your ASTRO Companion account:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>The link is valid for 24 hours. If you did not register, ignore this mail.</p>`,
  };
}

/** `firstName`: the owner's, only when the address is verified (null otherwise: see `greeting`). */
export function resetMail(to: string, firstName: string | null, link: string): MailMessage {
  const hello = greeting(firstName);
  return {
    to,
    link,
    subject: 'Reset your ASTRO Companion password',
    text: `${hello}\n\nChoose a new password here:\n${link}\n\nThe link is valid for 1 hour. If you did not ask for it, ignore this mail.\n`,
    html: `<p>${escapeHtml(hello)}</p><p>Choose a new password here:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>The link is valid for 1 hour. If you did not ask for it, ignore this mail.</p>`,
  };
}

/** To the verified owner of an address someone tried to register again (the register answer itself does not tell). */
export function registerAttemptMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    link,
    subject: 'Someone tried to register with your ASTRO Companion address',
    text: `${greeting(firstName)}\n\nSomeone tried to create a new ASTRO Companion account with this e-mail address, which already has one.\nIf it was you, log in with your password, or choose a new one here if you forgot it:\n${link}\n\nIf it was not you, ignore this mail: your account was not changed.\n`,
    html: `<p>${escapeHtml(greeting(firstName))}</p><p>Someone tried to create a new ASTRO Companion account with this e-mail address, which already has one.</p><p>If it was you, log in with your password, or choose a new one here if you forgot it:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>If it was not you, ignore this mail: your account was not changed.</p>`,
  };
}

/**
 * To an address a team owner typed. It may belong to nobody yet, so it carries no free text of the inviter's (not the
 * team's name): only the inviter's name by the leaderboard's rule ('Rui C.'), from a verified account.
 */
export function teamInvitationMail(to: string, inviter: string, role: 'racer' | 'coach', link: string): MailMessage {
  const as = role === 'coach' ? 'as its coach' : 'as a racer';
  const text = `${inviter} invited you to join their team on ASTRO Companion ${as}: team members see the sessions each shares with the team.`;
  return {
    to,
    link,
    subject: 'An invitation to a team on ASTRO Companion',
    text: `${greeting(null)}\n\n${text}\nLog in (or register with this address) and accept it here:\n${link}\n\nThe link works once and is valid for 7 days. If you do not know the sender, ignore this mail.\n`,
    html: `<p>${greeting(null)}</p><p>${escapeHtml(text)}</p><p>Log in (or register with this address) and accept it here:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>The link works once and is valid for 7 days. If you do not know the sender, ignore this mail.</p>`,
  };
}
