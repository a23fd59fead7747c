import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { readMigrations } from '../../server/db/migrate';
import { PART_BYTES, partRanges } from '../../server/sessions/position-parts';
import { harnessForTests } from '../helpers/server-harness';
import { openTemplatePglite } from '../helpers/pglite-template';
import { nmeaText, sessionPayload } from '../helpers/session-fixtures';
import { storedPositionParts, storedPositionText } from '../helpers/stored-positions';

/**
 * A session's position text is stored in parts (server/sessions/position-parts.ts): staged before the upload's
 * transaction, claimed by the session in it, read back whole. Checked here against the table itself, written again
 * in SQL, never through the module's own reader.
 */
const harness = harnessForTests();

const post = (body: unknown) => harness().inject({ method: 'POST', url: '/api/sessions', headers: harness().racer.headers, payload: body as object });
const partsOf = async (sessionId: number) => (await storedPositionParts(harness().app.db, sessionId)).map((p) => ({ seq: p.seq, bytes: p.bytes.length }));
const joinedOf = (sessionId: number) => storedPositionText(harness().app.db, sessionId);
const stagedCount = async () => (await harness().app.db.query<{ n: number }>('select count(*)::int as n from session_position_parts where upload_key is not null'))[0].n;
const isStagedInsert = (sql: unknown) => typeof sql === 'string' && sql.startsWith('insert into session_position_parts');

describe('cutting a position text into parts', () => {
  it('gives parts of at most the part size, never inside a character, that join back to the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 4, max: 64 }), (text, partBytes) => {
        const bytes = new TextEncoder().encode(text);
        const ranges = partRanges(bytes, partBytes);
        const decoder = new TextDecoder('utf-8', { fatal: true });
        const parts = ranges.map(([from, to]) => decoder.decode(bytes.subarray(from, to)));
        expect(parts.join('')).toBe(text);
        for (const [from, to] of ranges) {
          expect(to - from).toBeGreaterThan(0);
          expect(to - from).toBeLessThanOrEqual(partBytes);
        }
      }),
    );
  });

  it('gives no part for an empty text', () => {
    expect(partRanges(new Uint8Array(0))).toEqual([]);
  });
});

