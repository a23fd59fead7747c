import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHarness, type Actor, type Harness } from '../helpers/server-harness';

/**
 * Security: every JSON endpoint the API registers (read from the app's own route table, so a new route
 * is fuzzed without editing this file) gets fast-check generated bodies - arbitrary JSON, objects built from the
 * field names the API knows with values of every type, and bytes that are not JSON at all - as an admin and as a
 * racer. The server must never answer 5xx, and must keep serving afterwards.
 */

let h: Harness;
let victim: Actor;
beforeAll(async () => {
  h = await createHarness();
  victim = await h.createUser({ firstName: 'Fuzz' });
});
afterAll(async () => {
  await h?.close();
});

/** Field names used by the API's write schemas, so generated objects reach the handlers' deeper checks. */
const FIELDS = [
  'email', 'password', 'confirmPassword', 'firstName', 'lastName', 'role', 'active', 'verified', 'name', 'filename',
  'circuitId', 'vehicleCategoryId', 'vehicleTypeId', 'countryId', 'typeId', 'date', 'coordinates', 'laps', 'favorite',
  'weatherConditions', 'baseUpdatedAt', 'timezone', 'code', 'size', 'abbreviation', 'locale', 'key', 'value', 'keys',
  'page', 'pageSize', 'sortBy', 'filterBy', 'field', 'order', 'type', 'matchMode', 'first', 'rows', 'filters',
  'circuit', 'category', 'period', 'from', 'to', 'limit', 'offset', 'token', 'version', '__proto__', 'constructor',
];

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('', ' ', "'; drop table users; --", '%', '\\', '\u0000', 'NaN', 'Infinity', '1;2;3', '2026-13-45T99:99:99Z', 'a'.repeat(5000)),
);
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...FIELDS), tie('v'), { maxKeys: 4 })),
})).v;
const knownShape = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 10 });
const body = fc.oneof(
  knownShape.map((o) => ({ kind: 'json' as const, payload: JSON.stringify(o) })),
  fc.jsonValue().map((v) => ({ kind: 'json' as const, payload: JSON.stringify(v) })),
  fc.string({ maxLength: 200 }).map((s) => ({ kind: 'raw' as const, payload: s })),
);

const ids = () => fc.constantFrom(String(victim.id), '1', '2', '999999', '0', '-1', 'abc', '1.5', '99999999999999999999', '%00');

function fillParams(url: string, id: string): string {
  return url.replace(/:[A-Za-z]+/g, encodeURIComponent(id));
}

const routes = () => {
  const seen = new Set<string>();
  return h.app.routeTable
    .filter((r) => r.url.startsWith('/api/'))
    .filter((r) => {
      const k = `${r.method} ${r.url}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
};

describe('fuzzing every JSON endpoint', () => {
  it('the route table lists the API, including every write route', () => {
    const writes = routes().filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    expect(writes.length).toBeGreaterThan(25);
    expect(writes.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/sessions', '/api/sessions/:id', '/api/leaderboards']));
  });

  it('generated bodies on every POST, PUT and PATCH route never get a 5xx, as admin, as racer or signed out', { timeout: 600_000 }, async () => {
    const writes = routes().filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    const failures: string[] = [];
    for (const route of writes) {
      // fc.check, not fc.assert: every route is fuzzed even after one fails, and a run that throws (an inject
      // that rejects) is a failure too, with its error in the list.
      const run = await fc.check(
        fc.asyncProperty(body, ids(), fc.constantFrom<'admin' | 'racer' | 'none'>('admin', 'admin', 'racer', 'none'), async (b, id, who) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (who === 'admin') Object.assign(headers, h.admin.headers);
          if (who === 'racer') Object.assign(headers, h.racer.headers);
          const res = await h.inject({ method: route.method as 'POST', url: fillParams(route.url, id), headers, payload: b.payload });
          if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} (${who}) ${b.payload.slice(0, 200)} -> ${res.statusCode} ${res.body}`);
          return res.statusCode < 500;
        }),
        { numRuns: 40, endOnFailure: true },
      );
      if (run.failed) failures.push(`${route.method} ${route.url}: ${String(run.errorInstance)}`);
    }
    expect(failures).toEqual([]);
  });

  it('generated ids and query strings on every GET and DELETE route never get a 5xx', { timeout: 300_000 }, async () => {
    const reads = routes().filter((r) => ['GET', 'DELETE'].includes(r.method));
    const failures: string[] = [];
    for (const route of reads) {
      const run = await fc.check(
        fc.asyncProperty(ids(), fc.dictionary(fc.constantFrom('token', 'locale', 'q', 'first', 'rows'), fc.string({ maxLength: 30 }), { maxKeys: 3 }), async (id, query) => {
          const url = `${fillParams(route.url, id)}?${new URLSearchParams(query).toString()}`;
          // DELETE as the racer only: the admin would remove the rows other routes fuzz against.
          const res = await h.inject({ method: route.method as 'GET', url, headers: route.method === 'DELETE' ? h.racer.headers : h.admin.headers });
          if (res.statusCode >= 500) failures.push(`${route.method} ${url} -> ${res.statusCode} ${res.body}`);
          return res.statusCode < 500;
        }),
        { numRuns: 15, endOnFailure: true },
      );
      if (run.failed) failures.push(`${route.method} ${route.url}: ${String(run.errorInstance)}`);
    }
    expect(failures).toEqual([]);
  });

  it('the server still answers normally after the fuzzing', async () => {
    expect((await h.inject({ method: 'GET', url: '/api/countries' })).statusCode).toBe(200);
    expect((await h.login(victim.email, victim.password)).statusCode).toBe(200);
  });
});
