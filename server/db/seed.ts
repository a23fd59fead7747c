import type { Db, Queryable } from './db';
import { countries } from './seed-data/countries';
import { circuitTypes } from './seed-data/circuit-types';
import { vehicleTypes } from './seed-data/vehicle-types';
import { vehicleCategories } from './seed-data/vehicle-categories';
import { circuits } from './seed-data/circuits';

/**
 * Inserts the reference data of server/db/seed-data, so a fresh install has countries, circuits and categories to choose from. Idempotent: each seed row is inserted at most once
 * (remembered in reference_seed_log, so a row an admin deleted or renamed is not brought back), existing rows are
 * never changed. Runs in one transaction under an advisory lock so processes starting together do not race.
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
    for (const name of circuitTypes) await once('circuit_type', name, () => insertNamed(q, 'circuit_types', name));
    for (const name of vehicleTypes) await once('vehicle_type', name, () => insertNamed(q, 'vehicle_types', name));
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
  });
}

async function exec(q: Queryable, sql: string, params: unknown[]): Promise<void> {
  await q.query(sql, params);
}

async function insertNamed(q: Queryable, table: 'circuit_types' | 'vehicle_types', name: string): Promise<void> {
  await exec(q, `insert into ${table} (name) select $1 where not exists (select 1 from ${table} where lower(name) = lower($1))`, [name]);
}
