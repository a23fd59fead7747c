import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
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
 * SMTP via nodemailer when SMTP_URL is set; otherwise each mail is written as an .eml file to DATA_DIR/mail and
 * its link is logged, so a local install works without a mail server.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = join(opts.dataDir, 'mail');
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info({ mailFile: file }, `Mail '${m.subject}' written (no SMTP_URL). Link: ${m.link}`);
    },
    close: () => transport.close(),
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function verificationMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    link,
    subject: 'Verify your ASTRO Companion account',
    text: `Hello ${firstName},\n\nConfirm your e-mail address to activate your ASTRO Companion account:\n${link}\n\nThe link is valid for 24 hours.\n`,
    html: `<p>Hello ${escapeHtml(firstName)},</p><p>Confirm your e-mail address to activate your ASTRO Companion account:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>The link is valid for 24 hours.</p>`,
  };
}

export function resetMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    link,
    subject: 'Reset your ASTRO Companion password',
    text: `Hello ${firstName},\n\nChoose a new password here:\n${link}\n\nThe link is valid for 1 hour. If you did not ask for it, ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(firstName)},</p><p>Choose a new password here:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>The link is valid for 1 hour. If you did not ask for it, ignore this mail.</p>`,
  };
}

/** To the owner of an address someone tried to register again (the register answer itself does not tell). */
export function registerAttemptMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    link,
    subject: 'Someone tried to register with your ASTRO Companion address',
    text: `Hello ${firstName},\n\nSomeone tried to create a new ASTRO Companion account with this e-mail address, which already has one.\nIf it was you, log in with your password, or choose a new one here if you forgot it:\n${link}\n\nIf it was not you, ignore this mail: your account was not changed.\n`,
    html: `<p>Hello ${escapeHtml(firstName)},</p><p>Someone tried to create a new ASTRO Companion account with this e-mail address, which already has one.</p><p>If it was you, log in with your password, or choose a new one here if you forgot it:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>If it was not you, ignore this mail: your account was not changed.</p>`,
  };
}
