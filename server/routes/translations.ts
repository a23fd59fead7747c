import type { FastifyInstance } from 'fastify';
import {
  missingKeysReportSchema,
  translationWriteSchema,
  type MissingTranslation,
  type Translation,
} from '../../src/contracts/translations';
import { DEFAULT_LOCALE, LOCALE_CODES } from '../../src/contracts/locales';
import type { Queryable } from '../db/db';
import { ApiError, notFound } from '../errors';
import { iso, parseId, parseInput } from '../validate';
import { requireAdmin } from '../auth/guard';
import { parseDataTableRequest, runDataTable, type TableDef } from '../datatable/datatable';

/**
 * Translations:
 * - overrides: an admin's replacement of one UI string in one locale. GET /translations is public (every client,
 *   signed in or not, applies them and keeps them offline); writes are admin-only under /admin/translations.
 * - missing keys: any client may report keys it could not resolve (POST /translations/missing, rate-limited per
 *   IP, at most MISSING_CAP rows kept); admins list, page and delete them under /admin/translations/missing.
 * - reference data texts (country names, circuit descriptions...; keys 'ref:...', the reference_texts view): every
 *   such key a language other than the default has no override for is listed as missing too, with its English
 *   text as `source`; a new country shows up there at once, a translated or deleted one leaves. The stored text
 *   itself is the default language's, so that language never misses one.
 */

/** Most missing-key rows kept; reports of new keys beyond it are dropped (known keys still count up). */
const MISSING_CAP = 5000;
/** Reports per IP per minute. */
export const MISSING_REPORTS_PER_MINUTE = 30;

/** Keys are printable text ('namespace:path', or a spec sentence in the messages namespace): no control characters. */
const printable = /^[^\p{Cc}]+$/u;
const keyOk = (k: string) => printable.test(k);

