import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { HOOK_TIMEOUT_MS, createHarness, type Actor, type Harness } from '../helpers/server-harness';
import { sessionPayload } from '../helpers/session-fixtures';
import { issueOneTimeToken } from '../../server/auth/one-time-tokens';
import { ACCESS_STATE_TTL_MS, cachedAccessState } from '../../server/auth/access-state';

/**
 * Deactivating a user or resetting their password ends their access tokens at once (not when the 15 minutes run
 * out) and their refresh cookies too.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

const upload = (who: Actor, filename: string) => h.inject({ method: 'POST', url: '/api/sessions', headers: who.headers, payload: sessionPayload({ filename }) });
const refresh = (who: Actor) => h.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: who.refreshCookie } });
const setActive = (id: number, active: boolean) => h.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: h.admin.headers, payload: { active } });

describe('access tokens end with the login', () => {
  it('a deactivated user can no longer upload, read or refresh with the tokens they had', async () => {
    const racer = await h.createUser();
    expect((await upload(racer, 'before-deactivation')).statusCode).toBe(201);
    expect((await setActive(racer.id, false)).statusCode).toBe(200);

    const res = await upload(racer, 'after-deactivation');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await h.inject({ method: 'GET', url: '/api/sessions', headers: racer.headers })).statusCode).toBe(401);
    expect((await refresh(racer)).statusCode).toBe(401);
    const [row] = await h.app.db.query<{ n: number }>("select count(*)::int as n from sessions where filename = 'after-deactivation'");
    expect(row.n).toBe(0);

    // Reactivated, they log in again; the old token stays dead.
    expect((await setActive(racer.id, true)).statusCode).toBe(200);
    const login = await h.login(racer.email, racer.password);
    expect(login.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${(login.json() as { accessToken: string }).accessToken}` };
    expect((await h.inject({ method: 'GET', url: '/api/sessions', headers: fresh })).statusCode).toBe(200);
    expect((await h.inject({ method: 'GET', url: '/api/sessions', headers: racer.headers })).statusCode).toBe(401);
  });

  it('a password reset ends the access tokens and refresh cookies issued before it', async () => {
    const racer = await h.createUser();
    expect((await h.inject({ method: 'GET', url: '/api/sessions', headers: racer.headers })).statusCode).toBe(200);
    const token = await issueOneTimeToken(h.app.db, racer.id, 'reset');
    const change = await h.inject({ method: 'POST', url: `/api/auth/change-password?token=${token}`, payload: { password: 'a-new-password-1' } });
    expect(change.statusCode).toBe(200);

    expect((await h.inject({ method: 'GET', url: '/api/sessions', headers: racer.headers })).statusCode).toBe(401);
    expect((await upload(racer, 'after-reset')).statusCode).toBe(401);
    expect((await refresh(racer)).statusCode).toBe(401);

    const login = await h.login(racer.email, 'a-new-password-1');
    expect(login.statusCode).toBe(200);
    const claims = decodeJwt((login.json() as { accessToken: string }).accessToken);
    expect(claims.tv).toBe(1);
    expect((await h.inject({ method: 'GET', url: '/api/sessions', headers: { authorization: `Bearer ${(login.json() as { accessToken: string }).accessToken}` } })).statusCode).toBe(200);
  });

  it('a deleted user\'s token is refused', async () => {
    const racer = await h.createUser();
    expect((await h.inject({ method: 'DELETE', url: `/api/admin/users/${racer.id}`, headers: h.admin.headers })).statusCode).toBe(204);
    expect((await h.inject({ method: 'GET', url: `/api/users/${racer.id}`, headers: racer.headers })).statusCode).toBe(401);
  });

  it('a change made by another API process is seen once the cached state is older than the TTL', async () => {
    const racer = await h.createUser();
    const t0 = Date.now();
    expect(await cachedAccessState(h.app.db, racer.id, t0)).toMatchObject({ active: true, tokenVersion: 0 });
    // Written straight to the database, as another process would: this process's cache does not know.
    await h.app.db.query('update users set active = false, token_version = token_version + 1 where id = $1', [racer.id]);
    expect(await cachedAccessState(h.app.db, racer.id, t0 + ACCESS_STATE_TTL_MS - 1)).toMatchObject({ active: true, tokenVersion: 0 });
    expect(await cachedAccessState(h.app.db, racer.id, t0 + ACCESS_STATE_TTL_MS)).toMatchObject({ active: false, tokenVersion: 1 });
  });
});
