import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { sessionPayload } from '../helpers/session-fixtures';

let h: Harness;
const table = (url: string, payload: unknown, headers = h.admin.headers) =>
  h.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  h = await createHarness();
  // 12 sessions for the racer with known names, dates and favorites.
  for (let i = 0; i < 12; i++) {
    await h.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: h.racer.headers,
      payload: sessionPayload({
        name: `Run ${String(i).padStart(2, '0')}${i === 3 ? ' 100%_done' : ''}`,
        filename: `2026050${i % 9}_10${String(i).padStart(2, '0')}_DT`,
        date: new Date(Date.UTC(2026, 4, 1 + i, 10)).toISOString(),
        favorite: i % 4 === 0,
      }),
    });
  }
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

describe('the data table contract', () => {
  it("answers 'DataTableRequestDTO is missing.' with 400 when the body is absent", async () => {
    for (const url of ['/api/sessions/datatable', '/api/admin/users/datatable', '/api/admin/countries/datatable', '/api/circuits/datatable']) {
      const res = await table(url, undefined, h.racer.role === 'user' && url.includes('admin') ? h.admin.headers : h.racer.headers);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'DataTableRequestDTO is missing.', code: 'DATATABLE_MISSING', messageId: 'dataTableMissing' });
    }
  });

  it('pages with totalRecords and a stable order', async () => {
    const p0 = (await table('/api/sessions/datatable', { page: 0, pageSize: 5, sortBy: [{ field: 'date', order: 'asc' }] }, h.racer.headers)).json();
    const p2 = (await table('/api/sessions/datatable', { page: 2, pageSize: 5, sortBy: [{ field: 'date', order: 'asc' }] }, h.racer.headers)).json();
    const past = (await table('/api/sessions/datatable', { page: 9, pageSize: 5 }, h.racer.headers)).json();
    expect(p0.totalRecords).toBe(12);
    expect(p0.data.map((r: { name: string }) => r.name)).toEqual(['Run 00', 'Run 01', 'Run 02', 'Run 03 100%_done', 'Run 04']);
    expect(p2.data.map((r: { name: string }) => r.name)).toEqual(['Run 10', 'Run 11']);
    expect(past).toEqual({ data: [], totalRecords: 12 });
    // Filtered pages count in the page query itself; a page past the end still gets the total.
    const favorites = { filterBy: [{ field: 'favorite', value: true, type: 'boolean', matchMode: 'equals' }] };
    const firstFavorites = (await table('/api/sessions/datatable', { ...favorites, page: 0, pageSize: 2 }, h.racer.headers)).json();
    expect(firstFavorites.totalRecords).toBe(3);
    expect(firstFavorites.data).toHaveLength(2);
    expect((await table('/api/sessions/datatable', { ...favorites, page: 7, pageSize: 2 }, h.racer.headers)).json()).toEqual({ data: [], totalRecords: 3 });
    const none = { filterBy: [{ field: 'name', value: 'no such run', type: 'text', matchMode: 'contains' }] };
    expect((await table('/api/sessions/datatable', { ...none, page: 0, pageSize: 2 }, h.racer.headers)).json()).toEqual({ data: [], totalRecords: 0 });
  });

  it('sorts descending and by joined fields', async () => {
    const res = (await table('/api/sessions/datatable', { page: 0, pageSize: 3, sortBy: [{ field: 'name', order: 'desc' }] }, h.racer.headers)).json();
    expect(res.data.map((r: { name: string }) => r.name)).toEqual(['Run 11', 'Run 10', 'Run 09']);
    const byCircuit = await table('/api/sessions/datatable', { page: 0, pageSize: 3, sortBy: [{ field: 'circuit.name', order: 'asc' }] }, h.racer.headers);
    expect(byCircuit.statusCode).toBe(200);
  });

  it('gives every page the rows of one big page in the same order, also for pages read from the far end', async () => {
    // Nullable and joined sort fields: two sessions on a circuit, three with weather, the rest NULL there.
    await h.app.db.query("update sessions set circuit_id = (select min(id) from circuits) where name in ('Run 02', 'Run 07')");
    await h.app.db.query("update sessions set weather_conditions = case when name in ('Run 01', 'Run 04', 'Run 09') then 'Sunny' end");
    const ids = async (url: string, headers: Record<string, string>, body: Record<string, unknown>) => {
      const res = await table(url, body, headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      return res.json() as { data: Array<{ id: number }>; totalRecords: number };
    };
    const sorts = [
      undefined,
      { field: 'date', order: 'asc' },
      { field: 'name', order: 'desc' },
      { field: 'circuit.name', order: 'asc' },
      { field: 'circuit.name', order: 'desc' },
      { field: 'weatherConditions', order: 'asc' },
      { field: 'weatherConditions', order: 'desc' },
      { field: 'favorite', order: 'asc' },
    ];
    // Table rows are the same summaries GET /sessions returns (the page query builds them its own way).
    const listed = (await h.inject({ method: 'GET', url: '/api/sessions', headers: h.racer.headers })).json() as Array<{ id: number; circuit: unknown }>;
    const tabled = (await ids('/api/sessions/datatable', h.racer.headers, { page: 0, pageSize: 50 })).data;
    expect(listed.filter((r) => r.circuit !== null)).toHaveLength(2);
    expect([...tabled].sort((a, b) => a.id - b.id)).toEqual([...listed].sort((a, b) => a.id - b.id));
    const notFavorite = (await ids('/api/sessions/datatable', h.racer.headers, { page: 0, pageSize: 50, filterBy: [{ field: 'favorite', value: false, type: 'boolean', matchMode: 'equals' }] })).data;
    expect([...notFavorite].sort((a, b) => a.id - b.id)).toEqual(listed.filter((r) => !(r as { favorite?: boolean }).favorite).sort((a, b) => a.id - b.id));
    const filters = [[], [{ field: 'favorite', value: false, type: 'boolean', matchMode: 'equals' }]];
    for (const [url, headers] of [
      ['/api/sessions/datatable', h.racer.headers],
      ['/api/admin/sessions/datatable', h.admin.headers],
    ] as const) {
      for (const sort of sorts) {
        for (const filterBy of filters) {
          const base = { ...(sort ? { sortBy: [sort] } : {}), filterBy };
          const all = await ids(url, headers, { ...base, page: 0, pageSize: 50 });
          for (const pageSize of [2, 5]) {
            const paged: number[] = [];
            for (let page = 0; page * pageSize < all.totalRecords; page++) {
              const res = await ids(url, headers, { ...base, page, pageSize });
              expect(res.totalRecords).toBe(all.totalRecords);
              paged.push(...res.data.map((r) => r.id));
            }
            expect(paged, `${url} ${JSON.stringify(base)} by ${pageSize}`).toEqual(all.data.map((r) => r.id));
          }
        }
      }
    }
    await h.app.db.query("update sessions set circuit_id = null, weather_conditions = 'Dry'");
  });

  it('filters text (contains, startsWith, endsWith, equals, notEquals) case-insensitively and literally', async () => {
    const names = async (matchMode: string, value: string) =>
      ((await table('/api/sessions/datatable', { page: 0, pageSize: 50, filterBy: [{ field: 'name', value, type: 'text', matchMode }] }, h.racer.headers)).json().data as Array<{ name: string }>).map(
        (r) => r.name,
      );
    expect(await names('contains', 'RUN 1')).toEqual(expect.arrayContaining(['Run 10', 'Run 11']));
    expect((await names('contains', 'RUN 1')).length).toBe(2);
    expect(await names('startsWith', 'run 0')).toHaveLength(10);
    expect(await names('endsWith', '9')).toEqual(['Run 09']);
    expect(await names('equals', 'run 05')).toEqual(['Run 05']);
    expect(await names('notEquals', 'run 05')).toHaveLength(11);
    // LIKE wildcards in the value match literally.
    expect(await names('contains', '%')).toEqual(['Run 03 100%_done']);
    expect(await names('contains', '_')).toEqual(['Run 03 100%_done']);
  });

  it('filters dates (dateIs, dateIsNot, dateBefore, dateAfter) and booleans', async () => {
    const count = async (filterBy: unknown[]) => (await table('/api/sessions/datatable', { page: 0, pageSize: 50, filterBy }, h.racer.headers)).json().totalRecords;
    expect(await count([{ field: 'date', value: '2026-05-03T00:00:00.000Z', type: 'date', matchMode: 'dateIs' }])).toBe(1);
    expect(await count([{ field: 'date', value: '2026-05-03T00:00:00.000Z', type: 'date', matchMode: 'dateIsNot' }])).toBe(11);
    expect(await count([{ field: 'date', value: '2026-05-03T00:00:00.000Z', type: 'date', matchMode: 'dateBefore' }])).toBe(2);
    expect(await count([{ field: 'date', value: '2026-05-10T12:00:00.000Z', type: 'date', matchMode: 'dateAfter' }])).toBe(2);
    expect(await count([{ field: 'favorite', value: true, type: 'boolean', matchMode: 'equals' }])).toBe(3);
    expect(await count([{ field: 'favorite', value: 'false', type: 'boolean', matchMode: 'equals' }])).toBe(9);
    expect(await count([{ field: 'lapCount', value: 4, type: 'numeric', matchMode: 'gte' }])).toBe(12);
    expect(await count([{ field: 'favorite', value: null, type: 'boolean', matchMode: 'equals' }])).toBe(12);
    expect(
      await count([
        { field: 'favorite', value: true, type: 'boolean', matchMode: 'equals' },
        { field: 'name', value: 'run 0', type: 'text', matchMode: 'startsWith' },
      ]),
    ).toBe(3);
  });

  it('filters numbers with fractions and beyond the integer range, as numbers or numeric strings', async () => {
    const count = async (value: unknown, matchMode: string) => {
      const res = await table('/api/sessions/datatable', { page: 0, pageSize: 50, filterBy: [{ field: 'lapCount', value, type: 'numeric', matchMode }] }, h.racer.headers);
      expect(res.statusCode, `${matchMode} ${String(value)}: ${res.body}`).toBe(200);
      return res.json().totalRecords;
    };
    const all = await count(0, 'gte');
    expect(all).toBeGreaterThan(0);
    const [{ laps }] = await h.app.db.query<{ laps: number }>('select min(lap_count)::int as laps from sessions where user_id = $1', [h.racer.id]);
    expect(await count(laps - 0.5, 'gt')).toBe(all);
    expect(await count(`${laps - 0.5}`, 'gte')).toBe(all);
    expect(await count(laps - 0.5, 'lt')).toBe(0);
    expect(await count(laps + 0.5, 'equals')).toBe(0);
    expect(await count(3e9, 'gt')).toBe(0);
    expect(await count(1e16, 'lt')).toBe(all);
    expect(await count('12345678901234567890', 'lte')).toBe(all);
  });

  it("dateIs and dateIsNot mean the column's calendar day in the database's time zone, also at midnight edges", async () => {
    const saved = await h.app.db.query<{ id: number; date: Date }>('select id, date from sessions order by id');
    const edges = ['2026-05-03T23:59:59.999Z', '2026-05-04T00:00:00.000Z', '2026-05-04T00:00:00.001Z', '2026-05-02T23:59:59.999Z'];
    for (const [i, at] of edges.entries()) await h.app.db.query('update sessions set date = $1 where id = $2', [at, saved[i].id]);
    try {
      for (const value of [...edges, '2026-05-03T12:00:00.000Z', '2026-05-04T23:00:00.000Z']) {
        const [{ same, other }] = await h.app.db.query<{ same: number; other: number }>(
          `select count(*) filter (where date::date = ($1::timestamptz)::date)::int as same,
                  count(*) filter (where date::date <> ($1::timestamptz)::date)::int as other from sessions where user_id = $2`,
          [value, h.racer.id],
        );
        const total = async (matchMode: string) =>
          (await table('/api/sessions/datatable', { page: 0, pageSize: 50, filterBy: [{ field: 'date', value, type: 'date', matchMode }] }, h.racer.headers)).json().totalRecords;
        expect(await total('dateIs'), value).toBe(same);
        expect(await total('dateIsNot'), value).toBe(other);
      }
    } finally {
      for (const r of saved) await h.app.db.query('update sessions set date = $1 where id = $2', [r.date, r.id]);
    }
  });

  it('refuses unknown fields, wrong filter types, wrong match modes and bad values with 400', async () => {
    const bad = [
      { page: 0, pageSize: 10, sortBy: [{ field: 'password_hash', order: 'asc' }] },
      { page: 0, pageSize: 10, sortBy: [{ field: 's.id; drop table sessions', order: 'asc' }] },
      { page: 0, pageSize: 10, sortBy: [{ field: 'name', order: 'sideways' }] },
      { page: 0, pageSize: 10, filterBy: [{ field: 'coordinates', value: '1', type: 'text', matchMode: 'contains' }] },
      { page: 0, pageSize: 10, filterBy: [{ field: 'name', value: 'x', type: 'date', matchMode: 'dateIs' }] },
      { page: 0, pageSize: 10, filterBy: [{ field: 'name', value: 'x', type: 'text', matchMode: 'lt' }] },
      { page: 0, pageSize: 10, filterBy: [{ field: 'date', value: 'yesterday', type: 'date', matchMode: 'dateIs' }] },
      { page: 0, pageSize: 10, filterBy: [{ field: 'favorite', value: 'maybe', type: 'boolean', matchMode: 'equals' }] },
      { page: 0, pageSize: 10, filterBy: [{ field: 'lapCount', value: 'ten', type: 'numeric', matchMode: 'gt' }] },
      { page: -1, pageSize: 10 },
      { page: 0, pageSize: 0 },
      { page: 0, pageSize: 1000 },
      { page: '0', pageSize: 10 },
      { page: 0, pageSize: 10, extra: true },
      { page: 0, pageSize: 10, filterBy: [{ field: 'toString', value: 'x', type: 'text', matchMode: 'contains' }] },
      { page: 0, pageSize: 10, sortBy: [{ field: '__proto__', order: 'asc' }] },
      [],
      'page=0',
    ];
    for (const payload of bad) {
      const res = await h.inject({ method: 'POST', url: '/api/sessions/datatable', headers: { ...h.racer.headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message.length, JSON.stringify(payload)).toBeGreaterThan(0);
    }
  });

  it('treats SQL-looking values as plain text', async () => {
    const values = ["'; drop table sessions; --", "x' or '1'='1", '\\', "Run 00' --", '$1', '%%', 'Robert"); DELETE FROM users;--'];
    for (const value of values) {
      for (const matchMode of ['contains', 'equals', 'startsWith']) {
        const res = await table('/api/admin/users/datatable', { page: 0, pageSize: 10, filterBy: [{ field: 'email', value, type: 'text', matchMode }] });
        expect(res.statusCode).toBe(200);
        expect(res.json().totalRecords).toBe(0);
      }
    }
    const [{ n }] = await h.app.db.query<{ n: number }>('select count(*)::int as n from sessions');
    expect(n).toBe(12);
    expect((await table('/api/admin/users/datatable', { page: 0, pageSize: 10 })).json().totalRecords).toBe(3);
  });

  it('the users table sorts by first name by default and never returns password hashes', async () => {
    const res = (await table('/api/admin/users/datatable', { page: 0, pageSize: 10 })).json();
    expect(res.data.map((u: { firstName: string }) => u.firstName)).toEqual(['Admin', 'Otto', 'Rita']);
    expect(JSON.stringify(res)).not.toMatch(/argon2|password/i);
  });

  it('reference tables filter and drop circuits without coordinates', async () => {
    const countries = (await table('/api/admin/countries/datatable', { page: 0, pageSize: 5, filterBy: [{ field: 'name', value: 'portugal', type: 'text', matchMode: 'equals' }] })).json();
    expect(countries.data).toEqual([expect.objectContaining({ name: 'Portugal', timezone: 'Europe/Lisbon' })]);
    const all = (await table('/api/circuits/datatable', { page: 0, pageSize: 50 }, {})).json();
    expect(all.totalRecords).toBeGreaterThanOrEqual(20);
    const [type] = await h.app.db.query<{ id: number }>('select id from circuit_types limit 1');
    const [country] = await h.app.db.query<{ id: number }>('select id from countries limit 1');
    await h.app.db.query("insert into circuits (name, type_id, country_id, coordinates) values ('No Gates', $1, $2, '')", [type.id, country.id]);
    const after = (await table('/api/circuits/datatable', { page: 0, pageSize: 50 }, {})).json();
    expect(after.totalRecords).toBe(all.totalRecords);
    const list = (await h.inject({ method: 'GET', url: '/api/circuits' })).json() as Array<{ name: string }>;
    expect(list.map((c) => c.name)).not.toContain('No Gates');
    const byCountry = (
      await table('/api/circuits/datatable', { page: 0, pageSize: 50, filterBy: [{ field: 'country.name', value: 'Portugal', type: 'text', matchMode: 'equals' }] }, {})
    ).json();
    expect(byCountry.data.length).toBeGreaterThan(0);
    expect(byCountry.data.every((c: { country: { name: string } }) => c.country.name === 'Portugal')).toBe(true);
  });
});
