import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNAR_SESSION_MEDIA_TYPE, encodeColumnarText } from '../../src/contracts/columnar-text';
import type { ColumnarText } from '../../src/contracts/columnar-format';
import type { SessionWrite } from '../../src/data/api/sessions-api';
import { sessionWriteRequest } from '../../src/contracts/session-upload';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { nmeaText, sessionPayload } from '../helpers/session-fixtures';
import { storedPositionText } from '../helpers/stored-positions';

/**
 * Big session writes as the app sends them (src/data/api/sessions-api.ts): `coordinates` column by column under
 * COLUMNAR_SESSION_MEDIA_TYPE, gzip-compressed. The server must store exactly the text a plain JSON body carries.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

const columnar = { 'content-type': COLUMNAR_SESSION_MEDIA_TYPE, 'content-encoding': 'gzip' };
const send = (method: 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string> = columnar) =>
  h.inject({ method, url, headers: { ...h.racer.headers, ...headers }, payload: gzipSync(JSON.stringify(body)) });

/** The body the app's sessions API would send for this session. */
function asTheAppSends(session: ReturnType<typeof sessionPayload>): unknown {
  const w = sessionWriteRequest(session as SessionWrite);
  expect(w.options.headers?.['Content-Type']).toBe(COLUMNAR_SESSION_MEDIA_TYPE);
  return w.body;
}

