import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/data/api/api-error';
import { createHttpClient } from '../../../src/data/api/http-client';
import { createAuthApi } from '../../../src/data/auth/auth-api';
import { AuthSession, type SignOutReason } from '../../../src/data/auth/auth-session';
import { makeAuthUser } from '../../../src/data/auth/auth-user';
import { decodeClaims, isTokenValid } from '../../../src/data/auth/token';
import { memoryTokenStore } from '../../helpers/memory-token-store';
import { AstroDb } from '../../../src/data/db/database';
import { removeSignedOutUserData } from '../../../src/data/repositories/logout-cleanup';
import { createProfileRepository } from '../../../src/data/repositories/profile-repository';
import { json, makeToken, scriptedFetch, type Handler } from './fake-server';

const NOW = 1_800_000_000_000;
const nowS = NOW / 1000;
let dbs: AstroDb[] = [];
afterEach(async () => {
  for (const db of dbs) await db.delete();
  dbs = [];
});

function setup(handler: Handler, opts: { token?: string | null; now?: () => number } = {}) {
  const db = new AstroDb(`auth-${Math.random()}`);
  dbs.push(db);
  const { fetchFn, requests } = scriptedFetch(handler);
  const tokens = memoryTokenStore(opts.token ?? null);
  const profiles = createProfileRepository(() => db);
  let onlineListener: (() => void) | null = null;
  let clearedStorage = 0;
  const session = new AuthSession({
    api: createAuthApi(createHttpClient({ fetchFn })),
    tokens,
    profiles,
    now: opts.now ?? (() => NOW),
    clearWebStorage: () => clearedStorage++,
    removeUserData: (id) => removeSignedOutUserData(db, id),
    onOnline: (l) => {
      onlineListener = l;
      return () => (onlineListener = null);
    },
  });
  const signOuts: SignOutReason[] = [];
  session.onSignedOut((r) => signOuts.push(r));
  return { db, session, tokens, requests, profiles, signOuts, goOnline: () => onlineListener?.(), cleared: () => clearedStorage };
}

const refreshCalls = (requests: { url: string }[]) => requests.filter((r) => r.url === '/api/auth/refresh').length;

describe('tokens', () => {
  it('decodes the claims and rejects tokens that are not JWTs with the contract claims', () => {
    expect(decodeClaims(makeToken({ exp: nowS + 600 }))).toMatchObject({ id: 7, sub: 'ana@example.com', role: 'user' });
    expect(decodeClaims('abc')).toBeNull();
    expect(decodeClaims('a.eyJ4IjoxfQ.c')).toBeNull();
    expect(decodeClaims(null)).toBeNull();
  });

  it('counts a token as valid only while more than 60 seconds remain', () => {
    expect(isTokenValid(makeToken({ exp: nowS + 61 }), NOW)).toBe(true);
    expect(isTokenValid(makeToken({ exp: nowS + 60 }), NOW)).toBe(false);
    expect(isTokenValid(makeToken({ exp: nowS - 5 }), NOW)).toBe(false);
  });

  it('derives fullName, initials and isAdmin for the user', () => {
    expect(makeAuthUser({ id: 1, email: 'a@b.c', firstName: 'Ana', lastName: 'Silva', role: 'admin' })).toMatchObject({
      fullName: 'Ana Silva',
      initials: 'AS',
      isAdmin: true,
    });
    expect(makeAuthUser({ id: 1, email: 'zed@b.c', firstName: '', lastName: '', role: 'user' })).toMatchObject({ fullName: 'zed@b.c', initials: 'Z', isAdmin: false });
  });
});

