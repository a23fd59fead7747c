import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { sessionPayload } from '../helpers/session-fixtures';

/**
 * API answers that carry personal data are sent with `Cache-Control: no-store`, so that no browser cache, proxy or
 * shared cache keeps a racer's profile, sessions, tokens or teams; errors too. Public answers that may be cached say
 * so themselves (map configuration).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

describe('Cache-Control on API answers', { timeout: HOOK_TIMEOUT_MS }, () => {
  it('login, refresh, profile, sessions, one session, teams and an admin list are no-store', async () => {
    const login = await h.login(h.racer.email, h.racer.password);
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refresh = await h.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: h.racer.refreshCookie } });
    expect(refresh.headers['cache-control']).toBe('no-store');

    const created = await h.inject({ method: 'POST', url: '/api/sessions', headers: h.racer.headers, payload: sessionPayload() });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const id = (created.json() as { id: number }).id;

    const gets = [`/api/users/${h.racer.id}`, '/api/sessions', `/api/sessions/${id}`, '/api/teams', '/api/team-invitations'];
    for (const url of gets) {
      const res = await h.inject({ method: 'GET', url, headers: h.racer.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const admin = await h.inject({ method: 'GET', url: '/api/admin/users', headers: h.admin.headers });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['cache-control']).toBe('no-store');
  });

  it('error answers are no-store too, and the map configuration keeps its own public caching', async () => {
    const denied = await h.inject({ method: 'GET', url: `/api/users/${h.other.id}`, headers: h.racer.headers });
    expect(denied.statusCode).toBe(404);
    expect(denied.headers['cache-control']).toBe('no-store');
    const anonymous = await h.inject({ method: 'GET', url: '/api/sessions' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');

    const mapConfig = await h.inject({ method: 'GET', url: '/api/map-config' });
    expect(mapConfig.statusCode).toBe(200);
    expect(mapConfig.headers['cache-control']).toBe('public, max-age=300');
  });
});
