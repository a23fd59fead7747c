import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../helpers/server-harness';
import { translationSchema, missingTranslationSchema } from '../../src/contracts/translations';
import { MISSING_REPORTS_PER_MINUTE } from '../../server/routes/translations';

/** Translation overrides and missing keys: public read, admin CRUD, client reports. */
let h: Harness;
const dt = (extra: Record<string, unknown> = {}) => ({ page: 0, pageSize: 10, sortBy: [], filterBy: [], ...extra });

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('translation overrides', () => {
  it('lets an admin create, read, update and delete an override that everyone can fetch', async () => {
    const created = await h.inject({
      method: 'POST',
      url: '/api/admin/translations',
      headers: h.admin.headers,
      payload: { locale: 'pt-pt', key: 'app:menu.circuits', value: 'Pistas' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = translationSchema.parse(created.json());
    expect(row).toMatchObject({ locale: 'pt-pt', key: 'app:menu.circuits', value: 'Pistas' });

    const pub = await h.inject({ method: 'GET', url: '/api/translations' });
    expect(pub.statusCode).toBe(200);
    // Reference data texts (the seeded 'ref:' keys) are overrides too; this test looks at UI strings only.
    const ui = (rows: unknown) => (rows as Array<{ key: string }>).filter((r) => !r.key.startsWith('ref:'));
    expect(ui(pub.json())).toEqual([expect.objectContaining({ id: row.id, locale: 'pt-pt', key: 'app:menu.circuits', value: 'Pistas' })]);

    const one = await h.inject({ method: 'GET', url: `/api/admin/translations/${row.id}`, headers: h.admin.headers });
    expect(one.json()).toMatchObject({ id: row.id });

    const updated = await h.inject({
      method: 'PUT',
      url: `/api/admin/translations/${row.id}`,
      headers: h.admin.headers,
      payload: { locale: 'pt-pt', key: 'app:menu.circuits', value: 'Circuitos!' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ value: 'Circuitos!' });

    const table = await h.inject({
      method: 'POST',
      url: '/api/admin/translations/datatable',
      headers: h.admin.headers,
      payload: dt({ filterBy: [{ field: 'value', value: 'circuitos', type: 'text', matchMode: 'contains' }] }),
    });
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json()).toMatchObject({ totalRecords: 1, data: [{ id: row.id }] });

    const del = await h.inject({ method: 'DELETE', url: `/api/admin/translations/${row.id}`, headers: h.admin.headers });
    expect(del.statusCode).toBe(204);
    expect(ui((await h.inject({ method: 'GET', url: '/api/translations' })).json())).toEqual([]);
    const again = await h.inject({ method: 'DELETE', url: `/api/admin/translations/${row.id}`, headers: h.admin.headers });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a second override of the same key and locale, on create and on update', async () => {
    const make = (locale: string, value: string) =>
      h.inject({ method: 'POST', url: '/api/admin/translations', headers: h.admin.headers, payload: { locale, key: 'public:about.title', value } });
    const a = await make('en-us', 'About us');
    expect(a.statusCode).toBe(201);
    expect((await make('en-us', 'Again')).statusCode).toBe(409);
    const b = await make('pt-pt', 'Sobre nós');
    expect(b.statusCode).toBe(201);
    const clash = await h.inject({
      method: 'PUT',
      url: `/api/admin/translations/${(b.json() as { id: number }).id}`,
      headers: h.admin.headers,
      payload: { locale: 'en-us', key: 'public:about.title', value: 'x' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('validates the body: locale, key length and control characters', async () => {
    for (const payload of [
      { locale: 'fr-fr', key: 'a', value: 'b' },
      { locale: 'en-us', key: '', value: 'b' },
      { locale: 'en-us', key: 'x'.repeat(201), value: 'b' },
      { locale: 'en-us', key: 'bad\u0000key', value: 'b' },
      { locale: 'en-us', key: 'a', value: 'b', extra: 1 },
    ]) {
      const res = await h.inject({ method: 'POST', url: '/api/admin/translations', headers: h.admin.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await h.inject({ method: 'PUT', url: '/api/admin/translations/999999', headers: h.admin.headers, payload: { locale: 'en-us', key: 'k', value: 'v' } });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps every admin call away from racers and anonymous callers', async () => {
    const calls = [
      { method: 'POST' as const, url: '/api/admin/translations', payload: { locale: 'en-us', key: 'k', value: 'v' } },
      { method: 'POST' as const, url: '/api/admin/translations/datatable', payload: dt() },
      { method: 'GET' as const, url: '/api/admin/translations/1' },
      { method: 'PUT' as const, url: '/api/admin/translations/1', payload: { locale: 'en-us', key: 'k', value: 'v' } },
      { method: 'DELETE' as const, url: '/api/admin/translations/1' },
      { method: 'GET' as const, url: '/api/admin/translations/missing' },
      { method: 'POST' as const, url: '/api/admin/translations/missing/datatable', payload: dt() },
      { method: 'DELETE' as const, url: '/api/admin/translations/missing/1' },
    ];
    for (const call of calls) {
      expect((await h.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await h.inject({ ...call, headers: h.racer.headers })).statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });
});

describe('missing translation keys', () => {
  it('collects reported keys with a count, lists, pages and deletes them', async () => {
    const report = (keys: string[], locale = 'pt-pt') => h.inject({ method: 'POST', url: '/api/translations/missing', payload: { locale, keys } });
    expect((await report(['circuits:title', 'circuits:empty', 'circuits:title'])).statusCode).toBe(204);
    expect((await report(['circuits:title'])).statusCode).toBe(204);
    expect((await report(['circuits:title'], 'en-us')).statusCode).toBe(204);

    const list = await h.inject({ method: 'GET', url: '/api/admin/translations/missing', headers: h.admin.headers });
    expect(list.statusCode).toBe(200);
    const rows = (list.json() as unknown[]).map((r) => missingTranslationSchema.parse(r));
    expect(rows.map((r) => [r.locale, r.key, r.count])).toEqual([
      ['en-us', 'circuits:title', 1],
      ['pt-pt', 'circuits:empty', 1],
      ['pt-pt', 'circuits:title', 2],
    ]);

    const table = await h.inject({
      method: 'POST',
      url: '/api/admin/translations/missing/datatable',
      headers: h.admin.headers,
      payload: dt({ sortBy: [{ field: 'count', order: 'desc' }], filterBy: [{ field: 'locale', value: 'pt-pt', type: 'text', matchMode: 'equals' }] }),
    });
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json()).toMatchObject({ totalRecords: 2, data: [{ key: 'circuits:title', count: 2 }, { key: 'circuits:empty' }] });

    const empty = rows.find((r) => r.key === 'circuits:empty')!;
    expect((await h.inject({ method: 'DELETE', url: `/api/admin/translations/missing/${empty.id}`, headers: h.admin.headers })).statusCode).toBe(204);
    expect((await h.inject({ method: 'DELETE', url: `/api/admin/translations/missing/${empty.id}`, headers: h.admin.headers })).statusCode).toBe(404);
  });

  it('drops a missing key once an admin overrides it, and does not record keys that already have one', async () => {
    await h.inject({ method: 'POST', url: '/api/translations/missing', payload: { locale: 'pt-pt', keys: ['admin:fixed'] } });
    const created = await h.inject({ method: 'POST', url: '/api/admin/translations', headers: h.admin.headers, payload: { locale: 'pt-pt', key: 'admin:fixed', value: 'Corrigido' } });
    expect(created.statusCode).toBe(201);
    await h.inject({ method: 'POST', url: '/api/translations/missing', payload: { locale: 'pt-pt', keys: ['admin:fixed'] } });
    const list = (await h.inject({ method: 'GET', url: '/api/admin/translations/missing', headers: h.admin.headers })).json() as Array<{ key: string }>;
    expect(list.some((r) => r.key === 'admin:fixed')).toBe(false);
  });

  it('rejects malformed reports', async () => {
    for (const payload of [{ locale: 'pt-pt', keys: [] }, { locale: 'xx', keys: ['a'] }, { locale: 'pt-pt', keys: Array(201).fill('k') }, { locale: 'pt-pt', keys: ['a\nb'] }, {}]) {
      const res = await h.inject({ method: 'POST', url: '/api/translations/missing', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('rate-limits reports per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MISSING_REPORTS_PER_MINUTE + 5; i++) {
      const res = await h.inject({ method: 'POST', url: '/api/translations/missing', remoteAddress: '10.9.8.7', payload: { locale: 'en-us', keys: [`spam:${i}`] } });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 204).length).toBeLessThanOrEqual(MISSING_REPORTS_PER_MINUTE);
  });
});
