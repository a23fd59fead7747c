import type { DataTableRequest } from '../../src/contracts/datatable';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../src/contracts/locales';
import type { MissingTranslation, Translation } from '../../src/contracts/translations';
import type { Db, Queryable } from '../db/db';
import { runDataTable, type TableDef } from '../datatable/datatable';
import { iso } from '../validate';

/**
 * The translations' store: the SQL behind /api/translations and /api/admin/translations (routes/translations.ts).
 * - overrides (translation_overrides): an admin's replacement of one UI string in one locale;
 * - missing keys (missing_translations): keys clients reported they could not resolve, kept per locale with a
 *   count, at most MISSING_CAP rows in all and MISSING_PER_SOURCE new rows from one client address;
 * - reference data texts (country names, circuit descriptions...; keys 'ref:...', the reference_texts view): every
 *   such key a language other than the default has no override for is listed as missing too, with its English
 *   text as `source`; a new country shows up there at once, a translated or deleted one leaves. The stored text
 *   itself is the default language's, so that language never misses one.
 */

/** Most missing-key rows kept; reports of new keys beyond it are dropped (known keys still count up). */
const MISSING_CAP = 5000;
/**
 * New missing-key rows one client address may add (the app has ~2,000 keys; a real client misses a handful).
 * @internal Exported for its tests.
 */
export const MISSING_PER_SOURCE = 200;

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

/** Every override, by locale and key. */
export async function listOverrides(q: Queryable): Promise<Translation[]> {
  const rows = await q.query<OverrideRow>(`select ${translationsTable.select} from translation_overrides t order by t.locale, t.key`);
  return rows.map(toTranslation);
}

/** One override, or null. */
export async function findOverride(q: Queryable, id: number): Promise<Translation | null> {
  const [row] = await q.query<OverrideRow>(`select ${translationsTable.select} from translation_overrides t where t.id = $1`, [id]);
  return row ? toTranslation(row) : null;
}

/** A page of overrides. */
export function overridesPage(q: Queryable, query: DataTableRequest) {
  return runDataTable(q, translationsTable, query);
}

export interface OverrideInput {
  locale: Locale;
  key: string;
  value: string;
}

/** Adds an override (the key is then no longer missing in that locale); null when one exists for the key and locale. */
export function createOverride(db: Db, input: OverrideInput): Promise<number | null> {
  return db.tx(async (q) => {
    const [row] = await q.query<{ id: number }>(
      'insert into translation_overrides (locale, key, value) values ($1, $2, $3) on conflict (locale, key) do nothing returning id',
      [input.locale, input.key, input.value],
    );
    if (!row) return null;
    await q.query('delete from missing_translations where locale = $1 and key = $2', [input.locale, input.key]);
    return row.id;
  });
}

/** Replaces an override: 'duplicate' when another one has that key and locale, 'not-found' when there is no such row. */
export async function updateOverride(q: Queryable, id: number, input: OverrideInput): Promise<'updated' | 'duplicate' | 'not-found'> {
  const [clash] = await q.query<{ id: number }>('select id from translation_overrides where locale = $1 and key = $2 and id <> $3', [input.locale, input.key, id]);
  if (clash) return 'duplicate';
  const rows = await q.query('update translation_overrides set locale = $2, key = $3, value = $4, updated_at = now() where id = $1 returning id', [
    id,
    input.locale,
    input.key,
    input.value,
  ]);
  if (!rows.length) return 'not-found';
  await q.query('delete from missing_translations where locale = $1 and key = $2', [input.locale, input.key]);
  return 'updated';
}

/** Deletes an override; false when there was none. */
export async function deleteOverride(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('delete from translation_overrides where id = $1 returning id', [id])).length > 0;
}

/**
 * Records a report of keys missing in `locale` from one client (`source`, a hash of its address): known keys count
 * up; new ones are added while the table is under its cap and that client under its share.
 */
export function recordMissing(db: Db, locale: Locale, keys: readonly string[], source: string): Promise<void> {
  return db.tx(async (q) => {
    await q.query('update missing_translations set count = count + 1, last_seen_at = now() where locale = $1 and key = any($2::text[])', [locale, keys]);
    const [{ n, mine }] = await q.query<{ n: number; mine: number }>(
      'select count(*)::int as n, (count(*) filter (where source = $1))::int as mine from missing_translations',
      [source],
    );
    const room = Math.max(0, Math.min(MISSING_CAP - n, MISSING_PER_SOURCE - mine));
    if (room > 0) {
      await q.query(
        `insert into missing_translations (locale, key, source)
         select $1, k, $4 from unnest($2::text[]) as k
         where not exists (select 1 from translation_overrides o where o.locale = $1 and o.key = k)
         limit $3
         on conflict (locale, key) do nothing`,
        [locale, keys, room, source],
      );
    }
  });
}

/** Every missing key (reference data texts brought up to date first), by locale and key. */
export async function listMissing(db: Db): Promise<MissingTranslation[]> {
  await db.tx(syncReferenceMissing);
  const rows = await db.query<MissingRow>(`select ${missingTable.select} from ${missingTable.from} order by m.locale, m.key limit $1`, [MISSING_CAP]);
  return rows.map(toMissing);
}

/** A page of missing keys (reference data texts brought up to date first). */
export async function missingPage(db: Db, query: DataTableRequest) {
  await db.tx(syncReferenceMissing);
  return runDataTable(db, missingTable, query);
}

/**
 * Deletes the missing keys chosen, or (no ids) every key a client reported; reference data rows (never reported)
 * stay, they leave once translated. Returns how many went.
 */
export async function deleteMissing(q: Queryable, ids: readonly number[] | undefined): Promise<number> {
  const rows = ids
    ? await q.query('delete from missing_translations where id = any($1::int[]) returning id', [ids])
    : await q.query("delete from missing_translations where key not like 'ref:%' returning id");
  return rows.length;
}

/** Deletes one missing key; false when there was none. */
export async function deleteMissingOne(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('delete from missing_translations where id = $1 returning id', [id])).length > 0;
}
