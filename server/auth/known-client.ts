import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * "This browser has logged in to this address before": a signed, httpOnly cookie set on every successful login,
 * read by the login limiter so that a flood of wrong passwords from elsewhere never locks the owner out. It holds
 * only HMAC tags of addresses (keyed with the server's secret, so it reveals no address and cannot be forged) for
 * the last few addresses used on the device, and works across restarts and across API processes sharing the
 * secret, which a server-side record in memory would not.
 */
export const KNOWN_CLIENT_COOKIE = 'astro_known';
const MAX_ADDRESSES = 5;
const MAX_AGE_S = 365 * 24 * 3600;

function tagOf(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`known-client\0${address.toLowerCase()}`).digest('base64url').slice(0, 22);
}

function tagsIn(request: FastifyRequest): string[] {
  const raw = request.cookies[KNOWN_CLIENT_COOKIE];
  return typeof raw === 'string' ? raw.split('.').filter((t) => /^[A-Za-z0-9_-]{22}$/.test(t)).slice(0, MAX_ADDRESSES) : [];
}

export function isKnownClient(request: FastifyRequest, secret: string, address: string): boolean {
  return tagsIn(request).includes(tagOf(secret, address));
}

export function rememberKnownClient(request: FastifyRequest, reply: FastifyReply, secret: string, address: string, secure: boolean): void {
  const tag = tagOf(secret, address);
  const tags = [tag, ...tagsIn(request).filter((t) => t !== tag)].slice(0, MAX_ADDRESSES);
  reply.setCookie(KNOWN_CLIENT_COOKIE, tags.join('.'), { httpOnly: true, sameSite: 'strict', secure, path: '/api/auth', maxAge: MAX_AGE_S });
}
