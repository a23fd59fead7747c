import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url (43 characters): used for refresh, verification and reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256 hex: a database leak does not give working tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