describe('session uploads with the position text column by column', () => {
  it('stores byte for byte the text of a plain JSON upload, and a plain retry of it is the same session', async () => {
    const odd = `${nmeaText(3000)}0;1;41.5;-8.4\r\n;;\n007;-0;1.50\n\n  spaced ; fields \nçã;🏁\nno final newline`;
    const session = sessionPayload({ coordinates: odd });
    const res = await send('POST', '/api/sessions', asTheAppSends(session));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.coordinatesBytes).toBe(Buffer.byteLength(odd, 'utf8'));
    const full = await h.inject({ method: 'GET', url: `/api/sessions/${created.id}`, headers: h.racer.headers });
    expect(full.json().coordinates).toBe(odd);
    // Same content hash as the plain body: the sync queue's retry in either form finds the same row.
    const plain = await h.inject({ method: 'POST', url: '/api/sessions', headers: h.racer.headers, payload: session });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().id).toBe(created.id);
  });

  it('accepts a 7 h session (25 MB of position text) in a few MB and stores it whole', { timeout: HOOK_TIMEOUT_MS }, async () => {
    const coordinates = nmeaText(640_000);
    const session = sessionPayload({ coordinates });
    const body = gzipSync(JSON.stringify(asTheAppSends(session)));
    expect(body.length).toBeLessThan(gzipSync(JSON.stringify(session)).length);
    const res = await h.inject({ method: 'POST', url: '/api/sessions', headers: { ...h.racer.headers, ...columnar }, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().coordinatesBytes).toBe(coordinates.length);
    expect((await storedPositionText(h.app.db, res.json().id)) === coordinates).toBe(true);
  });

  it('stores a short session after a long one exactly, in either form, whatever came between', async () => {
    // Each upload's text is written into memory an earlier upload's text was written into: nothing of it may show.
    const long = sessionPayload({ coordinates: nmeaText(20_000) });
    expect((await send('POST', '/api/sessions', asTheAppSends(long))).statusCode).toBe(201);
    const refused = await send('POST', '/api/sessions', { ...(asTheAppSends(long) as object), coordinates: { format: 'columns-v1', shape: [5, 9], columns: [], deltas: [] } });
    expect(refused.statusCode).toBe(400);
    const shortColumns = sessionPayload({ coordinates: nmeaText(300) });
    const shortPlain = sessionPayload({ coordinates: nmeaText(200) });
    const a = await send('POST', '/api/sessions', { ...shortColumns, coordinates: encodeColumnarText(shortColumns.coordinates) });
    const b = await h.inject({ method: 'POST', url: '/api/sessions', headers: h.racer.headers, payload: shortPlain });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await storedPositionText(h.app.db, a.json().id)).toBe(shortColumns.coordinates);
    expect(await storedPositionText(h.app.db, b.json().id)).toBe(shortPlain.coordinates);
    expect([a.json().coordinatesBytes, b.json().coordinatesBytes]).toEqual([shortColumns.coordinates.length, shortPlain.coordinates.length]);
  });

  it('PUT accepts the same form', async () => {
    const session = sessionPayload({ coordinates: nmeaText(2000) });
    const created = (await h.inject({ method: 'POST', url: '/api/sessions', headers: h.racer.headers, payload: session })).json();
    const changed = { ...session, coordinates: nmeaText(2500) };
    const res = await send('PUT', `/api/sessions/${created.id}`, asTheAppSends(changed));
    expect(res.statusCode, res.body).toBe(200);
    const full = await h.inject({ method: 'GET', url: `/api/sessions/${created.id}`, headers: h.racer.headers });
    expect(full.json().coordinates).toBe(changed.coordinates);
  });

  it('refuses malformed columns with 400 and stores nothing', async () => {
    const session = sessionPayload({ coordinates: nmeaText(100) });
    const good = encodeColumnarText(session.coordinates)!;
    const bad: unknown[] = [
      { ...good, shape: [5, 1000] },
      { ...good, columns: good.columns.slice(1) },
      { ...good, columns: [good.columns[0], 'x;' + good.columns[1].slice(2), ...good.columns.slice(2)], deltas: [1] },
      { ...good, format: 'columns-v9' },
      'plain text where columns belong',
      { ...good, extra: 1 },
    ];
    const [{ n: before }] = await h.app.db.query<{ n: number }>('select count(*)::int as n from sessions');
    for (const coordinates of bad) {
      const res = await send('POST', '/api/sessions', { ...session, coordinates });
      expect(res.statusCode, JSON.stringify(coordinates).slice(0, 100)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const noCoordinates = await send('POST', '/api/sessions', { name: 'x' });
    expect(noCoordinates.statusCode).toBe(400);
    const notJson = await h.inject({ method: 'POST', url: '/api/sessions', headers: { ...h.racer.headers, ...columnar }, payload: gzipSync('{"name":') });
    expect(notJson.statusCode).toBe(400);
    const notGzip = await h.inject({ method: 'POST', url: '/api/sessions', headers: { ...h.racer.headers, ...columnar }, payload: Buffer.from('not gzip') });
    expect(notGzip.statusCode).toBe(400);
    const [{ n: after }] = await h.app.db.query<{ n: number }>('select count(*)::int as n from sessions');
    expect(after).toBe(before);
  });

  it('refuses with 413 a small body whose columns would expand past the 40 MB limit, and keeps serving', { timeout: HOOK_TIMEOUT_MS }, async () => {
    const lines = 3_000_000; // 3 M lines of a 15-digit number: 48 MB of text from 6 MB of '0;' (a few KB gzipped)
    const coordinates: ColumnarText = { format: 'columns-v1', shape: [1, lines], columns: ['100000000000000' + ';0'.repeat(lines - 1)], deltas: [0] };
    const body = gzipSync(JSON.stringify({ ...sessionPayload(), coordinates }));
    expect(body.length).toBeLessThan(100_000);
    const res = await h.inject({ method: 'POST', url: '/api/sessions', headers: { ...h.racer.headers, ...columnar }, payload: body });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((await h.inject({ method: 'GET', url: '/api/sessions', headers: h.racer.headers })).statusCode).toBe(200);
  });

  it('other session routes refuse the form as an unsupported media type (415, never 500)', async () => {
    const coordinates = encodeColumnarText(nmeaText(10))!;
    const table = await send('POST', '/api/sessions/datatable', { page: 0, pageSize: 10, coordinates });
    expect(table.statusCode).toBe(415);
    const anon = await h.inject({ method: 'POST', url: '/api/sessions', headers: columnar, payload: gzipSync(JSON.stringify({ ...sessionPayload(), coordinates })) });
    expect(anon.statusCode).toBe(401);
  });
});
