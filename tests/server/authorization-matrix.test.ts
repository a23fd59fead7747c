import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Actor, type Harness } from '../helpers/server-harness';
import { sessionPayload } from '../helpers/session-fixtures';

/**
 * Roles and permissions: every endpoint x anonymous / racer (owner of the fixtures) / another racer / admin.
 * Anonymous gets 401 on protected calls, a racer 403 on /api/admin/*, a racer 404 on another racer's rows.
 */
type Who = 'anonymous' | 'racer' | 'other' | 'admin';
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Built per call, so destructive calls get a fresh target. */
  url: () => Promise<string> | string;
  body?: () => unknown;
  expect: Record<Who, number>;
}

let h: Harness;
const exercised: Array<{ method: string; url: string }> = [];
let racerSession: number;
let countryId: number;
let typeId: number;
let vehicleTypeId: number;
let categoryId: number;
let circuitId: number;

const dt = () => ({ page: 0, pageSize: 5, sortBy: [], filterBy: [] });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const insertId = async (sql: string, params: unknown[]) => (await h.app.db.query<{ id: number }>(sql, params))[0].id;
const freshCountry = () => insertId('insert into countries (name, timezone) values ($1, $2) returning id', [`Matrixland ${uniq()}`, 'Europe/Lisbon']);
const freshNamed = (table: string) => insertId(`insert into ${table} (name) values ($1) returning id`, [`Matrix ${uniq()}`]);
const freshCategory = () => insertId('insert into vehicle_categories (name, vehicle_type_id) values ($1, $2) returning id', [`Matrix ${uniq()}`, vehicleTypeId]);
const freshCircuit = () =>
  insertId("insert into circuits (name, type_id, country_id, coordinates, size, length) values ($1, $2, $3, '41.1;-8.1;41.2;-8.2', 10, 1000) returning id", [
    `Matrix ${uniq()}`,
    typeId,
    countryId,
  ]);
const freshRacerSession = async () => {
  const res = await h.inject({ method: 'POST', url: '/api/sessions', headers: h.racer.headers, payload: sessionPayload() });
  return (res.json() as { id: number }).id;
};
const freshUser = async () => (await h.createUser({ login: false })).id;

const ALL = (n: number): Record<Who, number> => ({ anonymous: n, racer: n, other: n, admin: n });
const AUTH = (n: number): Record<Who, number> => ({ anonymous: 401, racer: n, other: n, admin: n });
const ADMIN = (n: number): Record<Who, number> => ({ anonymous: 401, racer: 403, other: 403, admin: n });
/** Racer-owned rows: the owner and an admin succeed, the other racer gets 404. */
const OWNED = (n: number, admin = n): Record<Who, number> => ({ anonymous: 401, racer: n, other: 404, admin });

