import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  REFRESH_COOKIE,
  changePasswordRequestSchema,
  emailOnlyRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  tokenQuerySchema,
} from '../../src/contracts/auth';
import { ApiError } from '../errors';
import { parseInput } from '../validate';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords';
import { signAccessToken } from '../auth/access-token';
import { REFRESH_TOKEN_TTL_S, issueRefreshToken, revokeAllForUser, revokeFamilyOf, rotateRefreshToken } from '../auth/refresh-tokens';
import { consumeOneTimeToken, issueOneTimeToken } from '../auth/one-time-tokens';
import { replacePendingRegistration } from '../auth/pending-registration';
import { registerAttemptMail, resetMail, verificationMail } from '../auth/mailer';
import { createMailOutbox } from '../auth/mail-outbox';
import { PgCodes, pgErrorCode } from '../db/db';
import { KeyedLimiter } from '../auth/email-limiter';
import { DEFAULT_LOGIN_LIMITS, LoginLimiter } from '../auth/login-limiter';
import { knownDevice, rememberKnownDevice } from '../auth/known-client';
import { authenticate, caller } from '../auth/guard';
import { bumpTokenVersion, forgetAccessState, readAccessState } from '../auth/access-state';
import { findUserByEmail, findUserById, insertUser } from '../users/user-store';
import type { User } from '../../src/contracts/entities';

/** Same answer whether or not the address has an account (so the answer does not reveal which addresses have accounts). */
const RESET_ANSWER = 'If an account exists for this e-mail address, a password reset link has been sent.';
const RESEND_ANSWER = 'If an unverified account exists for this e-mail address, a new verification link has been sent.';
/** The same for a new address and one that has an account (its owner gets a mail about the attempt instead). */
const REGISTER_ANSWER = 'Registration received. Check your e-mail to continue.';

/** Auth routes under /api/auth. */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const limits = config.rateLimits;
  const emailLimiter = new KeyedLimiter(app.counters, limits.authPerEmail, limits.windowMs);
  const loginLimiter = new LoginLimiter(app.counters, limits.login ?? DEFAULT_LOGIN_LIMITS);
  // Mails (and the lookups and tokens behind them) go out after the answer; a closing server sends what is queued.
  const mails = createMailOutbox(app.log);
  app.addHook('onClose', () => mails.drain());
  const perIp = { rateLimit: { max: limits.authPerIp, timeWindow: limits.windowMs } };
  const secureCookie = config.appUrl.startsWith('https:');

  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      path: '/api/auth',
      maxAge: REFRESH_TOKEN_TTL_S,
    });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secureCookie, path: '/api/auth' });
  const accessTokenFor = async (u: User) => {
    // Read fresh, not from the cache: a token must never carry a version older than the row's.
    const tokenVersion = (await readAccessState(app.db, u.id))?.tokenVersion ?? 0;
    return signAccessToken({ id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role, tokenVersion }, config.jwtSecret);
  };
  const link = (path: string, token: string) => `${config.appUrl}${path}?token=${encodeURIComponent(token)}`;
  const tokenFrom = (request: FastifyRequest) => parseInput(tokenQuerySchema, request.query ?? {}, 'Query').token;

  app.post('/auth/login', { config: perIp }, async (request, reply) => {
    const body = parseInput(loginRequestSchema, request.body);
    const user = await findUserByEmail(app.db, body.email);
    // Counted per (address, client) before the password is checked: guesses from elsewhere, or from others on the
    // same IP, never block the owner's own known device.
    const attempt = await loginLimiter.attempt(body.email, { ip: request.ip, knownDevice: knownDevice(request, config.jwtSecret, user) });
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
    if (!user || !ok) throw new ApiError(401, 'INVALID_CREDENTIALS', 'invalidCredentials');
    await loginLimiter.succeeded(attempt);
    rememberKnownDevice(request, reply, config.jwtSecret, user, secureCookie);
    // Told why only once the password proved who is asking.
    if (!user.verified) throw new ApiError(403, 'NOT_VERIFIED', 'notVerified');
    if (!user.active) throw new ApiError(403, 'INACTIVE', 'inactive');
    const refresh = await issueRefreshToken(app.db, user.id);
    setRefreshCookie(reply, refresh);
    return { accessToken: await accessTokenFor(user) };
  });

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

  app.post('/auth/refresh', async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (!token) throw new ApiError(401, 'UNAUTHORIZED', 'noActiveLogin');
    const result = await rotateRefreshToken(app.db, token);
    if (!result.ok) {
      clearRefreshCookie(reply);
      throw new ApiError(401, 'UNAUTHORIZED', result.reason === 'reused' ? 'loginEndedForSafety' : 'loginExpired');
    }
    const user = await findUserById(app.db, result.userId);
    if (!user || !user.active || !user.verified) {
      await revokeAllForUser(app.db, result.userId);
      clearRefreshCookie(reply);
      throw new ApiError(401, 'UNAUTHORIZED', 'loginExpired');
    }
    setRefreshCookie(reply, result.token);
    return { accessToken: await accessTokenFor(user) };
  });

  app.post('/auth/logout', async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (token) await revokeFamilyOf(app.db, token);
    clearRefreshCookie(reply);
    return { message: 'Logged out.' };
  });

  app.get('/auth/check-admin', { onRequest: authenticate }, async (request) => {
    if (caller(request).role !== 'admin') throw new ApiError(403, 'FORBIDDEN', 'noPermissionPage');
    return { message: 'OK' };
  });
}