describe('a session position text stored in parts', () => {
  it('is stored in parts of at most 256 KiB and read back whole by GET', async () => {
    const coordinates = `${nmeaText(30_000)}çã;🏁\n`;
    const bytes = Buffer.byteLength(coordinates);
    expect(bytes).toBeGreaterThan(3 * PART_BYTES);
    const res = await post(sessionPayload({ coordinates }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const parts = await partsOf(id);
    expect(parts.map((p) => p.seq)).toEqual(parts.map((_, i) => i));
    expect(parts.length).toBe(Math.ceil(bytes / PART_BYTES));
    for (const p of parts) expect(p.bytes).toBeLessThanOrEqual(PART_BYTES);
    expect(await joinedOf(id)).toBe(coordinates);
    const full = await harness().inject({ method: 'GET', url: `/api/sessions/${id}`, headers: harness().racer.headers });
    expect(full.json().coordinates).toBe(coordinates);
    expect(await stagedCount()).toBe(0);
  });

  it('is replaced whole by a PUT, and goes with the session when it is deleted', async () => {
    const res = await post(sessionPayload({ coordinates: nmeaText(12_000) }));
    const id = res.json().id as number;
    const shorter = nmeaText(300);
    const put = await harness().inject({ method: 'PUT', url: `/api/sessions/${id}`, headers: harness().racer.headers, payload: sessionPayload({ filename: res.json().filename, coordinates: shorter }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(await joinedOf(id)).toBe(shorter);
    expect((await partsOf(id)).length).toBe(1);
    const del = await harness().inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: harness().racer.headers });
    expect(del.statusCode).toBeLessThan(300);
    expect(await partsOf(id)).toEqual([]);
  });

  it('keeps each part deflated by zlib, not compressed again by the database, in about a third of its text', async () => {
    const coordinates = nmeaText(30_000);
    const res = await post(sessionPayload({ coordinates }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const rows = await harness().app.db.query<{ packed: number; text: number | null }>(
      'select octet_length(packed) as packed, octet_length(part) as text from session_position_parts where session_id = $1',
      [id],
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.text === null)).toBe(true);
    const packed = rows.reduce((n, r) => n + r.packed, 0);
    expect(packed).toBeLessThan(Buffer.byteLength(coordinates) / 2);
    const [{ storage }] = await harness().app.db.query<{ storage: string }>(
      `select attstorage as storage from pg_attribute where attrelid = 'session_position_parts'::regclass and attname = 'packed'`,
    );
    expect(storage).toBe('e');
  });

  it('reads back whole a text whose parts were stored before packing, beside packed ones', async () => {
    const coordinates = nmeaText(20_000);
    const res = await post(sessionPayload({ coordinates }));
    const id = res.json().id as number;
    const parts = await storedPositionParts(harness().app.db, id);
    expect(parts.length).toBeGreaterThan(1);
    // The first part as a session stored before packing has it: its text, no packed bytes.
    await harness().app.db.query('update session_position_parts set part = $1, packed = null where session_id = $2 and seq = 0', [parts[0].bytes.toString('utf8'), id]);
    const full = await harness().inject({ method: 'GET', url: `/api/sessions/${id}`, headers: harness().racer.headers });
    expect(full.json().coordinates).toBe(coordinates);
  });

  it('refuses a part with both forms or neither', async () => {
    const key = '00000000-0000-4000-8000-000000000003';
    await expect(harness().app.db.query(`insert into session_position_parts (upload_key, seq, part, packed) values ($1, 0, 'a', '\\x00')`, [key])).rejects.toThrow(/one_form/);
    await expect(harness().app.db.query('insert into session_position_parts (upload_key, seq) values ($1, 0)', [key])).rejects.toThrow(/one_form/);
  });

  it('leaves no staged part behind when the upload is refused in its transaction', async () => {
    const first = sessionPayload({ coordinates: nmeaText(5_000) });
    expect((await post(first)).statusCode).toBe(201);
    const clash = await post({ ...first, coordinates: nmeaText(6_000) });
    expect(clash.statusCode).toBe(409);
    expect(await stagedCount()).toBe(0);
  });

  it('removes the parts an interrupted upload staged over an hour ago, and keeps a recent one', async () => {
    const old = '00000000-0000-4000-8000-000000000001';
    const recent = '00000000-0000-4000-8000-000000000002';
    await harness().app.db.query(`insert into session_position_parts (upload_key, seq, part, staged_at) values ($1, 0, 'old', now() - interval '2 hours'), ($2, 0, 'recent', now())`, [old, recent]);
    expect((await post(sessionPayload({ coordinates: nmeaText(100) }))).statusCode).toBe(201);
    const left = await harness().app.db.query<{ upload_key: string }>('select upload_key::text from session_position_parts where upload_key is not null');
    expect(left.map((r) => r.upload_key)).toEqual([recent]);
    await harness().app.db.query('delete from session_position_parts where upload_key = $1', [recent]);
  });
});

// The embedded database runs one statement at a time, in a thread of its own as in production: an upload's parts
// must leave room for other requests' statements between them. (PostgreSQL writes them on a connection of their
// own, beside the others.)
describe.skipIf(Boolean(process.env.DATABASE_URL))('a big upload on the embedded database in its thread', () => {
  const onDisk = harnessForTests({ pgliteOnDisk: true });

  it('lets another request be answered between its parts', async () => {
    const disk = onDisk();
    const coordinates = nmeaText(60_000);
    const total = Math.ceil(Buffer.byteLength(coordinates) / PART_BYTES);
    expect(total).toBeGreaterThan(6);
    const query = disk.app.db.query.bind(disk.app.db);
    let staged = 0;
    let countries: Promise<number> | undefined;
    const spy = vi.spyOn(disk.app.db, 'query').mockImplementation(async (sql: string, params?: unknown[]) => {
      if (isStagedInsert(sql)) {
        staged += 1;
        // Asked once the upload has begun writing its parts: answered, and after how many.
        if (staged === 2) countries = disk.inject({ method: 'GET', url: '/api/countries' }).then((r) => (expect(r.statusCode).toBe(200), staged));
      }
      return query(sql, params) as never;
    });
    try {
      const res = await disk.inject({ method: 'POST', url: '/api/sessions', headers: disk.racer.headers, payload: sessionPayload({ coordinates }) });
      expect(res.statusCode, res.body).toBe(201);
      expect(staged).toBe(total);
      expect(await countries).toBeLessThan(total);
    } finally {
      spy.mockRestore();
    }
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('the migration to parts (the same SQL on either database)', () => {
  it('moves every stored position text into parts that join back to it, and drops the old column', async () => {
    // The migration's SQL run again in a schema of its own, over a sessions table as it was before it.
    const db = await openTemplatePglite();
    try {
      const sql = readMigrations().find((m) => m.id === '100_session_position_parts')!.sql;
      await db.exec(`create schema before_parts; set search_path to before_parts, public;
        create table sessions (id serial primary key, coordinates text not null default '')`);
      const texts = ['', 'çã;🏁\n'.repeat(70_000), nmeaText(3_000)];
      const ids: number[] = [];
      for (const text of texts) ids.push((await db.query<{ id: number }>('insert into sessions (coordinates) values ($1) returning id', [text]))[0].id);
      await db.exec(sql);
      for (const [i, id] of ids.entries()) {
        const [row] = await db.query<{ text: string | null }>(`select string_agg(part, '' order by seq) as text from session_position_parts where session_id = $1`, [id]);
        expect(row.text ?? '').toBe(texts[i]);
      }
      const [{ n }] = await db.query<{ n: number }>(
        `select count(*)::int as n from information_schema.columns where table_schema = 'before_parts' and table_name = 'sessions' and column_name = 'coordinates'`,
      );
      expect(n).toBe(0);
    } finally {
      await db.close();
    }
  });
});
