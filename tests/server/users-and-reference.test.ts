import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { sessionPayload } from '../helpers/session-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

describe('users', () => {
  it('a racer reads and edits their own profile fields, never role, active or email', async () => {
    const [pt] = await h.app.db.query<{ id: number }>("select id from countries where name = 'Portugal'");
    const res = await h.inject({
      method: 'PUT',
      url: `/api/users/${h.racer.id}`,
      headers: h.racer.headers,
      payload: { firstName: 'Rita', lastName: 'Silva', birthdate: '1990-02-28', countryId: pt.id, licenceId: 'FPAK-123', firmwareVersion: '1.5.2' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Silva', birthdate: '1990-02-28', countryId: pt.id, licenceId: 'FPAK-123', role: 'user', active: true, verified: true });
    expect(res.json()).not.toHaveProperty('password');
    expect(res.json()).not.toHaveProperty('passwordHash');
    const got = await h.inject({ method: 'GET', url: `/api/users/${h.racer.id}`, headers: h.racer.headers });
    expect(got.json().birthdate).toBe('1990-02-28');
    for (const payload of [{ role: 'admin' }, { active: false }, { email: 'x@example.test' }, { verified: true }]) {
      expect((await h.inject({ method: 'PATCH', url: `/api/users/${h.racer.id}`, headers: h.racer.headers, payload })).statusCode).toBe(400);
    }
    const unknownCountry = await h.inject({ method: 'PATCH', url: `/api/users/${h.racer.id}`, headers: h.racer.headers, payload: { countryId: 999_999 } });
    expect(unknownCountry.statusCode).toBe(400);
  });

  it('an admin edits only the active flag; deactivating ends the user\'s logins', async () => {
    const u = await h.createUser();
    const off = await h.inject({ method: 'PATCH', url: `/api/admin/users/${u.id}`, headers: h.admin.headers, payload: { active: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: u.id, active: false });
    expect((await h.login(u.email, u.password)).json()).toMatchObject({ code: 'INACTIVE' });
    expect((await h.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: u.refreshCookie } })).statusCode).toBe(401);
    const on = await h.inject({ method: 'PUT', url: `/api/admin/users/${u.id}`, headers: h.admin.headers, payload: { active: true } });
    expect(on.json().active).toBe(true);
    expect((await h.login(u.email, u.password)).statusCode).toBe(200);
  });

  it('an admin cannot deactivate or delete their own account', async () => {
    expect((await h.inject({ method: 'PATCH', url: `/api/admin/users/${h.admin.id}`, headers: h.admin.headers, payload: { active: false } })).statusCode).toBe(409);
    expect((await h.inject({ method: 'DELETE', url: `/api/admin/users/${h.admin.id}`, headers: h.admin.headers })).statusCode).toBe(409);
  });

  it('an admin creates verified accounts that can log in at once, and duplicates are 409', async () => {
    const res = await h.inject({ method: 'POST', url: '/api/admin/users', headers: h.admin.headers, payload: { email: 'Created@Example.test', firstName: 'Carla', password: 'password-123' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'created@example.test', verified: true, active: true, role: 'user' });
    expect((await h.login('created@example.test', 'password-123')).statusCode).toBe(200);
    expect((await h.inject({ method: 'POST', url: '/api/admin/users', headers: h.admin.headers, payload: { email: 'created@example.test', firstName: 'C', password: 'password-123' } })).statusCode).toBe(409);
  });

  it('deleting a user deletes their sessions and their logins', async () => {
    const u = await h.createUser();
    const s = await h.inject({ method: 'POST', url: '/api/sessions', headers: u.headers, payload: sessionPayload() });
    expect(s.statusCode).toBe(201);
    expect((await h.inject({ method: 'DELETE', url: `/api/admin/users/${u.id}`, headers: h.admin.headers })).statusCode).toBe(204);
    expect(await h.app.db.query('select 1 from sessions where user_id = $1', [u.id])).toEqual([]);
    expect((await h.inject({ method: 'GET', url: `/api/admin/users/${u.id}`, headers: h.admin.headers })).statusCode).toBe(404);
    expect((await h.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: u.refreshCookie } })).statusCode).toBe(401);
  });
});