describe('auth session', () => {
  it('starts signed in from a valid token in storage without calling the server', async () => {
    const t = setup(() => json(500, {}), { token: makeToken({ exp: nowS + 600 }) });
    expect(t.session.getSnapshot()).toMatchObject({ status: 'signed-in', ready: true, user: { id: 7, fullName: 'Ana Silva' } });
    await t.session.start();
    expect(t.requests).toHaveLength(0);
    expect(await t.profiles.loadLastUser()).toMatchObject({ id: 7 });
  });

  it('renews an expiring token from the refresh cookie before a call, once for concurrent callers', async () => {
    const fresh = makeToken({ exp: nowS + 900 });
    const t = setup(() => json(200, { accessToken: fresh }), { token: makeToken({ exp: nowS + 30 }) });
    const [a, b, c] = await Promise.all([t.session.getValidToken(), t.session.getValidToken(), t.session.getValidToken()]);
    expect([a, b, c]).toEqual([fresh, fresh, fresh]);
    expect(refreshCalls(t.requests)).toBe(1);
    expect(t.requests[0].credentials).toBe('include');
    expect(t.tokens.get()).toBe(fresh);
    expect(t.session.getSnapshot().status).toBe('signed-in');
  });

  it("signs out and emits 'refresh-failed' when the server refuses the refresh", async () => {
    const t = setup(() => json(401, { message: 'Invalid refresh token', code: 'INVALID_TOKEN' }), { token: makeToken({ exp: nowS + 10 }) });
    await expect(t.session.getValidToken()).resolves.toBeNull();
    expect(t.session.getSnapshot()).toMatchObject({ status: 'signed-out', user: null });
    expect(t.tokens.get()).toBeNull();
    expect(t.signOuts).toEqual(['refresh-failed']);
  });

  it('starts offline as the last signed-in user when the refresh gets no answer, then renews once online', async () => {
    let online = true;
    const fresh = makeToken({ exp: nowS + 900 });
    const t = setup(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return json(200, { accessToken: fresh });
    });
    await t.session.login('ana@example.com', 'secret-pass').catch(() => undefined);
    // The login above used the same handler: it answered a token, so the profile is now stored.
    expect(await t.profiles.loadLastUser()).toMatchObject({ id: 7 });

    // A new tab / app restart: no token in sessionStorage, no network.
    online = false;
    const restarted = new AuthSession({
      api: createAuthApi(createHttpClient({ fetchFn: scriptedFetch(() => (online ? json(200, { accessToken: fresh }) : Promise.reject(new TypeError('offline')))).fetchFn })),
      tokens: memoryTokenStore(),
      profiles: t.profiles,
      now: () => NOW,
      onOnline: (l) => {
        goOnline = l;
        return () => undefined;
      },
    });
    let goOnline: () => void = () => undefined;
    await restarted.start();
    expect(restarted.getSnapshot()).toMatchObject({ status: 'offline-signed-in', ready: true, user: { id: 7, initials: 'AS' } });
    await expect(restarted.getValidToken()).rejects.toMatchObject({ code: 'NETWORK' });
    expect(restarted.getSnapshot().status).toBe('offline-signed-in');

    online = true;
    const seen: string[] = [];
    restarted.subscribe((s) => seen.push(s.status));
    goOnline();
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual(['signed-in']);
    expect(await restarted.getValidToken()).toBe(fresh);
  });

  it('keeps a login made while the start-up refresh was in flight when that refresh is then refused', async () => {
    let answerRefresh: (r: Response) => void = () => undefined;
    const t = setup((req) =>
      req.url === '/api/auth/refresh'
        ? new Promise<Response>((resolve) => (answerRefresh = resolve))
        : json(200, { accessToken: makeToken({ exp: nowS + 900, role: 'admin' }) }),
    );
    const started = t.session.start();
    await new Promise((r) => setTimeout(r, 5));
    await t.session.login('ana@example.com', 'secret-pass');
    answerRefresh(json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await started;
    expect(t.session.getSnapshot()).toMatchObject({ status: 'signed-in', ready: true, user: { id: 7, isAdmin: true } });
    expect(t.tokens.get()).toMatch(/^ey/);
    expect(t.signOuts).toEqual([]);
    expect(await t.profiles.loadLastUser()).toMatchObject({ id: 7 });
  });

  it('keeps a login made while a refused start-up refresh is still looking up the last user of this device', async () => {
    // The probe's 401 has arrived; the session is reading IndexedDB for the last user when the login completes.
    const db = new AstroDb(`auth-${Math.random()}`);
    dbs.push(db);
    const real = createProfileRepository(() => db);
    let releaseLookup: () => void = () => undefined;
    let lookupStarted: () => void = () => undefined;
    const started = new Promise<void>((r) => (lookupStarted = r));
    const profiles = {
      ...real,
      loadLastUser: async () => {
        lookupStarted();
        await new Promise<void>((r) => (releaseLookup = r));
        return real.loadLastUser();
      },
    };
    const tokens = memoryTokenStore(null);
    const { fetchFn } = scriptedFetch((req) =>
      req.url === '/api/auth/refresh' ? json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }) : json(200, { accessToken: makeToken({ exp: nowS + 900, role: 'admin' }) }),
    );
    const session = new AuthSession({ api: createAuthApi(createHttpClient({ fetchFn })), tokens, profiles, now: () => NOW, onOnline: () => () => undefined });
    const signOuts: SignOutReason[] = [];
    session.onSignedOut((r) => signOuts.push(r));
    const starting = session.start();
    await started;
    await session.login('ana@example.com', 'secret-pass');
    releaseLookup();
    await starting;
    expect(session.getSnapshot()).toMatchObject({ status: 'signed-in', ready: true, user: { id: 7, isAdmin: true } });
    expect(tokens.get()).toMatch(/^ey/);
    expect(signOuts).toEqual([]);
    expect(await real.loadLastUser()).toMatchObject({ id: 7 });
  });

  it('does not sign a user back in from a refresh answered after they logged out', async () => {
    let answerRefresh: (r: Response) => void = () => undefined;
    const t = setup(
      (req) =>
        req.url === '/api/auth/refresh'
          ? new Promise<Response>((resolve) => (answerRefresh = resolve))
          : json(200, { accessToken: makeToken({ exp: nowS + 900 }) }),
      { token: makeToken({ exp: nowS + 30 }) },
    );
    const renewing = t.session.getValidToken();
    await new Promise((r) => setTimeout(r, 5));
    await t.session.logout();
    answerRefresh(json(200, { accessToken: makeToken({ exp: nowS + 900 }) }));
    await expect(renewing).resolves.toBeNull();
    expect(t.session.getSnapshot()).toMatchObject({ status: 'signed-out', user: null });
    expect(t.tokens.get()).toBeNull();
    expect(t.signOuts).toEqual(['logout']);
  });

  it('starts signed out when there is no cookie and no known user, without a sign-out event', async () => {
    const t = setup(() => json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await t.session.start();
    expect(t.session.getSnapshot()).toEqual({ status: 'signed-out', user: null, ready: true });
    expect(t.signOuts).toEqual([]);
    await expect(t.session.getValidToken()).resolves.toBeNull();
    expect(refreshCalls(t.requests)).toBe(1);
  });

  it('passes a failed login on as an ApiError and stays signed out', async () => {
    const t = setup(() => json(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }));
    const err = await t.session.login('ana@example.com', 'wrong').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    expect(t.session.getSnapshot().status).toBe('signed-out');
  });

  it('logs out: clears storage, keeps sessions not yet uploaded, removes uploaded ones, even if the server call fails', async () => {
    const t = setup((req) => (req.url === '/api/auth/logout' ? json(500, { message: 'Internal Server Error', code: 'INTERNAL' }) : json(200, { accessToken: makeToken({ exp: nowS + 900 }) })));
    await t.session.login('ana@example.com', 'secret-pass');
    const base = {
      ownerId: 7, serverId: null, source: 'device' as const, name: 'n', date: '2026-01-01T10:00:00Z', circuitId: null, vehicleCategoryId: null,
      favorite: false, weatherConditions: null, hasTexts: true, lapsBytes: 3, nmeaBytes: 3, summary: null,
      lastError: null, updatedAt: 'x', serverUpdatedAt: null, createdAt: 'x',
    };
    await t.db.sessions.bulkAdd([
      { ...base, filename: 'a', syncState: 'Pending' },
      { ...base, filename: 'b', syncState: 'Completed', serverId: 4 },
      { ...base, filename: 'c', syncState: 'Failed' },
      { ...base, filename: 'd', syncState: 'Completed', ownerId: 99 },
    ] as never);
    const { serverError } = await t.session.logout();
    expect(serverError).toMatchObject({ status: 500 });
    expect(t.cleared()).toBe(1);
    expect(t.tokens.get()).toBeNull();
    expect(t.session.getSnapshot().status).toBe('signed-out');
    expect(t.signOuts).toEqual(['logout']);
    expect((await t.db.sessions.toArray()).map((s) => s.filename).sort()).toEqual(['a', 'c', 'd']);
    expect(await t.profiles.loadLastUser()).toBeNull();
  });

  it('checks the admin role with the server: true on 2xx, false on 403', async () => {
    let admin = true;
    const t = setup((req) => (req.url === '/api/auth/check-admin' ? (admin ? new Response(null, { status: 200 }) : json(403, { message: 'Forbidden', code: 'FORBIDDEN' })) : json(500, {})), {
      token: makeToken({ exp: nowS + 600, role: 'admin' }),
    });
    expect(await t.session.checkAdmin()).toBe(true);
    expect(t.requests[0].headers.authorization).toMatch(/^Bearer /);
    admin = false;
    expect(await t.session.checkAdmin()).toBe(false);
  });
});

describe('refresh lock', () => {
  it('runs every refresh of the origin under one Web Lock, so two contexts never send the same cookie at once', async () => {
    const { vi } = await import('vitest');
    const { REFRESH_LOCK } = await import('../../../src/data/auth/auth-api');
    let chain: Promise<unknown> = Promise.resolve();
    const names: string[] = [];
    vi.stubGlobal('navigator', {
      locks: {
        request: (name: string, fn: () => Promise<unknown>) => {
          names.push(name);
          const run = chain.then(fn);
          chain = run.catch(() => undefined);
          return run;
        },
      },
    });
    try {
      let inFlight = 0;
      let maxInFlight = 0;
      const { fetchFn } = scriptedFetch(async () => {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return json(200, { accessToken: makeToken({ exp: nowS + 900 }) });
      });
      const tabA = createAuthApi(createHttpClient({ fetchFn }));
      const tabB = createAuthApi(createHttpClient({ fetchFn }));
      await Promise.all([tabA.refresh(), tabB.refresh(), tabA.refresh()]);
      expect(names).toEqual([REFRESH_LOCK, REFRESH_LOCK, REFRESH_LOCK]);
      expect(maxInFlight).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