function rows(): Row[] {
  const r: Row[] = [
    // Auth
    { method: 'GET', url: () => '/api/auth/check-admin', expect: { anonymous: 401, racer: 403, other: 403, admin: 200 } },
    { method: 'POST', url: () => '/api/auth/logout', expect: ALL(200) },
    { method: 'POST', url: () => '/api/auth/refresh', expect: ALL(401) },
    { method: 'POST', url: () => '/api/auth/reset-password', body: () => ({ email: `nobody-${uniq()}@example.test` }), expect: ALL(200) },
    { method: 'POST', url: () => '/api/auth/resend-verification', body: () => ({ email: `nobody-${uniq()}@example.test` }), expect: ALL(200) },
    { method: 'GET', url: () => '/api/auth/verify?token=not-a-real-token-0123456789', expect: ALL(400) },
    { method: 'POST', url: () => '/api/auth/change-password?token=not-a-real-token-0123456789', body: () => ({ password: 'new-password-1' }), expect: ALL(400) },
    {
      method: 'POST',
      url: () => '/api/auth/register',
      body: () => ({ email: `new-${uniq()}@example.test`, firstName: 'New', lastName: '', password: 'password-123', confirmPassword: 'password-123' }),
      expect: ALL(201),
    },
    { method: 'POST', url: () => '/api/auth/login', body: () => ({ email: 'nobody@example.test', password: 'whatever-123' }), expect: ALL(401) },
    // Users: own record under /users, the rest under /admin/users
    { method: 'GET', url: () => `/api/users/${h.racer.id}`, expect: { anonymous: 401, racer: 200, other: 404, admin: 200 } },
    { method: 'PUT', url: () => `/api/users/${h.racer.id}`, body: () => ({ firstName: 'Rita', lastName: 'Test', birthdate: null, countryId: null, licenceId: null, firmwareVersion: null }), expect: { anonymous: 401, racer: 200, other: 404, admin: 404 } },
    { method: 'PATCH', url: () => `/api/users/${h.racer.id}`, body: () => ({ licenceId: 'L-1' }), expect: { anonymous: 401, racer: 200, other: 404, admin: 404 } },
    { method: 'POST', url: () => '/api/users', body: () => ({ email: `made-${uniq()}@example.test`, firstName: 'Made', password: 'password-123' }), expect: ADMIN(201) },
    { method: 'GET', url: () => '/api/admin/users', expect: ADMIN(200) },
    { method: 'GET', url: () => `/api/admin/users/${h.racer.id}`, expect: ADMIN(200) },
    { method: 'POST', url: () => '/api/admin/users', body: () => ({ email: `made-${uniq()}@example.test`, firstName: 'Made', password: 'password-123' }), expect: ADMIN(201) },
    { method: 'PUT', url: async () => `/api/admin/users/${await freshUser()}`, body: () => ({ active: true }), expect: ADMIN(200) },
    { method: 'PATCH', url: async () => `/api/admin/users/${await freshUser()}`, body: () => ({ active: false }), expect: ADMIN(200) },
    { method: 'DELETE', url: async () => `/api/admin/users/${await freshUser()}`, expect: ADMIN(204) },
    { method: 'POST', url: () => '/api/admin/users/datatable', body: dt, expect: ADMIN(200) },
    // Countries (datatable under /admin)
    { method: 'GET', url: () => '/api/countries', expect: ALL(200) },
    { method: 'GET', url: () => `/api/countries/${countryId}`, expect: ALL(200) },
    { method: 'POST', url: () => '/api/admin/countries/datatable', body: dt, expect: ADMIN(200) },
    { method: 'POST', url: () => '/api/admin/countries', body: () => ({ name: `Newland ${uniq()}`, timezone: 'Europe/Paris' }), expect: ADMIN(201) },
    { method: 'PUT', url: async () => `/api/admin/countries/${await freshCountry()}`, body: () => ({ name: `Renamed ${uniq()}`, timezone: 'Europe/Paris' }), expect: ADMIN(200) },
    { method: 'PATCH', url: async () => `/api/admin/countries/${await freshCountry()}`, body: () => ({ timezone: 'Europe/Madrid' }), expect: ADMIN(200) },
    { method: 'DELETE', url: async () => `/api/admin/countries/${await freshCountry()}`, expect: ADMIN(204) },
  ];
  const named: Array<[string, string]> = [
    ['circuit-types', 'circuit_types'],
    ['vehicle-types', 'vehicle_types'],
  ];
  for (const [path, table] of named) {
    r.push(
      { method: 'GET', url: () => `/api/${path}`, expect: ALL(200) },
      { method: 'GET', url: async () => `/api/${path}/${await freshNamed(table)}`, expect: ALL(200) },
      { method: 'POST', url: () => `/api/${path}/datatable`, body: dt, expect: ALL(200) },
      { method: 'POST', url: () => `/api/admin/${path}`, body: () => ({ name: `New ${uniq()}` }), expect: ADMIN(201) },
      { method: 'PUT', url: async () => `/api/admin/${path}/${await freshNamed(table)}`, body: () => ({ name: `Put ${uniq()}` }), expect: ADMIN(200) },
      { method: 'PATCH', url: async () => `/api/admin/${path}/${await freshNamed(table)}`, body: () => ({ name: `Patch ${uniq()}` }), expect: ADMIN(200) },
      { method: 'DELETE', url: async () => `/api/admin/${path}/${await freshNamed(table)}`, expect: ADMIN(204) },
    );
  }
  r.push(
    { method: 'GET', url: () => '/api/vehicle-categories', expect: ALL(200) },
    { method: 'GET', url: () => `/api/vehicle-categories/${categoryId}`, expect: ALL(200) },
    { method: 'POST', url: () => '/api/vehicle-categories/datatable', body: dt, expect: ALL(200) },
    { method: 'POST', url: () => '/api/admin/vehicle-categories', body: () => ({ name: `Cat ${uniq()}`, vehicleTypeId }), expect: ADMIN(201) },
    { method: 'PUT', url: async () => `/api/admin/vehicle-categories/${await freshCategory()}`, body: () => ({ name: `Cat ${uniq()}`, vehicleTypeId }), expect: ADMIN(200) },
    { method: 'PATCH', url: async () => `/api/admin/vehicle-categories/${await freshCategory()}`, body: () => ({ name: `Cat ${uniq()}` }), expect: ADMIN(200) },
    { method: 'DELETE', url: async () => `/api/admin/vehicle-categories/${await freshCategory()}`, expect: ADMIN(204) },
    { method: 'GET', url: () => '/api/circuits', expect: ALL(200) },
    { method: 'GET', url: () => `/api/circuits/${circuitId}`, expect: ALL(200) },
    { method: 'POST', url: () => '/api/circuits/datatable', body: dt, expect: ALL(200) },
    {
      method: 'POST',
      url: () => '/api/admin/circuits',
      body: () => ({ name: `Circuit ${uniq()}`, typeId, countryId, length: 1200, coordinates: '41.5;-8.4;41.6;-8.5', size: 12 }),
      expect: ADMIN(201),
    },
    {
      method: 'PUT',
      url: async () => `/api/admin/circuits/${await freshCircuit()}`,
      body: () => ({ name: `Circuit ${uniq()}`, typeId, countryId, length: 1300, coordinates: '41.5;-8.4', size: 11 }),
      expect: ADMIN(200),
    },
    { method: 'PATCH', url: async () => `/api/admin/circuits/${await freshCircuit()}`, body: () => ({ description: 'Fast' }), expect: ADMIN(200) },
    { method: 'DELETE', url: async () => `/api/admin/circuits/${await freshCircuit()}`, expect: ADMIN(204) },
    // A racer's own circuit (saved from a session) and an admin promoting one to reference data
    { method: 'POST', url: () => '/api/circuits/mine', body: () => ({ name: `Mine ${uniq()}`, typeId, countryId, coordinates: '41.5;-8.4', size: 12 }), expect: AUTH(201) },
    { method: 'GET', url: () => '/api/admin/circuits/user', expect: ADMIN(200) },
    { method: 'POST', url: async () => `/api/admin/circuits/${await freshCircuit()}/promote`, expect: ADMIN(200) },
    // Sessions: own rows under /sessions (admin may act on any), every row under /admin/sessions
    { method: 'GET', url: () => '/api/sessions', expect: AUTH(200) },
    { method: 'POST', url: () => '/api/sessions/datatable', body: dt, expect: AUTH(200) },
    { method: 'POST', url: () => '/api/sessions', body: () => sessionPayload(), expect: AUTH(201) },
    { method: 'GET', url: () => `/api/sessions/${racerSession}`, expect: OWNED(200) },
    { method: 'PUT', url: () => `/api/sessions/${racerSession}`, body: () => ({ ...sessionPayload(), filename: 'matrix-put-target' }), expect: OWNED(200) },
    { method: 'PATCH', url: () => `/api/sessions/${racerSession}`, body: () => ({ favorite: true }), expect: OWNED(200) },
    { method: 'DELETE', url: async () => `/api/sessions/${await freshRacerSession()}`, expect: OWNED(204) },
    // Every session of the caller private at once (sharing-authorization.test.ts covers the sharing routes).
    { method: 'POST', url: () => '/api/sessions/private-all', expect: AUTH(200) },
    { method: 'POST', url: () => '/api/admin/sessions/datatable', body: dt, expect: ADMIN(200) },
    { method: 'GET', url: () => `/api/admin/sessions/${racerSession}`, expect: ADMIN(200) },
  );
  return r;
}

