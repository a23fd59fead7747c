import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { accessTokenClaimsSchema, type AccessTokenClaims, type Role } from '../../src/contracts/auth';
import { ApiError } from '../errors';

/** Access tokens live 15 minutes (at most 15 minutes, so a leaked one is short-lived); the refresh cookie renews them. */
const ACCESS_TOKEN_TTL_S = 15 * 60;
const ISSUER = 'astro-companion';

export interface TokenUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The user's current token version (users.token_version). */
  tokenVersion: number;
}

/**
 * The HMAC key, imported once per secret: given raw bytes, jose imports a key on every call (an extra trip through
 * WebCrypto's thread pool per authenticated request).
 */
const keyCache = new Map<string, Promise<webcrypto.CryptoKey>>();
function key(secret: string): Promise<webcrypto.CryptoKey> {
  let k = keyCache.get(secret);
  if (!k) {
    k = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keyCache.set(secret, k);
  }
  return k;
}

export async function signAccessToken(user: TokenUser, secret: string, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ id: user.id, first_name: user.firstName, last_name: user.lastName, role: user.role, tv: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.email)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(await key(secret));
}

/** Verifies signature, algorithm, issuer and expiry; 401 TOKEN_EXPIRED or UNAUTHORIZED otherwise. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), { algorithms: ['HS256'], issuer: ISSUER });
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw new ApiError(401, 'UNAUTHORIZED', 'invalidAccessToken');
    return claims.data;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (err instanceof joseErrors.JWTExpired) throw new ApiError(401, 'TOKEN_EXPIRED', 'accessTokenExpired');
    throw new ApiError(401, 'UNAUTHORIZED', 'invalidAccessToken');
  }
}
