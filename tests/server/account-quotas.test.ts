import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../helpers/server-harness';
import { nmeaText, sessionPayload } from '../helpers/session-fixtures';
import { ConfigError, loadConfig } from '../../server/config';
import { DEFAULT_QUOTAS } from '../../server/quotas/account-quotas';

/**
 * Per-account quotas: session storage (413 QUOTA_EXCEEDED), session uploads per hour and own circuits saved per day
 * (429 QUOTA_EXCEEDED with Retry-After), own circuits kept (413), configured from the environment. Before them, 3
 * uploads of 29 MB of random content in 11 s grew the database by 168 MB, with no end in sight.
 */
let h: Harness;
let typeId = 0;
let countryId = 0;

beforeAll(async () => {
  h = await createHarness({ env: { SESSION_QUOTA_MB: '1', UPLOADS_PER_HOUR: '6', OWN_CIRCUITS_MAX: '2', OWN_CIRCUITS_PER_DAY: '3' } });
  typeId = ((await h.inject({ method: 'GET', url: '/api/circuit-types' })).json() as Array<{ id: number }>)[0].id;
  countryId = ((await h.inject({ method: 'GET', url: '/api/countries' })).json() as Array<{ id: number }>)[0].id;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('account quotas', () => {
  it('are read from SESSION_QUOTA_MB, UPLOADS_PER_HOUR, OWN_CIRCUITS_MAX and OWN_CIRCUITS_PER_DAY, with defaults, and a bad value is named', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }).quotas).toEqual(DEFAULT_QUOTAS);
    expect(DEFAULT_QUOTAS).toEqual({ sessionBytes: 2048 * 1024 * 1024, uploadsPerHour: 240, ownCircuitsMax: 200, ownCircuitsPerDay: 50 });
    expect(h.config.quotas).toEqual({ sessionBytes: 1024 * 1024, uploadsPerHour: 6, ownCircuitsMax: 2, ownCircuitsPerDay: 3 });
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), UPLOADS_PER_HOUR: 'lots', SESSION_QUOTA_MB: '0' })).toThrow(ConfigError);
    try {
      loadConfig({ JWT_SECRET: 'x'.repeat(40), UPLOADS_PER_HOUR: 'lots', SESSION_QUOTA_MB: '0' });
    } catch (e) {
      expect((e as ConfigError).problems.some((p) => p.startsWith('SESSION_QUOTA_MB'))).toBe(true);
      expect((e as ConfigError).problems.some((p) => p.startsWith('UPLOADS_PER_HOUR'))).toBe(true);
    }
  });

  it("a session that does not fit in the account's storage is answered 413 QUOTA_EXCEEDED; a retry of a stored one is not; deleting makes room", async () => {
    const racer = await h.createUser();
    const post = (payload: object) => h.inject({ method: 'POST', url: '/api/sessions', headers: racer.headers, payload });
    // ~585 KB of positions each: two do not fit in 1 MiB.
    const first = sessionPayload({ coordinates: nmeaText(15_000) });
    const second = sessionPayload({ coordinates: nmeaText(15_001) });
    const stored = await post(first);
    expect(stored.statusCode, stored.body).toBe(201);
    const refused = await post(second);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      code: 'QUOTA_EXCEEDED',
      message: 'Your storage on the server is full. Delete sessions you no longer need, then retry the upload.',
      messageId: 'storageFull',
    });
    expect((await post(first)).statusCode).toBe(200);
    expect((await h.inject({ method: 'DELETE', url: `/api/sessions/${stored.json().id}`, headers: racer.headers })).statusCode).toBe(204);
    expect((await post(second)).statusCode).toBe(201);
    // Another racer's storage is their own.
    expect((await h.inject({ method: 'POST', url: '/api/sessions', headers: h.other.headers, payload: sessionPayload({ coordinates: nmeaText(15_000) }) })).statusCode).toBe(201);
  });

  it('uploads beyond the hourly rate are answered 429 QUOTA_EXCEEDED with Retry-After, before the body is read', async () => {
    const racer = await h.createUser();
    for (let i = 0; i < 6; i++) {
      const res = await h.inject({ method: 'POST', url: '/api/sessions', headers: racer.headers, payload: sessionPayload({ coordinates: nmeaText(5) }) });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await h.inject({ method: 'POST', url: '/api/sessions', payload: '{not even json', headers: { ...racer.headers, 'content-type': 'application/json' } });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'QUOTA_EXCEEDED', message: 'Too many session uploads in the last hour. The app sends the rest by itself later.', messageId: 'tooManyUploads' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('own circuits: at most OWN_CIRCUITS_MAX kept (413) and OWN_CIRCUITS_PER_DAY saved a day (429)', async () => {
    const racer = await h.createUser();
    const save = (n: number) =>
      h.inject({ method: 'POST', url: '/api/circuits/mine', headers: racer.headers, payload: { name: `Mine ${n} ${Date.now()}`, typeId, countryId, coordinates: '38.7369;-9.1427', size: 15, length: 1180 } });
    expect((await save(1)).statusCode).toBe(201);
    expect((await save(2)).statusCode).toBe(201);
    const full = await save(3);
    expect(full.statusCode).toBe(413);
    expect(full.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: 'You keep as many circuits of your own as an account may. An admin can publish or delete some of them.' });
    const tooMany = await save(4);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual({ code: 'QUOTA_EXCEEDED', message: 'Too many circuits saved today. Try again tomorrow.', messageId: 'tooManyCircuits' });
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(80_000);
  });
});
