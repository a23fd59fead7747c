import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../helpers/server-harness';

/**
 * Every admin endpoint the admin screens call, as full create / read / update / patch / datatable /
 * delete round trips (the authorization matrix in authorization-matrix.test.ts checks who may call them).
 */
let h: Harness;
const uniq = () => Math.random().toString(36).slice(2, 8);
const dt = (filterBy: unknown[] = [], sortBy: unknown[] = []) => ({ page: 0, pageSize: 10, sortBy, filterBy });

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who = h.admin) {
  return h.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

interface Case {
  name: string;
  admin: string;
  datatable: string;
  create: () => Promise<Record<string, unknown>>;
  update: (id: number) => Promise<Record<string, unknown>>;
}

let vehicleTypeId = 0;
let countryId = 0;
let typeId = 0;

const cases: Case[] = [
  {
    name: 'countries',
    admin: '/api/admin/countries',
    datatable: '/api/admin/countries/datatable',
    create: async () => ({ name: `Country ${uniq()}`, timezone: 'Europe/Lisbon' }),
    update: async () => ({ name: `Country ${uniq()} edited`, timezone: 'Atlantic/Azores' }),
  },
  {
    name: 'circuit-types',
    admin: '/api/admin/circuit-types',
    datatable: '/api/circuit-types/datatable',
    create: async () => ({ name: `Type ${uniq()}` }),
    update: async () => ({ name: `Type ${uniq()} edited` }),
  },
  {
    name: 'vehicle-types',
    admin: '/api/admin/vehicle-types',
    datatable: '/api/vehicle-types/datatable',
    create: async () => ({ name: `Vehicle ${uniq()}` }),
    update: async () => ({ name: `Vehicle ${uniq()} edited` }),
  },
  {
    name: 'vehicle-categories',
    admin: '/api/admin/vehicle-categories',
    datatable: '/api/vehicle-categories/datatable',
    create: async () => ({ name: `Category ${uniq()}`, vehicleTypeId }),
    update: async () => ({ name: `Category ${uniq()} edited`, vehicleTypeId }),
  },
  {
    name: 'circuits',
    admin: '/api/admin/circuits',
    datatable: '/api/circuits/datatable',
    create: async () => ({ name: `Circuit ${uniq()}`, countryId, typeId, length: 1200, size: 12, coordinates: '41.5;-8.4;41.501;-8.401' }),
    update: async () => ({ name: `Circuit ${uniq()} edited`, countryId, typeId, length: 1300, size: 14, coordinates: '41.5;-8.4;41.501;-8.401;41.502;-8.402', configuration: 'Inverted' }),
  },
];

describe('admin reference data endpoints', () => {
  beforeAll(async () => {
    vehicleTypeId = (await call('POST', '/api/admin/vehicle-types', { name: `VT ${uniq()}` })).json().id;
    countryId = (await call('POST', '/api/admin/countries', { name: `Land ${uniq()}`, timezone: 'Europe/Lisbon' })).json().id;
    typeId = (await call('POST', '/api/admin/circuit-types', { name: `CT ${uniq()}` })).json().id;
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: create, read, datatable, put, patch, delete', async (_name, c) => {
    const body = await c.create();
    const created = await call('POST', c.admin, body);
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json() as { id: number; name: string };
    expect(row).toMatchObject(body);

    const publicPath = c.admin.replace('/admin', '');
    expect((await h.inject({ method: 'GET', url: `${publicPath}/${row.id}` })).json()).toMatchObject({ id: row.id, name: row.name });

    const table = await call('POST', c.datatable, dt([{ field: 'name', value: row.name, type: 'text', matchMode: 'equals' }]));
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json()).toMatchObject({ totalRecords: 1, data: [{ id: row.id }] });

    const next = await c.update(row.id);
    const put = await call('PUT', `${c.admin}/${row.id}`, next);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject(next);

    const patched = await call('PATCH', `${c.admin}/${row.id}`, { name: `${String(next.name)} patched` });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: `${String(next.name)} patched` });

    const missingBody = await call('POST', c.admin, {});
    expect(missingBody.statusCode).toBe(400);

    expect((await call('DELETE', `${c.admin}/${row.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `${c.admin}/${row.id}`)).statusCode).toBe(404);
    expect((await h.inject({ method: 'GET', url: `${publicPath}/${row.id}` })).statusCode).toBe(404);
  });

  it('refuses to delete a country that circuits use (the admin sees the failure toast)', async () => {
    const land = (await call('POST', '/api/admin/countries', { name: `Held ${uniq()}`, timezone: 'Europe/Lisbon' })).json() as { id: number };
    const circuit = await call('POST', '/api/admin/circuits', { name: `Holder ${uniq()}`, countryId: land.id, typeId, length: 1, size: 10, coordinates: '1;1' });
    expect(circuit.statusCode, circuit.body).toBe(201);
    const refused = await call('DELETE', `/api/admin/countries/${land.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('rejects circuits whose coordinates are not lat;lon pairs', async () => {
    for (const coordinates of ['', '41.5', '41.5;-8.4;41.6', 'a;b']) {
      const res = await call('POST', '/api/admin/circuits', { name: `Bad ${uniq()}`, countryId, typeId, length: 1, size: 10, coordinates });
      expect(res.statusCode, coordinates).toBe(400);
    }
  });
});

describe('admin users endpoints', () => {
  it('creates a user, edits only the active flag and deletes it', async () => {
    const email = `made-${uniq()}@example.test`;
    const created = await call('POST', '/api/admin/users', { email, firstName: 'Made', lastName: 'Here', password: 'password-123' });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json() as { id: number; active: boolean; verified: boolean };
    expect(user).toMatchObject({ active: true, verified: true });

    const off = await call('PATCH', `/api/admin/users/${user.id}`, { active: false });
    expect(off.json()).toMatchObject({ id: user.id, active: false, firstName: 'Made' });
    const on = await call('PUT', `/api/admin/users/${user.id}`, { active: true });
    expect(on.json()).toMatchObject({ active: true });
    // Only 'active' is editable by an admin (the rest of a profile is the user's own).
    for (const payload of [{ firstName: 'Other' }, { active: true, verified: false }, { email: 'x@y.test' }]) {
      expect((await call('PATCH', `/api/admin/users/${user.id}`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }

    const table = await call('POST', '/api/admin/users/datatable', dt([{ field: 'email', value: email, type: 'text', matchMode: 'equals' }]));
    expect(table.json()).toMatchObject({ totalRecords: 1, data: [{ id: user.id }] });
    expect((await call('GET', `/api/admin/users/${user.id}`)).json()).toMatchObject({ email });

    expect((await call('DELETE', `/api/admin/users/${user.id}`, undefined, h.racer)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/users/${user.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/users/${user.id}`)).statusCode).toBe(404);
  });

  it('keeps an admin from deactivating or deleting their own account', async () => {
    expect((await call('PATCH', `/api/admin/users/${h.admin.id}`, { active: false })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/admin/users/${h.admin.id}`)).statusCode).toBe(409);
  });
});

describe('admin sessions endpoint', () => {
  it("lists every user's sessions with the first name, sorted by first name descending by default", async () => {
    const { sessionPayload } = await import('../helpers/session-fixtures');
    for (const who of [h.racer, h.other]) {
      const res = await h.inject({ method: 'POST', url: '/api/sessions', headers: who.headers, payload: sessionPayload() });
      expect(res.statusCode, res.body).toBe(201);
    }
    const table = await call('POST', '/api/admin/sessions/datatable', dt());
    expect(table.statusCode, table.body).toBe(200);
    const names = (table.json() as { data: Array<{ user: { firstName: string } }> }).data.map((r) => r.user.firstName);
    expect(names).toEqual([...names].sort().reverse());
    expect(new Set(names)).toEqual(new Set(['Rita', 'Otto']));
    const byName = await call('POST', '/api/admin/sessions/datatable', dt([{ field: 'user.firstName', value: 'otto', type: 'text', matchMode: 'equals' }]));
    expect((byName.json() as { data: Array<{ userId: number }> }).data.every((r) => r.userId === h.other.id)).toBe(true);
  });
});
