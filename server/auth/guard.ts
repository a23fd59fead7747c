import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokenClaims } from '../../src/contracts/auth';
import { ApiError } from '../errors';
import { verifyAccessToken } from './access-token';
import { cachedAccessState } from './access-state';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified access-token claims; set by `authenticate`, null on public routes. */
    auth: AccessTokenClaims | null;
  }
}

/**
 * onRequest: requires `Authorization: Bearer <access token>` (401 without or with a bad one). A well-signed token
 * is refused too once its user is gone, inactive, of another role, or its token version moved on (password change,
 * reset, deactivation): checked against the database, cached per user for a few seconds (access-state.ts).
 * Use as `{ onRequest: authenticate }`: it then runs before the body is read, so an anonymous caller cannot make
 * the server receive, inflate or parse a body (a later hook, such as preHandler, runs after all of that).
 */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+([A-Za-z0-9._-]{10,4096})$/.exec(header.trim()) : null;
  if (!match) throw new ApiError(401, 'UNAUTHORIZED', 'authenticationRequired');
  const claims = await verifyAccessToken(match[1], request.server.config.jwtSecret);
  const state = await cachedAccessState(request.server.db, claims.id);
  if (!state || !state.active || state.role !== claims.role || state.tokenVersion !== (claims.tv ?? 0)) {
    throw new ApiError(401, 'UNAUTHORIZED', 'loginEnded');
  }
  request.auth = claims;
}

/** onRequest: `authenticate`, then 403 unless the token's role is admin (the admin-only endpoints). */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticate(request, reply);
  if (request.auth?.role !== 'admin') throw new ApiError(403, 'FORBIDDEN', 'noPermissionResource');
}

/** The authenticated caller; only valid after `authenticate` ran. */
export function caller(request: FastifyRequest): AccessTokenClaims {
  if (!request.auth) throw new ApiError(401, 'UNAUTHORIZED', 'authenticationRequired');
  return request.auth;
}
