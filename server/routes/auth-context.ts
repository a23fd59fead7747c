import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE, tokenQuerySchema } from '../../src/contracts/auth';
import { parseInput } from '../validate';
import { signAccessToken } from '../auth/access-token';
import { REFRESH_TOKEN_TTL_S } from '../auth/refresh-tokens';
import { createMailOutbox } from '../auth/mail-outbox';
import { KeyedLimiter } from '../auth/email-limiter';
import { DEFAULT_LOGIN_LIMITS, LoginLimiter } from '../auth/login-limiter';
import { readAccessState } from '../auth/access-state';
import type { User } from '../../src/contracts/entities';

/** What the auth routes share: the limiters, the mail queue, the refresh cookie, access tokens and mail links. */
export type AuthContext = ReturnType<typeof createAuthContext>;

/**
 * The auth routes' shared parts, made once per plugin. Mails (and the lookups and tokens behind them) go out after
 * the answer; a closing server sends what is queued.
 */
export function createAuthContext(app: FastifyInstance) {
  const { config } = app;
  const limits = config.rateLimits;
  const mails = createMailOutbox(app.log);
  app.addHook('onClose', () => mails.drain());
  const secureCookie = config.appUrl.startsWith('https:');
  return {
    emailLimiter: new KeyedLimiter(app.counters, limits.authPerEmail, limits.windowMs),
    loginLimiter: new LoginLimiter(app.counters, limits.login ?? DEFAULT_LOGIN_LIMITS),
    mails,
    perIp: { rateLimit: { max: limits.authPerIp, timeWindow: limits.windowMs } },
    secureCookie,
    setRefreshCookie: (reply: FastifyReply, token: string) =>
      reply.setCookie(REFRESH_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie,
        path: '/api/auth',
        maxAge: REFRESH_TOKEN_TTL_S,
      }),
    clearRefreshCookie: (reply: FastifyReply) =>
      reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secureCookie, path: '/api/auth' }),
    accessTokenFor: async (u: User) => {
      // Read fresh, not from the cache: a token must never carry a version older than the row's.
      const tokenVersion = (await readAccessState(app.db, u.id))?.tokenVersion ?? 0;
      return signAccessToken({ id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role, tokenVersion }, config.jwtSecret);
    },
    link: (path: string, token: string) => `${config.appUrl}${path}?token=${encodeURIComponent(token)}`,
    tokenFrom: (request: FastifyRequest) => parseInput(tokenQuerySchema, request.query ?? {}, 'Query').token,
  };
}
