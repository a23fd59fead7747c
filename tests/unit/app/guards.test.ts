import { describe, expect, it, vi } from 'vitest';
import { decideAdmin, decideAuth, safeRedirect } from '../../../src/app/auth/guards';
import type { AuthView } from '../../../src/app/auth/auth-port';
import { makeAuthUser } from '../../../src/data/auth/auth-user';

const racer = makeAuthUser({ id: 2, email: 'r@x.test', firstName: 'Rita', lastName: 'Racer', role: 'user' });
const admin = makeAuthUser({ id: 1, email: 'a@x.test', firstName: 'Ada', lastName: 'Admin', role: 'admin' });
const signedOut: AuthView = { status: 'signed-out', user: null };
const asRacer: AuthView = { status: 'signed-in', user: racer };
const asAdmin: AuthView = { status: 'signed-in', user: admin };

describe('the auth guard', () => {
  it('sends a signed-out visitor to /login with the page they wanted as redirect', () => {
    expect(decideAuth(signedOut, '/sessions/map?id=3')).toEqual({ kind: 'login', redirect: '/sessions/map?id=3' });
  });

  it('lets a signed-in user through', () => {
    expect(decideAuth(asRacer, '/astro')).toEqual({ kind: 'allow' });
  });

  it('counts offline-signed-in as signed in', () => {
    expect(decideAuth({ status: 'offline-signed-in', user: racer }, '/astro')).toEqual({ kind: 'allow' });
  });
});

describe('the admin guard', () => {
  it('asks the server and allows an admin it confirms', async () => {
    const checkAdmin = vi.fn(async () => true);
    await expect(decideAdmin(asAdmin, '/admin', { checkAdmin }, true)).resolves.toEqual({ kind: 'allow' });
    expect(checkAdmin).toHaveBeenCalledOnce();
  });

  it('sends a racer to /unauthorized when the server refuses', async () => {
    await expect(decideAdmin(asRacer, '/admin', { checkAdmin: async () => false }, true)).resolves.toEqual({ kind: 'unauthorized' });
  });

  it('trusts the server over the token: a token saying admin that the server refuses is unauthorized', async () => {
    await expect(decideAdmin(asAdmin, '/admin', { checkAdmin: async () => false }, true)).resolves.toEqual({ kind: 'unauthorized' });
  });

  it('sends a signed-out visitor to login without calling the server', async () => {
    const checkAdmin = vi.fn(async () => true);
    await expect(decideAdmin(signedOut, '/admin', { checkAdmin }, true)).resolves.toEqual({ kind: 'login', redirect: '/admin' });
    expect(checkAdmin).not.toHaveBeenCalled();
  });

  it('uses the stored role when offline, without calling the server', async () => {
    const checkAdmin = vi.fn(async () => true);
    await expect(decideAdmin({ status: 'offline-signed-in', user: admin }, '/admin', { checkAdmin }, false)).resolves.toEqual({ kind: 'allow' });
    await expect(decideAdmin({ status: 'offline-signed-in', user: racer }, '/admin', { checkAdmin }, false)).resolves.toEqual({ kind: 'unauthorized' });
    expect(checkAdmin).not.toHaveBeenCalled();
  });

  it('falls back to the stored role when the check cannot reach the server', async () => {
    const unreachable = async () => {
      throw new Error('Network error');
    };
    await expect(decideAdmin(asAdmin, '/admin', { checkAdmin: unreachable }, true)).resolves.toEqual({ kind: 'allow' });
    await expect(decideAdmin(asRacer, '/admin', { checkAdmin: unreachable }, true)).resolves.toEqual({ kind: 'unauthorized' });
  });
});

describe('the post-login redirect', () => {
  it('follows same-origin paths', () => {
    expect(safeRedirect('/circuits?page=2')).toBe('/circuits?page=2');
  });

  it('refuses other origins, protocol-relative URLs and missing values', () => {
    expect(safeRedirect('https://evil.example/')).toBe('/');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect(42)).toBe('/');
  });

  it('does not send the user back to an account screen', () => {
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect('/register')).toBe('/');
  });
});