describe('reference data', () => {
  it('an admin creates, reads, patches and deletes each kind, with joined names in the answers', async () => {
    const post = (url: string, payload: object) => h.inject({ method: 'POST', url: `/api/admin/${url}`, headers: h.admin.headers, payload });
    const country = (await post('countries', { name: 'Atlantis', timezone: 'Atlantic/Azores' })).json();
    const ctype = (await post('circuit-types', { name: 'Oval' })).json();
    const vtype = (await post('vehicle-types', { name: 'Truck' })).json();
    const cat = (await post('vehicle-categories', { name: 'Heavy', vehicleTypeId: vtype.id })).json();
    expect(cat.vehicleType).toEqual({ id: vtype.id, name: 'Truck' });
    const circuit = await post('circuits', { name: 'Atlantis Oval', typeId: ctype.id, countryId: country.id, length: 2400, coordinates: '38.7;-27.2;38.71;-27.21', size: 15 });
    expect(circuit.statusCode).toBe(201);
    expect(circuit.json()).toMatchObject({
      name: 'Atlantis Oval',
      userId: h.admin.id,
      configuration: 'Regular',
      direction: 'Clockwise',
      description: '',
      type: { id: ctype.id, name: 'Oval' },
      country: { id: country.id, name: 'Atlantis', timezone: 'Atlantic/Azores' },
    });
    const id = circuit.json().id;
    const patched = await h.inject({ method: 'PATCH', url: `/api/admin/circuits/${id}`, headers: h.admin.headers, payload: { configuration: 'Inverted', direction: 'Counterclockwise' } });
    expect(patched.json()).toMatchObject({ configuration: 'Inverted', direction: 'Counterclockwise', length: 2400 });
    expect((await h.inject({ method: 'GET', url: `/api/circuits/${id}` })).json().configuration).toBe('Inverted');
    // In use: the type cannot go before its circuit.
    expect((await h.inject({ method: 'DELETE', url: `/api/admin/circuit-types/${ctype.id}`, headers: h.admin.headers })).statusCode).toBe(409);
    expect((await h.inject({ method: 'DELETE', url: `/api/admin/vehicle-types/${vtype.id}`, headers: h.admin.headers })).statusCode).toBe(409);
    for (const [path, rid] of [['circuits', id], ['circuit-types', ctype.id], ['vehicle-categories', cat.id], ['vehicle-types', vtype.id], ['countries', country.id]] as const) {
      expect((await h.inject({ method: 'DELETE', url: `/api/admin/${path}/${rid}`, headers: h.admin.headers })).statusCode, path).toBe(204);
      expect((await h.inject({ method: 'GET', url: `/api/${path}/${rid}` })).statusCode, path).toBe(404);
    }
  });

  it('a session whose circuit is deleted keeps existing without a circuit', async () => {
    const [type] = await h.app.db.query<{ id: number }>('select id from circuit_types limit 1');
    const [country] = await h.app.db.query<{ id: number }>('select id from countries limit 1');
    const c = (
      await h.inject({ method: 'POST', url: '/api/admin/circuits', headers: h.admin.headers, payload: { name: 'Temp Track', typeId: type.id, countryId: country.id, length: 900, coordinates: '1;2', size: 9 } })
    ).json();
    const s = (await h.inject({ method: 'POST', url: '/api/sessions', headers: h.racer.headers, payload: sessionPayload({ circuitId: c.id }) })).json();
    expect(s.circuit.name).toBe('Temp Track');
    expect((await h.inject({ method: 'DELETE', url: `/api/admin/circuits/${c.id}`, headers: h.admin.headers })).statusCode).toBe(204);
    const after = (await h.inject({ method: 'GET', url: `/api/sessions/${s.id}`, headers: h.racer.headers })).json();
    expect(after).toMatchObject({ circuitId: null, circuit: null });
  });
});
