import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCURRENT_UPLOADS_PER_USER } from '../../server/limits';
import { MAX_LAPS, MAX_LAPS_CHARS } from '../../src/contracts/session-bounds';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { lapsText, nmeaText, sessionPayload } from '../helpers/session-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

const post = (headers: Record<string, string>, payload: object) => h.inject({ method: 'POST', url: '/api/sessions', headers, payload });

describe('POST /api/sessions', () => {
  it('creates a session with 201, stores lap rows and the derived best lap, and never a second row for the same file', async () => {
    const body = sessionPayload({ laps: lapsText([65_000, 0, 63_500, 70_000]) });
    const first = await post(h.racer.headers, body);
    expect(first.statusCode).toBe(201);
    const created = first.json();
    expect(created).toMatchObject({ filename: body.filename, userId: h.racer.id, bestLapMs: 63_500, lapCount: 4, user: { firstName: 'Rita' } });
    expect(created).not.toHaveProperty('coordinates');
    expect(created.coordinatesBytes).toBe(Buffer.byteLength(body.coordinates));

    const again = await post(h.racer.headers, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(created.id);
    const [{ n }] = await h.app.db.query<{ n: number }>('select count(*)::int as n from sessions where user_id = $1 and filename = $2', [h.racer.id, body.filename]);
    expect(n).toBe(1);
    const laps = await h.app.db.query<{ lap_number: number; time_ms: number; valid: boolean }>(
      'select lap_number, time_ms, valid from session_laps where session_id = $1 order by lap_number',
      [created.id],
    );
    expect(laps).toEqual([
      { lap_number: 1, time_ms: 65_000, valid: true },
      { lap_number: 2, time_ms: 0, valid: false },
      { lap_number: 3, time_ms: 63_500, valid: true },
      { lap_number: 4, time_ms: 70_000, valid: true },
    ]);
  });

  it('answers 409 when the same file name arrives with different content, keeping the first', async () => {
    const body = sessionPayload();
    expect((await post(h.racer.headers, body)).statusCode).toBe(201);
    const changed = await post(h.racer.headers, { ...body, laps: lapsText([61_000]) });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('deduplicates concurrent posts of one session into one row', async () => {
    const body = sessionPayload();
    // As many at once as one user may have in progress (more are answered 429 before they are read).
    const results = await Promise.all(Array.from({ length: CONCURRENT_UPLOADS_PER_USER }, () => post(h.racer.headers, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
  });

  it('keeps the same file name of two racers as two sessions', async () => {
    const body = sessionPayload();
    const a = await post(h.racer.headers, body);
    const b = await post(h.other.headers, body);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
  });

  it('accepts a gzip-compressed body (Content-Encoding: gzip)', async () => {
    const body = sessionPayload();
    const res = await h.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { ...h.racer.headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(body)),
    });
    expect(res.statusCode).toBe(201);
    const full = await h.inject({ method: 'GET', url: `/api/sessions/${res.json().id}`, headers: h.racer.headers });
    expect(full.json().coordinates).toBe(body.coordinates);
  });

  it('rejects a corrupt gzip body with 400, not 500', async () => {
    const res = await h.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { ...h.racer.headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from('this is not gzip at all'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: expect.stringMatching(/^The request body is not valid gzip data/), messageId: 'invalidEncodedBody', params: { encoding: 'gzip' } });
    // Cut short: zlib's 'unexpected end of file' never reaches the client either.
    const cut = await h.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { ...h.racer.headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(sessionPayload())).subarray(0, 100),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ code: 'BAD_REQUEST', message: expect.stringMatching(/^The request body is not valid gzip data/), messageId: 'invalidEncodedBody', params: { encoding: 'gzip' } });
  });

  it('names an unsupported Content-Encoding (zstd) in its 415', async () => {
    const res = await h.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { ...h.racer.headers, 'content-type': 'application/json', 'content-encoding': 'zstd' },
      payload: Buffer.from('{}'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringMatching(/^Unsupported Content-Encoding 'zstd'/), messageId: 'unsupportedEncoding', params: { encoding: 'zstd' } });
  });

  it('accepts a 7 h session (25 MB of position text) gzipped, and lists it without the text', { timeout: HOOK_TIMEOUT_MS }, async () => {
    const coordinates = nmeaText(640_000);
    expect(coordinates.length).toBeGreaterThan(25_000_000);
    const body = sessionPayload({ coordinates });
    const gz = gzipSync(JSON.stringify(body));
    const res = await h.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { ...h.racer.headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gz,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().coordinatesBytes).toBe(coordinates.length);
    const list = await h.inject({ method: 'GET', url: '/api/sessions', headers: h.racer.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body.length).toBeLessThan(100_000);
    expect(list.body).not.toContain('41.5000');
    const table = await h.inject({ method: 'POST', url: '/api/sessions/datatable', headers: h.racer.headers, payload: { page: 0, pageSize: 50 } });
    expect(table.body).not.toContain('41.5000');
  });

  it('accepts a 25 MB uncompressed body too', { timeout: HOOK_TIMEOUT_MS }, async () => {
    const body = sessionPayload({ coordinates: nmeaText(640_000) });
    const res = await post(h.racer.headers, body);
    expect(res.statusCode).toBe(201);
  });

  it(`stores a laps file of ${MAX_LAPS} laps (the most a session may have) with its best lap and every lap row`, { timeout: HOOK_TIMEOUT_MS }, async () => {
    const times = Array.from({ length: MAX_LAPS }, (_, i) => 60_000 + (i % 997));
    times[1_234] = 55_555;
    const res = await post(h.racer.headers, sessionPayload({ laps: lapsText(times) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ lapCount: MAX_LAPS, bestLapMs: 55_555 });
    const [row] = await h.app.db.query<{ n: number }>('select count(*)::int as n from session_laps where session_id = $1', [res.json().id]);
    expect(row.n).toBe(MAX_LAPS);
  });

  it('refuses one lap more than that, and a laps text longer than its bound, with 400 naming laps', async () => {
    const tooMany = await post(h.racer.headers, sessionPayload({ laps: lapsText(Array.from({ length: MAX_LAPS + 1 }, () => 60_000)) }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION', fields: { laps: `At most ${MAX_LAPS} laps` } });
    const tooLong = await post(h.racer.headers, sessionPayload({ laps: 'x'.repeat(MAX_LAPS_CHARS + 1) }));
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().fields)).toEqual(['laps']);
  });

  it('stores no lap of a damaged laps line whose time is beyond a day', async () => {
    const laps = `${lapsText([65_432, 64_210])}3;3;90000000;1;1;1;1;1\n`;
    const res = await post(h.racer.headers, sessionPayload({ laps }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ lapCount: 2, bestLapMs: 64_210 });
    const rows = await h.app.db.query<{ time_ms: number }>('select time_ms from session_laps where session_id = $1 order by lap_number', [res.json().id]);
    expect(rows.map((r) => r.time_ms)).toEqual([65_432, 64_210]);
  });

  it('refuses a body over 40 MB with 413 and keeps serving', { timeout: HOOK_TIMEOUT_MS }, async () => {
    const res = await h.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { ...h.racer.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(sessionPayload({ coordinates: 'x'.repeat(41 * 1024 * 1024) })),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((await h.inject({ method: 'GET', url: '/api/sessions', headers: h.racer.headers })).statusCode).toBe(200);
  });

  it('stores a zoned date as its instant, and reads a date-time without a zone as UTC whatever the server\'s own zone', async () => {
    const zoned = await post(h.racer.headers, sessionPayload({ date: '2026-07-12T10:30:00+01:00' }));
    expect(zoned.statusCode).toBe(201);
    expect(new Date(zoned.json().date).toISOString()).toBe('2026-07-12T09:30:00.000Z');
    const saved = process.env.TZ;
    process.env.TZ = 'Asia/Tbilisi';
    try {
      const bare = await post(h.racer.headers, sessionPayload({ date: '2026-07-12T10:30:00' }));
      expect(bare.statusCode).toBe(201);
      expect(new Date(bare.json().date).toISOString()).toBe('2026-07-12T10:30:00.000Z');
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('refuses unknown fields, a missing name and an unknown circuit with 400', async () => {
    expect((await post(h.racer.headers, { ...sessionPayload(), userId: h.other.id })).statusCode).toBe(400);
    const { name: _name, ...noName } = sessionPayload();
    expect((await post(h.racer.headers, noName)).statusCode).toBe(400);
    const bad = await post(h.racer.headers, sessionPayload({ circuitId: 999_999 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('circuitId');
    expect((await post(h.racer.headers, sessionPayload({ date: 'not a date' }))).statusCode).toBe(400);
  });
});

describe('reading, editing and deleting sessions', () => {
  let id: number;
  let circuit: { id: number; name: string };
  beforeAll(async () => {
    const circuits = (await h.inject({ method: 'GET', url: '/api/circuits' })).json() as Array<{ id: number; name: string }>;
    circuit = circuits[0];
    const res = await post(h.racer.headers, sessionPayload({ circuitId: circuit.id }));
    id = res.json().id;
  });

  it('returns the full session with its texts and joined circuit to the owner', async () => {
    const res = await h.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: h.racer.headers });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.laps).toContain(';65432;');
    expect(s.coordinates.split('\n').length).toBe(201);
    expect(s.circuit).toMatchObject({ id: circuit.id, name: circuit.name });
    expect(typeof s.circuit.countryName).toBe('string');
  });

  it('hides another racer\'s session behind 404 for read, edit and delete', async () => {
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      const res = await h.inject({
        method,
        url: `/api/sessions/${id}`,
        headers: h.other.headers,
        ...(method === 'PATCH' ? { payload: { favorite: true } } : method === 'PUT' ? { payload: sessionPayload() } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
    // An invalid body does not tell them the session exists either: 404 before the body is validated.
    for (const method of ['PATCH', 'PUT'] as const) {
      const res = await h.inject({ method, url: `/api/sessions/${id}`, headers: h.other.headers, payload: { userId: 1, name: '' } });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await h.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: h.racer.headers })).statusCode).toBe(200);
  });

  it('PATCH without baseUpdatedAt updates and reports no conflict', async () => {
    const res = await h.inject({ method: 'PATCH', url: `/api/sessions/${id}`, headers: h.racer.headers, payload: { name: 'Renamed', weatherConditions: 'Wet' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', weatherConditions: 'Wet', conflict: false });
  });

  it('PATCH with a current baseUpdatedAt reports no conflict; with a stale one it still wins and reports conflict', async () => {
    const current = (await h.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: h.racer.headers })).json().updatedAt as string;
    const fresh = await h.inject({ method: 'PATCH', url: `/api/sessions/${id}`, headers: h.racer.headers, payload: { favorite: true, baseUpdatedAt: current } });
    expect(fresh.json()).toMatchObject({ favorite: true, conflict: false });
    expect(fresh.json().updatedAt > current).toBe(true);
    // A second device edited from the old copy: last writer wins, and it is told.
    const stale = await h.inject({ method: 'PATCH', url: `/api/sessions/${id}`, headers: h.racer.headers, payload: { name: 'From tablet', baseUpdatedAt: current } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toMatchObject({ name: 'From tablet', favorite: true, conflict: true });
  });

  it('PATCH refuses fields outside the edit dialog (filename, laps, userId)', async () => {
    for (const payload of [{ filename: 'x' }, { laps: '' }, { userId: h.other.id }]) {
      expect((await h.inject({ method: 'PATCH', url: `/api/sessions/${id}`, headers: h.racer.headers, payload })).statusCode).toBe(400);
    }
  });

  it('PUT replaces the session and recomputes the lap rows', async () => {
    const body = sessionPayload({ laps: lapsText([59_999, 58_888]) });
    const res = await h.inject({ method: 'PUT', url: `/api/sessions/${id}`, headers: h.racer.headers, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bestLapMs: 58_888, lapCount: 2, filename: body.filename });
    const rows = await h.app.db.query('select 1 from session_laps where session_id = $1', [id]);
    expect(rows.length).toBe(2);
  });

  it('the admin reads any session under /admin/sessions and sees the owner in the admin table', async () => {
    const res = await h.inject({ method: 'GET', url: `/api/admin/sessions/${id}`, headers: h.admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().userId).toBe(h.racer.id);
    const table = await h.inject({
      method: 'POST',
      url: '/api/admin/sessions/datatable',
      headers: h.admin.headers,
      payload: { page: 0, pageSize: 50, filterBy: [{ field: 'firstName', value: 'Otto', type: 'text', matchMode: 'equals' }] },
    });
    expect(table.statusCode).toBe(200);
    const t = table.json() as { data: Array<{ user: { firstName: string } }>; totalRecords: number };
    expect(t.totalRecords).toBeGreaterThan(0);
    expect(t.data.every((r) => r.user.firstName === 'Otto')).toBe(true);
  });

  it('the admin table sorts by user first name descending by default', async () => {
    const table = await h.inject({ method: 'POST', url: '/api/admin/sessions/datatable', headers: h.admin.headers, payload: { page: 0, pageSize: 50 } });
    const names = (table.json().data as Array<{ user: { firstName: string } }>).map((r) => r.user.firstName);
    expect(names).toEqual([...names].sort().reverse());
    expect(new Set(names)).toEqual(new Set(['Rita', 'Otto']));
  });

  it('the racer table shows only the racer\'s sessions, favorites first', async () => {
    await h.inject({ method: 'PATCH', url: `/api/sessions/${id}`, headers: h.racer.headers, payload: { favorite: true } });
    const table = await h.inject({ method: 'POST', url: '/api/sessions/datatable', headers: h.racer.headers, payload: { page: 0, pageSize: 50 } });
    const rows = table.json().data as Array<{ userId: number; favorite: boolean }>;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.userId === h.racer.id)).toBe(true);
    expect(rows[0].favorite).toBe(true);
    expect(rows.slice(1).every((r) => !r.favorite)).toBe(true);
  });

  it('DELETE removes the session and its laps; a second DELETE is 404', async () => {
    const res = await h.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: h.racer.headers });
    expect(res.statusCode).toBe(204);
    expect((await h.app.db.query('select 1 from session_laps where session_id = $1', [id])).length).toBe(0);
    expect((await h.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: h.racer.headers })).statusCode).toBe(404);
  });

  it('treats malformed ids as 404', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', "1;drop table sessions"]) {
      expect((await h.inject({ method: 'GET', url: `/api/sessions/${encodeURIComponent(bad)}`, headers: h.racer.headers })).statusCode).toBe(404);
    }
  });
});
