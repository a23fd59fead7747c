import { describe, expect, it } from 'vitest';
import { signedOutTarget } from '../../../src/app/auth/signed-out';

describe('the page after a sign-out', () => {
  it('is /login, and after a refused refresh it brings the user back to where they were', () => {
    expect(signedOutTarget('logout', { pathname: '/sessions/library', href: '/sessions/library' })).toEqual({ to: '/login' });
    expect(signedOutTarget('refresh-failed', { pathname: '/sessions/analysis', href: '/sessions/analysis?lap=L-2' })).toEqual({
      to: '/login',
      search: { redirect: '/sessions/analysis?lap=L-2' },
    });
    expect(signedOutTarget('refresh-failed', { pathname: '/', href: '/' })).toEqual({ to: '/login' });
  });

  it('stays put when already on /login', () => {
    expect(signedOutTarget('refresh-failed', { pathname: '/login', href: '/login?redirect=%2Fastro' })).toBeNull();
  });
});
