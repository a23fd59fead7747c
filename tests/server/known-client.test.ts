import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KNOWN_CLIENT_COOKIE, KNOWN_DEVICE_TTL_S, knownDevice, parseKnownCookie, rememberKnownDevice } from '../../server/auth/known-client';

/** The known-device cookie: bound to the device, the account and its token version, and it expires. */
const secret = 'known-device-test-secret-0123456789-abcdef';
const requestWith = (cookie?: string) => ({ cookies: cookie === undefined ? {} : { [KNOWN_CLIENT_COOKIE]: cookie } }) as unknown as FastifyRequest;
function remember(cookie: string | undefined, account: { id: number; tokenVersion: number }, nowMs: number): string {
  let value = '';
  const reply = { setCookie: (_name: string, v: string) => (value = v) } as unknown as FastifyReply;
  rememberKnownDevice(requestWith(cookie), reply, secret, account, false, nowMs);
  return value;
}

describe('known-device cookie', () => {
  const t0 = Date.UTC(2026, 0, 1);
  const ana = { id: 7, tokenVersion: 0 };

  it('is known for its account and version until it expires', () => {
    const c = remember(undefined, ana, t0);
    const device = parseKnownCookie(c).deviceId;
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(knownDevice(requestWith(c), secret, ana, t0 + 1000)).toBe(device);
    expect(knownDevice(requestWith(c), secret, ana, t0 + KNOWN_DEVICE_TTL_S * 1000 - 1000)).toBe(device);
    expect(knownDevice(requestWith(c), secret, ana, t0 + KNOWN_DEVICE_TTL_S * 1000)).toBeNull();
    expect(knownDevice(requestWith(c), secret, { ...ana, tokenVersion: 1 }, t0)).toBeNull();
    expect(knownDevice(requestWith(c), secret, { id: 8, tokenVersion: 0 }, t0)).toBeNull();
    expect(knownDevice(requestWith(c), 'another-secret-of-at-least-32-characters', ana, t0)).toBeNull();
  });

  it('cannot be moved to another device or stretched', () => {
    const c = remember(undefined, ana, t0);
    const [, entry] = c.split('.');
    const otherDevice = remember(undefined, { id: 9, tokenVersion: 0 }, t0).split('.')[0];
    expect(knownDevice(requestWith(`${otherDevice}.${entry}`), secret, ana, t0)).toBeNull();
    const [user, , tag] = entry.split('~');
    const later = String(Math.floor(t0 / 1000) + 10 * KNOWN_DEVICE_TTL_S);
    expect(knownDevice(requestWith(`${c.split('.')[0]}.${user}~${later}~${tag}`), secret, ana, t0 + 2 * KNOWN_DEVICE_TTL_S * 1000)).toBeNull();
  });

  it('keeps the device id and the other accounts\' entries on the next login, newest first', () => {
    const c1 = remember(undefined, ana, t0);
    const c2 = remember(c1, { id: 9, tokenVersion: 3 }, t0 + 1000);
    expect(c2.split('.')[0]).toBe(c1.split('.')[0]);
    expect(knownDevice(requestWith(c2), secret, ana, t0 + 2000)).toBe(c1.split('.')[0]);
    expect(knownDevice(requestWith(c2), secret, { id: 9, tokenVersion: 3 }, t0 + 2000)).toBe(c1.split('.')[0]);
    expect(c2.split('.')[1].startsWith('9~')).toBe(true);
  });

  it('ignores malformed values', () => {
    for (const raw of ['', 'x', 'a.b.c', `${'A'.repeat(43)}.7~1~short`, 'A'.repeat(2000)]) {
      expect(knownDevice(requestWith(raw), secret, ana, t0)).toBeNull();
    }
  });
});
