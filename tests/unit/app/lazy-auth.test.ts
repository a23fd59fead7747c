import { describe, expect, it, vi } from 'vitest';
import { createLazyAppAuth } from '../../../src/app/auth/lazy-auth';
import type { AppAuth, AuthView } from '../../../src/app/auth/auth-port';
import { fakeAuth } from '../features/auth/render-screen';

/** A fake session whose state the test changes, with subscribers like the real one. */
function fakeSession(initial: AuthView) {
  let view = initial;
  const listeners = new Set<() => void>();
  const auth: AppAuth = fakeAuth({
    getSnapshot: () => view,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    ready: async () => view,
  });
  return {
    auth,
    set(next: AuthView) {
      view = next;
      for (const l of listeners) l();
    },
  };
}

const racer: AuthView = { status: 'signed-in', user: { id: 7, email: 'r@x.test', firstName: 'R', lastName: '', fullName: 'R', isAdmin: false } as AuthView['user'] };

describe('the lazily loaded auth of the shell', () => {
  it('reports signed out without loading anything until a call needs the session', async () => {
    const loader = vi.fn(async () => fakeSession(racer).auth);
    const lazy = createLazyAppAuth(loader);
    expect(lazy.getSnapshot()).toEqual({ status: 'signed-out', user: null });
    expect(loader).not.toHaveBeenCalled();
    await expect(lazy.ready()).resolves.toEqual(racer);
    expect(lazy.getSnapshot()).toEqual(racer);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('notifies its subscribers when the session arrives and on every later change', async () => {
    const session = fakeSession(racer);
    const lazy = createLazyAppAuth(async () => session.auth);
    const listener = vi.fn();
    lazy.subscribe(listener);
    await lazy.load();
    expect(listener).toHaveBeenCalledTimes(1);
    session.set({ status: 'signed-out', user: null });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(lazy.getSnapshot().status).toBe('signed-out');
  });

  it('loads once for concurrent calls and passes the account calls through', async () => {
    const session = fakeSession({ status: 'signed-out', user: null });
    const loader = vi.fn(async () => session.auth);
    const lazy = createLazyAppAuth(loader);
    await Promise.all([lazy.login('a@b.test', 'pw'), lazy.ready(), lazy.checkAdmin()]);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(session.auth.login).toHaveBeenCalledWith('a@b.test', 'pw');
    expect(session.auth.checkAdmin).toHaveBeenCalledTimes(1);
  });

  it('retries the import after a failed one (offline before the precache)', async () => {
    const session = fakeSession(racer);
    const loader = vi.fn<() => Promise<AppAuth>>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(session.auth);
    const lazy = createLazyAppAuth(loader);
    await expect(lazy.ready()).rejects.toThrow('chunk failed');
    await expect(lazy.ready()).resolves.toEqual(racer);
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