beforeAll(async () => {
  h = await createHarness();
  racerSession = await freshRacerSession();
  countryId = await freshCountry();
  typeId = await freshNamed('circuit_types');
  vehicleTypeId = await freshNamed('vehicle_types');
  categoryId = await freshCategory();
  circuitId = await freshCircuit();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

describe('authorization matrix', () => {
  const who: Who[] = ['anonymous', 'racer', 'other', 'admin'];
  const actor = (w: Who): Actor | null => (w === 'anonymous' ? null : h[w]);
  // The table is built lazily (ids exist only after beforeAll), so one test walks it and reports every mismatch.
  it('answers every endpoint with the expected status for anonymous, racer, another racer and admin', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const row of rows()) {
      for (const w of who) {
        const a = actor(w);
        const url = await row.url();
        exercised.push({ method: row.method, url });
        const res = await h.inject({ method: row.method, url, headers: a ? a.headers : {}, ...(row.body ? { payload: row.body() as object } : {}) });
        checked += 1;
        if (res.statusCode !== row.expect[w]) mismatches.push(`${row.method} ${url} as ${w}: ${res.statusCode} (expected ${row.expect[w]}) ${res.body.slice(0, 120)}`);
        if (res.statusCode >= 400) expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('covers every route of the core API (auth, users, reference data, sessions)', () => {
    const mine = /^\/api\/(auth|users|admin\/users|countries|admin\/countries|circuit-types|admin\/circuit-types|circuits|admin\/circuits|vehicle-types|admin\/vehicle-types|vehicle-categories|admin\/vehicle-categories|sessions|admin\/sessions)(\/|$)/;
    const registered = h.app.routeTable.filter((r) => mine.test(r.url));
    expect(registered.length).toBeGreaterThan(50);
    const missing = registered.filter((r) => {
      const pattern = new RegExp(`^${r.url.replace(/:[a-zA-Z]+/g, '[^/?]+')}(\\?.*)?$`);
      return !exercised.some((e) => e.method === r.method && pattern.test(e.url));
    });
    expect(missing).toEqual([]);
  });

  it('lets a racer read another racer\'s session only as a 404, never its content', async () => {
    const res = await h.inject({ method: 'GET', url: `/api/sessions/${racerSession}`, headers: h.other.headers });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Kartodromo');
    const list = await h.inject({ method: 'GET', url: '/api/sessions', headers: h.other.headers });
    expect((list.json() as Array<{ id: number }>).map((s) => s.id)).not.toContain(racerSession);
  });
});
