import type { FastifyInstance } from 'fastify';
import { REFRESH_COOKIE, loginRequestSchema } from '../../src/contracts/auth';
import { ApiError } from '../errors';
import { parseInput } from '../validate';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords';
import { issueRefreshToken, revokeAllForUser, revokeFamilyOf, rotateRefreshToken } from '../auth/refresh-tokens';
import { knownDevice, rememberKnownDevice } from '../auth/known-client';
import { authenticate, caller } from '../auth/guard';
import { findUserByEmail, findUserById } from '../users/user-store';
import type { AuthContext } from './auth-context';

/** Logging in and out: login, refresh (a new access token for the refresh cookie), logout, and the admin check. */
export function registerLoginRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { config } = app;
  const { loginLimiter, perIp, secureCookie, setRefreshCookie, clearRefreshCookie, accessTokenFor } = ctx;

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
