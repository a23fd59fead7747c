import type { FastifyInstance } from 'fastify';
import { changePasswordRequestSchema, emailOnlyRequestSchema, registerRequestSchema } from '../../src/contracts/auth';
import { ApiError } from '../errors';
import { parseInput } from '../validate';
import { hashPassword } from '../auth/passwords';
import { revokeAllForUser } from '../auth/refresh-tokens';
import { consumeOneTimeToken, issueOneTimeToken } from '../auth/one-time-tokens';
import { replacePendingRegistration } from '../auth/pending-registration';
import { registerAttemptMail, resetMail, verificationMail } from '../auth/mailer';
import { PgCodes, pgErrorCode } from '../db/db';
import { bumpTokenVersion, forgetAccessState } from '../auth/access-state';
import { findUserByEmail, insertUser } from '../users/user-store';
import type { User } from '../../src/contracts/entities';
import type { AuthContext } from './auth-context';

/** Same answer whether or not the address has an account (so the answer does not reveal which addresses have accounts). */
const RESET_ANSWER = 'If an account exists for this e-mail address, a password reset link has been sent.';
const RESEND_ANSWER = 'If an unverified account exists for this e-mail address, a new verification link has been sent.';
/** The same for a new address and one that has an account (its owner gets a mail about the attempt instead). */
const REGISTER_ANSWER = 'Registration received. Check your e-mail to continue.';

/** Accounts by mail: register, verify, resend the verification link, ask for a password reset and change the password. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { config } = app;
  const { emailLimiter, mails, perIp, link, tokenFrom } = ctx;

  app.post('/auth/register', { config: perIp }, async (request, reply) => {
    const body = parseInput(registerRequestSchema, request.body);
    await emailLimiter.hit(`register:${body.email}`);
    // Hashed for an address that has an account too: the answer takes as long either way.
    const passwordHash = await hashPassword(body.password);
    let created: { user: User; token: string } | null = null;
    if (!(await findUserByEmail(app.db, body.email))) {
      try {
        created = await app.db.tx(async (q) => {
          const u = await insertUser(q, { email: body.email, firstName: body.firstName, lastName: body.lastName, passwordHash, role: 'user', active: true, verified: false });
          return { user: u, token: await issueOneTimeToken(q, u.id, 'verify') };
        });
      } catch (err) {
        // Registered by a concurrent request a moment ago: answered like any other existing address.
        if (pgErrorCode(err) !== PgCodes.uniqueViolation) throw err;
      }
    }
    if (created) {
      const { user, token } = created;
      mails.post('register', () => app.mailer.send(verificationMail(user.email, link('/verify', token))));
    } else {
      // The address has an account, and the caller only sees the usual answer. A verified owner hears about the attempt
      // by mail; an account not verified yet takes this registration's password and name, with a new link.
      mails.post('register-existing', async () => {
        const owner = await findUserByEmail(app.db, body.email);
        if (!owner) return;
        const pending = owner.verified ? null : await replacePendingRegistration(app.db, owner.id, { ...body, passwordHash });
        if (!pending) return app.mailer.send(registerAttemptMail(owner.email, owner.firstName, `${config.appUrl}/reset-password`));
        return app.mailer.send(verificationMail(owner.email, link('/verify', pending)));
      });
    }
    return reply.status(201).send({ message: REGISTER_ANSWER });
  });

  app.get('/auth/verify', async (request) => {
    const token = tokenFrom(request);
    const userId = await consumeOneTimeToken(app.db, token, 'verify', async (q, id) => {
      await q.query('update users set verified = true, updated_at = now() where id = $1', [id]);
    });
    if (userId === null) throw new ApiError(400, 'INVALID_TOKEN', 'verificationLinkInvalid');
    return { message: 'Your account has been verified. You can now log in.' };
  });

  app.post('/auth/resend-verification', { config: perIp }, async (request) => {
    const { email } = parseInput(emailOnlyRequestSchema, request.body);
    await emailLimiter.hit(`resend:${email}`);
    mails.post('resend-verification', async () => {
      const user = await findUserByEmail(app.db, email);
      if (!user || user.verified) return;
      const token = await issueOneTimeToken(app.db, user.id, 'verify');
      await app.mailer.send(verificationMail(user.email, link('/verify', token)));
    });
    return { message: RESEND_ANSWER };
  });

  app.post('/auth/reset-password', { config: perIp }, async (request) => {
    const { email } = parseInput(emailOnlyRequestSchema, request.body);
    await emailLimiter.hit(`reset:${email}`);
    mails.post('reset-password', async () => {
      const user = await findUserByEmail(app.db, email);
      if (!user) return;
      const token = await issueOneTimeToken(app.db, user.id, 'reset');
      await app.mailer.send(resetMail(user.email, user.verified ? user.firstName : null, link('/change-password', token)));
    });
    return { message: RESET_ANSWER };
  });

  app.post('/auth/change-password', { config: perIp }, async (request) => {
    const token = tokenFrom(request);
    const { password } = parseInput(changePasswordRequestSchema, request.body);
    const passwordHash = await hashPassword(password);
    const userId = await consumeOneTimeToken(app.db, token, 'reset', async (q, id) => {
      // The mail proved the address, so a reset also verifies it; every existing login ends, access tokens too.
      await q.query('update users set password_hash = $2, verified = true, updated_at = now() where id = $1', [id, passwordHash]);
      await revokeAllForUser(q, id);
      await bumpTokenVersion(q, id);
    });
    if (userId === null) throw new ApiError(400, 'INVALID_TOKEN', 'resetLinkInvalid');
    forgetAccessState(app.db, userId);
    return { message: 'Your password has been changed. You can now log in.' };
  });

}
