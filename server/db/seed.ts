import type { Db, Queryable } from './db';
import { countries } from './seed-data/countries';
import { circuitTypes } from './seed-data/circuit-types';
import { vehicleTypes } from './seed-data/vehicle-types';
import { vehicleCategories } from './seed-data/vehicle-categories';
import { circuits } from './seed-data/circuits';
import { referenceTextKey, type ReferenceTextField, type ReferenceTextKind } from '../../src/contracts/reference-text-keys';

/**
 * Inserts the reference data of server/db/seed-data, so a fresh install has countries, circuits and categories to choose from. Idempotent: each seed row is inserted at most once
 * (remembered in reference_seed_log, so a row an admin deleted or renamed is not brought back), existing rows are
 * never changed. Runs in one transaction under an advisory lock so processes starting together do not race.
 *
 * Each seeded row's European Portuguese text (name, circuit description) is then written once as a pt-pt
 * translation override of its reference text key, found by the row's seeded name: a row an admin renamed, or
 * whose description an admin rewrote, gets none (it would translate another text), and an override an admin
 * edited or deleted is never written again.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [42_570_700]);
    const done = new Set((await q.query<{ k: string }>(`select kind || ':' || key as k from reference_seed_log`)).map((r) => r.k));
    const once = async (kind: string, key: string, insert: () => Promise<void>) => {
      if (done.has(`${kind}:${key}`)) return;
      await insert();
      await q.query('insert into reference_seed_log (kind, key) values ($1, $2) on conflict do nothing', [kind, key]);
      done.add(`${kind}:${key}`);
    };
    for (const c of countries) {
      await once('country', c.name, () =>
        exec(q, `insert into countries (name, timezone) select $1, $2 where not exists (select 1 from countries where lower(name) = lower($1))`, [c.name, c.timezone]),
      );
    }
    for (const { name } of circuitTypes) await once('circuit_type', name, () => insertNamed(q, 'circuit_types', name));
    for (const { name } of vehicleTypes) await once('vehicle_type', name, () => insertNamed(q, 'vehicle_types', name));
    for (const { name, topSpeedKmh } of vehicleTypes) {
      await exec(q, 'update vehicle_types set top_speed_kmh = $2 where lower(name) = lower($1) and top_speed_kmh is null', [name, topSpeedKmh]);
    }
    for (const c of vehicleCategories) {
      await once('vehicle_category', `${c.vehicleType}/${c.name}`, async () => {
        const [type] = await q.query<{ id: number }>('select id from vehicle_types where lower(name) = lower($1)', [c.vehicleType]);
        if (!type) return; // the type was removed by an admin: skip its categories
        await exec(
          q,
          `insert into vehicle_categories (name, vehicle_type_id) select $1, $2
           where not exists (select 1 from vehicle_categories where vehicle_type_id = $2 and lower(name) = lower($1))`,
          [c.name, type.id],
        );
      });
    }
    for (const c of circuits) {
      await once('circuit', `${c.country}/${c.name}`, async () => {
        const [type] = await q.query<{ id: number }>('select id from circuit_types where lower(name) = lower($1)', [c.type]);
        const [country] = await q.query<{ id: number }>('select id from countries where lower(name) = lower($1)', [c.country]);
        if (!type || !country) return; // removed by an admin: skip
        await exec(
          q,
          `insert into circuits (name, type_id, country_id, description, configuration, direction, length, coordinates, size)
           select $1, $2, $3, $4, $5, $6, $7, $8, $9
           where not exists (select 1 from circuits where country_id = $3 and lower(name) = lower($1))`,
          [c.name, type.id, country.id, c.description, c.configuration, c.direction, c.length, c.coordinates, c.size],
        );
      });
    }

    // pt-pt texts of the seeded rows, each written at most once (see above).
    const translate = async (kind: ReferenceTextKind, field: ReferenceTextField, seedKey: string, value: string, findId: () => Promise<{ id: number }[]>) =>
      once('translation', `pt-pt/${kind}/${seedKey}/${field}`, async () => {
        const [row] = await findId();
        if (row) await seedTranslation(q, 'pt-pt', referenceTextKey(kind, row.id, field), value);
      });
    const byName = (table: string, name: string) => () => q.query<{ id: number }>(`select id from ${table} where lower(name) = lower($1)`, [name]);
    for (const c of countries) await translate('country', 'name', c.name, c.namePt, byName('countries', c.name));
    for (const t of circuitTypes) await translate('circuitType', 'name', t.name, t.namePt, byName('circuit_types', t.name));
    for (const t of vehicleTypes) await translate('vehicleType', 'name', t.name, t.namePt, byName('vehicle_types', t.name));
    for (const c of vehicleCategories) {
      await translate('vehicleCategory', 'name', `${c.vehicleType}/${c.name}`, c.namePt, () =>
        q.query<{ id: number }>(
          `select vc.id from vehicle_categories vc join vehicle_types vt on vt.id = vc.vehicle_type_id
           where lower(vc.name) = lower($1) and lower(vt.name) = lower($2)`,
          [c.name, c.vehicleType],
        ),
      );
    }
    for (const c of circuits) {
      await translate('circuit', 'description', `${c.country}/${c.name}`, c.descriptionPt, () =>
        q.query<{ id: number }>(
          `select ci.id from circuits ci join countries co on co.id = ci.country_id
           where lower(ci.name) = lower($1) and lower(co.name) = lower($2) and ci.description = $3`,
          [c.name, c.country, c.description],
        ),
      );
    }
  });
}

/**
 * Writes one seeded translation unless the key already has one in that locale (an admin's text wins), and clears
 * the key from Missing Translations.
 */
export async function seedTranslation(q: Queryable, locale: string, key: string, value: string): Promise<void> {
  await q.query('insert into translation_overrides (locale, key, value) values ($1, $2, $3) on conflict (locale, key) do nothing', [locale, key, value]);
  await q.query('delete from missing_translations where locale = $1 and key = $2', [locale, key]);
}

async function exec(q: Queryable, sql: string, params: unknown[]): Promise<void> {
  await q.query(sql, params);
}

async function insertNamed(q: Queryable, table: 'circuit_types' | 'vehicle_types', name: string): Promise<void> {
  await exec(q, `insert into ${table} (name) select $1 where not exists (select 1 from ${table} where lower(name) = lower($1))`, [name]);
}