type OverrideRow = { id: number; locale: Translation['locale']; key: string; value: string; created_at: Date; updated_at: Date };
const toTranslation = (r: OverrideRow): Translation => ({
  id: r.id,
  locale: r.locale,
  key: r.key,
  value: r.value,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

const translationsTable: TableDef<OverrideRow, Translation> = {
  from: 'translation_overrides t',
  select: 't.id, t.locale, t.key, t.value, t.created_at, t.updated_at',
  fields: {
    id: { sql: 't.id', type: 'numeric' },
    locale: { sql: 't.locale', type: 'text' },
    key: { sql: 't.key', type: 'text' },
    value: { sql: 't.value', type: 'text' },
    createdAt: { sql: 't.created_at', type: 'date' },
    updatedAt: { sql: 't.updated_at', type: 'date' },
  },
  defaultSort: { field: 'key', order: 'asc' },
  tieBreaker: 't.id asc',
  map: toTranslation,
};

type MissingRow = { id: number; locale: MissingTranslation['locale']; key: string; count: number; last_seen_at: Date; source: string | null };
const toMissing = (r: MissingRow): MissingTranslation => ({
  id: r.id,
  locale: r.locale,
  key: r.key,
  count: r.count,
  lastSeenAt: iso(r.last_seen_at),
  source: r.source,
});

/** Languages whose reference texts are translations (the default language's is the stored text). */
const REFERENCE_LOCALES = LOCALE_CODES.filter((l) => l !== DEFAULT_LOCALE);

/**
 * Brings the reference data rows of missing_translations up to date with the reference texts and overrides: keys
 * of rows that no longer exist (or whose text became empty) leave, untranslated ones come in (count 0: no client
 * reported them). Cheap at reference data sizes; runs before each admin read of the list.
 */
async function syncReferenceMissing(q: Queryable): Promise<void> {
  await q.query(`delete from missing_translations m where m.key like 'ref:%' and not exists (select 1 from reference_texts r where r.key = m.key)`);
  await q.query(
    `insert into missing_translations (locale, key, count)
     select l.locale, r.key, 0 from reference_texts r cross join unnest($1::text[]) as l(locale)
     where not exists (select 1 from translation_overrides o where o.locale = l.locale and o.key = r.key)
     on conflict (locale, key) do nothing`,
    [REFERENCE_LOCALES],
  );
}

const missingTable: TableDef<MissingRow, MissingTranslation> = {
  from: 'missing_translations m left join reference_texts r on r.key = m.key',
  select: 'm.id, m.locale, m.key, m.count, m.last_seen_at, r.value as source',
  fields: {
    id: { sql: 'm.id', type: 'numeric' },
    locale: { sql: 'm.locale', type: 'text' },
    key: { sql: 'm.key', type: 'text' },
    count: { sql: 'm.count', type: 'numeric' },
    lastSeenAt: { sql: 'm.last_seen_at', type: 'date' },
    source: { sql: 'r.value', type: 'text' },
  },
  defaultSort: { field: 'key', order: 'asc' },
  tieBreaker: 'm.id asc',
  map: toMissing,
};

const writeSchema = translationWriteSchema.refine((w) => keyOk(w.key), { message: 'Key must not contain control characters', path: ['key'] });
const reportSchema = missingKeysReportSchema.extend({ keys: missingKeysReportSchema.shape.keys.refine((ks) => ks.every(keyOk), 'Keys must not contain control characters') });

export default async function translationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const byId = async (id: number): Promise<Translation> => {
    const [row] = await db.query<OverrideRow>(`select ${translationsTable.select} from translation_overrides t where t.id = $1`, [id]);
    if (!row) throw notFound('Translation not found.');
    return toTranslation(row);
  };
  const duplicate = () => new ApiError(409, 'CONFLICT', 'An override for this key and locale already exists.');

  // Public: every override, for the app's i18n (applied over the bundled strings, cached offline).
  app.get('/translations', async () => {
    const rows = await db.query<OverrideRow>(`select ${translationsTable.select} from translation_overrides t order by t.locale, t.key`);
    return rows.map(toTranslation);
  });

  app.post(
    '/translations/missing',
    { config: { rateLimit: { max: MISSING_REPORTS_PER_MINUTE, timeWindow: 60_000 } } },
    async (request, reply) => {
      const report = parseInput(reportSchema, request.body, 'Missing keys report');
      const keys = [...new Set(report.keys)];
      await db.tx(async (q) => {
        // Known keys count up; new ones are added while the table is under its cap.
        await q.query('update missing_translations set count = count + 1, last_seen_at = now() where locale = $1 and key = any($2::text[])', [
          report.locale,
          keys,
        ]);
        const [{ n }] = await q.query<{ n: number }>('select count(*)::int as n from missing_translations');
        const room = Math.max(0, MISSING_CAP - n);
        if (room > 0) {
          await q.query(
            `insert into missing_translations (locale, key)
             select $1, k from unnest($2::text[]) as k
             where not exists (select 1 from translation_overrides o where o.locale = $1 and o.key = k)
             limit $3
             on conflict (locale, key) do nothing`,
            [report.locale, keys, room],
          );
        }
      });
      return reply.status(204).send();
    },
  );

  app.post('/admin/translations/datatable', { onRequest: requireAdmin }, async (request) =>
    runDataTable(db, translationsTable, parseDataTableRequest(request.body)),
  );
  app.get('/admin/translations/:id', { onRequest: requireAdmin }, async (request) => byId(parseId((request.params as { id?: string }).id)));
  app.post('/admin/translations', { onRequest: requireAdmin }, async (request, reply) => {
    const input = parseInput(writeSchema, request.body);
    const id = await db.tx(async (q) => {
      const [row] = await q.query<{ id: number }>(
        'insert into translation_overrides (locale, key, value) values ($1, $2, $3) on conflict (locale, key) do nothing returning id',
        [input.locale, input.key, input.value],
      );
      if (!row) throw duplicate();
      // The key is no longer missing in that locale.
      await q.query('delete from missing_translations where locale = $1 and key = $2', [input.locale, input.key]);
      return row.id;
    });
    return reply.status(201).send(await byId(id));
  });
  app.put('/admin/translations/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    const input = parseInput(writeSchema, request.body);
    const [clash] = await db.query<{ id: number }>('select id from translation_overrides where locale = $1 and key = $2 and id <> $3', [
      input.locale,
      input.key,
      id,
    ]);
    if (clash) throw duplicate();
    const rows = await db.query('update translation_overrides set locale = $2, key = $3, value = $4, updated_at = now() where id = $1 returning id', [
      id,
      input.locale,
      input.key,
      input.value,
    ]);
    if (!rows.length) throw notFound('Translation not found.');
    await db.query('delete from missing_translations where locale = $1 and key = $2', [input.locale, input.key]);
    return byId(id);
  });
  app.delete('/admin/translations/:id', { onRequest: requireAdmin }, async (request, reply) => {
    const id = parseId((request.params as { id?: string }).id);
    const rows = await db.query('delete from translation_overrides where id = $1 returning id', [id]);
    if (!rows.length) throw notFound('Translation not found.');
    return reply.status(204).send();
  });

  app.get('/admin/translations/missing', { onRequest: requireAdmin }, async () => {
    await db.tx(syncReferenceMissing);
    const rows = await db.query<MissingRow>(`select ${missingTable.select} from ${missingTable.from} order by m.locale, m.key limit $1`, [MISSING_CAP]);
    return rows.map(toMissing);
  });
  app.post('/admin/translations/missing/datatable', { onRequest: requireAdmin }, async (request) => {
    const query = parseDataTableRequest(request.body);
    await db.tx(syncReferenceMissing);
    return runDataTable(db, missingTable, query);
  });
  app.delete('/admin/translations/missing/:id', { onRequest: requireAdmin }, async (request, reply) => {
    const id = parseId((request.params as { id?: string }).id);
    const rows = await db.query('delete from missing_translations where id = $1 returning id', [id]);
    if (!rows.length) throw notFound('Missing translation not found.');
    return reply.status(204).send();
  });
}
