import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';

/** Malformed JSON, wrong types, unknown fields, oversize bodies -> a clear 4xx, never a 500, and the server keeps serving. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

const raw = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
  h.inject({ method, url, payload, headers: { 'content-type': 'application/json', ...h.admin.headers, ...headers } });

const expect4xx = (res: { statusCode: number; json(): unknown; body: string }, label: string) => {
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  const body = res.json() as { message: string; code: string };
  expect(typeof body.message, label).toBe('string');
  expect(typeof body.code, label).toBe('string');
  expect(res.body, label).not.toMatch(/at \w+ \(|node_modules|select |insert |syntax error/i);
};

describe('bad input', () => {
  it('malformed JSON on every kind of write is a 400', async () => {
    const targets: Array<['POST' | 'PUT' | 'PATCH', string]> = [
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/admin/countries'],
      ['PUT', '/api/admin/countries/1'],
      ['PATCH', `/api/users/${h.admin.id}`],
      ['POST', '/api/sessions'],
      ['POST', '/api/sessions/datatable'],
    ];
    for (const [method, url] of targets) {
      for (const body of ['{', '{"email": }', 'null', '"just a string"', '[1,2', '{"__proto__": {"admin": true}}']) {
        const res = await raw(method, url, body);
        expect4xx(res, `${method} ${url} ${body}`);
      }
    }
  });

  it('wrong types and unknown fields are 400 with the field named', async () => {
    const res = await raw('POST', '/api/admin/countries', JSON.stringify({ name: 42, timezone: 'Europe/Lisbon' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { name: expect.any(String) } });
    const unknown = await raw('POST', '/api/admin/countries', JSON.stringify({ name: 'X', timezone: 'Europe/Lisbon', id: 5 }));
    expect(unknown.statusCode).toBe(400);
    const circuit = await raw('POST', '/api/admin/circuits', JSON.stringify({ name: 'C', typeId: 'one', countryId: 1, length: 1, coordinates: '1;2', size: 5 }));
    expect(circuit.json().fields).toHaveProperty('typeId');
    const coords = await raw('POST', '/api/admin/circuits', JSON.stringify({ name: 'C', typeId: 1, countryId: 1, length: 1, coordinates: 'north;south', size: 5 }));
    expect(coords.statusCode).toBe(400);
    const missingRef = await raw('POST', '/api/admin/circuits', JSON.stringify({ name: 'C', typeId: 999999, countryId: 1, length: 1, coordinates: '1;2', size: 5 }));
    expect(missingRef.statusCode).toBe(400);
    const selfRole = await raw('PATCH', `/api/users/${h.racer.id}`, JSON.stringify({ role: 'admin' }), h.racer.headers);
    expect(selfRole.statusCode).toBe(400);
    const adminEditsName = await raw('PATCH', `/api/admin/users/${h.racer.id}`, JSON.stringify({ firstName: 'Hacked' }));
    expect(adminEditsName.statusCode).toBe(400);
    const hugeInt = await raw('PATCH', `/api/users/${h.racer.id}`, JSON.stringify({ countryId: 1e20 }), h.racer.headers);
    expect4xx(hugeInt, 'huge countryId');
    const badDate = await raw('PATCH', `/api/users/${h.racer.id}`, JSON.stringify({ birthdate: '2026-13-45' }), h.racer.headers);
    expect4xx(badDate, 'birthdate out of range');
  });

  it('oversize bodies are 413 outside the sessions upload (1 MB limit)', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1_100_000), timezone: 'UTC' });
    const res = await raw('POST', '/api/admin/countries', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('unsupported content types and encodings are 415', async () => {
    const xml = await h.inject({ method: 'POST', url: '/api/auth/login', payload: '<login/>', headers: { 'content-type': 'application/xml' } });
    expect4xx(xml, 'xml');
    expect(xml.statusCode).toBe(415);
    const enc = await raw('POST', '/api/sessions/datatable', '{}', { 'content-encoding': 'compress' });
    expect4xx(enc, 'content-encoding compress');
  });

  it('a duplicate unique name is a 409, deleting a referenced row is a 409', async () => {
    const dup = await raw('POST', '/api/admin/countries', JSON.stringify({ name: 'portugal', timezone: 'Europe/Lisbon' }));
    expect(dup.statusCode, dup.body).toBe(409);
    const [pt] = await h.app.db.query<{ id: number }>("select id from countries where name = 'Portugal'");
    const del = await h.inject({ method: 'DELETE', url: `/api/admin/countries/${pt.id}`, headers: h.admin.headers });
    expect(del.statusCode, del.body).toBe(409);
    expect(del.json().message).toMatch(/in use/);
  });

  it('an unknown /api path is a JSON 404 and the server still serves afterwards', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found', code: 'NOT_FOUND', messageId: 'notFound' });
    expect((await h.inject({ method: 'DELETE', url: '/api/countries' })).statusCode).toBe(404);
    expect((await h.inject({ method: 'GET', url: '/api/countries' })).statusCode).toBe(200);
  });

  it('responses carry a CSP that allows the app, its worker and the map tiles', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/countries' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org/);
    expect(csp).toContain("connect-src 'self' https://tile.openstreetmap.org");
  });

  it('a database failure is a generic 500 without internals', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/countries', headers: {} });
    expect(res.statusCode).toBe(200);
    // Break the countries table for a moment to force an unexpected SQL error.
    await h.app.db.query('alter table countries rename to countries_away');
    try {
      const broken = await h.inject({ method: 'GET', url: '/api/countries' });
      expect(broken.statusCode).toBe(500);
      expect(broken.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL', messageId: 'internalError' });
    } finally {
      await h.app.db.query('alter table countries_away rename to countries');
    }
    expect((await h.inject({ method: 'GET', url: '/api/countries' })).statusCode).toBe(200);
  });
});
