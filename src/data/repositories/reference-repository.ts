import type { z } from 'zod';
import {
  circuitSchema,
  circuitTypeSchema,
  countrySchema,
  vehicleCategorySchema,
  vehicleTypeSchema,
  type Circuit,
  type CircuitType,
  type Country,
  type VehicleCategory,
  type VehicleType,
} from '../../contracts/entities';
import type { AstroDb } from '../db/database';
import { restoreRows } from '../db/restore';

/**
 * Reference data (countries, circuits, circuit types, vehicle types, vehicle categories) kept in IndexedDB.
 * This replaces the spec's sessionStorage caches: the lists survive restarts so the app starts offline, and
 * they are refetched whenever the app is online (start, online event, sign-in) or when forced (after an admin
 * write). A failed refetch keeps what is stored and passes the ApiError on.
 *
 * Reads are plain Dexie reads: `useLiveQuery(() => referenceRepository.list('circuits'))`.
 */
export interface ReferenceRows {
  countries: Country;
  circuits: Circuit;
  circuitTypes: CircuitType;
  vehicleTypes: VehicleType;
  vehicleCategories: VehicleCategory;
}
export type ReferenceTable = keyof ReferenceRows;
const REFERENCE_TABLES: readonly ReferenceTable[] = ['countries', 'circuits', 'circuitTypes', 'vehicleTypes', 'vehicleCategories'];

const schemas: { [K in ReferenceTable]: z.ZodType<ReferenceRows[K]> } = {
  countries: countrySchema,
  circuits: circuitSchema,
  circuitTypes: circuitTypeSchema,
  vehicleTypes: vehicleTypeSchema,
  vehicleCategories: vehicleCategorySchema,
};

export type ReferenceFetchers = { [K in ReferenceTable]: (signal?: AbortSignal) => Promise<ReferenceRows[K][]> };

/**
 * A refetch is skipped when the stored copy is younger than this, unless forced (avoids refetching on every online blip).
 * @internal Exported for its tests.
 */
export const REFERENCE_MAX_AGE_MS = 5 * 60_000;

const fetchedKey = (t: ReferenceTable) => `ref:${t}`;

export function createReferenceRepository(deps: { db: () => AstroDb; fetchers: ReferenceFetchers; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const db = deps.db;
  const inflight = new Map<ReferenceTable, Promise<unknown[]>>();

  /** Every stored row of a table, unsorted, circuits without coordinates included (sessions still name them). */
  async function stored<K extends ReferenceTable>(table: K): Promise<ReferenceRows[K][]> {
    return restoreRows(table, await db().table(table).toArray(), schemas[table]) as ReferenceRows[K][];
  }

  async function list<K extends ReferenceTable>(table: K): Promise<ReferenceRows[K][]> {
    const rows = await stored(table);
    // Circuits without coordinates are dropped from lists: they cannot be drawn or synced to ASTRO.
    const usable = table === 'circuits' ? rows.filter((c) => (c as Circuit).coordinates.trim() !== '') : rows;
    return usable.sort((a, b) => a.name.localeCompare(b.name));
  }

  async function fetchedAt(table: ReferenceTable): Promise<number | null> {
    const v = (await db().kv.get(fetchedKey(table)))?.value;
    return typeof v === 'number' ? v : null;
  }

  /** Refetches one table (single-flight per table) and replaces the stored rows in one transaction. */
  async function refresh<K extends ReferenceTable>(table: K, options: { force?: boolean; signal?: AbortSignal } = {}): Promise<ReferenceRows[K][]> {
    if (!options.force) {
      const at = await fetchedAt(table);
      if (at !== null && now() - at < REFERENCE_MAX_AGE_MS) return list(table);
    }
    let p = inflight.get(table) as Promise<ReferenceRows[K][]> | undefined;
    if (!p) {
      p = (async () => {
        const rows = await deps.fetchers[table](options.signal);
        await db().transaction('rw', db().table(table), db().kv, async () => {
          await db().table(table).clear();
          await db().table(table).bulkPut(rows);
          await db().kv.put({ key: fetchedKey(table), value: now() });
        });
        return rows;
      })().finally(() => inflight.delete(table));
      inflight.set(table, p);
    }
    await p;
    return list(table);
  }

  return {
    list,
    stored,
    fetchedAt,
    refresh,
    /** Refetches every table; resolves with the tables that failed (their stored rows are kept). */
    async refreshAll(options: { force?: boolean } = {}): Promise<{ failed: { table: ReferenceTable; error: unknown }[] }> {
      const results = await Promise.allSettled(REFERENCE_TABLES.map((t) => refresh(t, options)));
      const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [{ table: REFERENCE_TABLES[i], error: r.reason as unknown }] : []));
      return { failed };
    },
    async getCircuit(id: number): Promise<Circuit | null> {
      const [row] = restoreRows('circuits', [await db().circuits.get(id)].filter(Boolean), circuitSchema);
      return row ?? null;
    },
  };
}
