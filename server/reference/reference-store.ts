import type { z } from 'zod';
import {
  circuitWriteSchema,
  countryWriteSchema,
  namedWriteSchema,
  vehicleCategoryWriteSchema,
  type Circuit,
  type CircuitType,
  type Country,
  type VehicleCategory,
  type VehicleType,
} from '../../src/contracts/entities';
import type { DataTableRequest } from '../../src/contracts/datatable';
import { referenceRowKeyPrefix, type ReferenceTextKind } from '../../src/contracts/reference-text-keys';
import type { MessageRef } from '../../src/contracts/messages';
import type { Db, Queryable } from '../db/db';
import { iso } from '../validate';
import { runDataTable, type TableDef } from '../datatable/datatable';

/**
 * The reference data's store: countries, circuit types, circuits, vehicle types, vehicle categories, each described
 * once (its table, columns, list order, write schema) and read and written by the generic functions below; the
 * routes (routes/reference-data.ts) parse, guard and answer.
 */
interface Resource<Row, Out, W extends z.ZodType> {
  path: string;
  /** Its messages: 'Country not found.', 'Country is in use and cannot be deleted.' */
  messages: { notFound: MessageRef; inUse: MessageRef };
  /** The kind in the row's translation keys ('ref:country.12.name'): its translations leave with the row. */
  refKind: ReferenceTextKind;
  table: TableDef<Row, Out>;
  /** Extra WHERE for lists and datatables (circuits without coordinates are dropped: they cannot be shown on a map or synced). */
  listFilter?: string;
  /** Sort of GET /X. */
  listOrder: string;
  datatablePath: 'public' | 'admin';
  write: W;
  /** API field -> column for writes. */
  columns: Record<string, string>;
  /** Table name and alias used in FROM (`countries t`). */
  tableName: string;
  /** Checks referenced rows exist; a missing one is a 400 rather than a foreign-key 409. */
  references?: Record<string, string>;
  /** Columns set from the caller on create. */
  ownerColumn?: string;
  /**
   * WHERE (with $1 = the caller's id) for rows GET /X also lists to a signed-in owner beyond `listFilter`: a racer's
   * own circuits, which only they see until an admin promotes them (user-circuits.ts).
   */
  ownRows?: string;
}

const stamp = (r: { created_at: Date; updated_at: Date }) => ({ createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) });

type NamedRow = { id: number; name: string; created_at: Date; updated_at: Date };

const countries: Resource<NamedRow & { timezone: string }, Country, typeof countryWriteSchema> = {
  path: 'countries',
  messages: { notFound: 'countryNotFound', inUse: 'countryInUse' },
  refKind: 'country',
  tableName: 'countries',
  table: {
    from: 'countries t',
    select: 't.id, t.name, t.timezone, t.created_at, t.updated_at',
    fields: {
      id: { sql: 't.id', type: 'numeric' },
      name: { sql: 't.name', type: 'text' },
      timezone: { sql: 't.timezone', type: 'text' },
      createdAt: { sql: 't.created_at', type: 'date' },
      updatedAt: { sql: 't.updated_at', type: 'date' },
    },
    defaultSort: { field: 'name', order: 'asc' },
    tieBreaker: 't.id asc',
    map: (r) => ({ id: r.id, name: r.name, timezone: r.timezone, ...stamp(r) }),
  },
  listOrder: 't.name, t.id',
  datatablePath: 'admin',
  write: countryWriteSchema,
  columns: { name: 'name', timezone: 'timezone' },
};

const named = (
  path: string,
  messages: { notFound: MessageRef; inUse: MessageRef },
  tableName: string,
  refKind: ReferenceTextKind,
): Resource<NamedRow, CircuitType | VehicleType, typeof namedWriteSchema> => ({
  path,
  messages,
  refKind,
  tableName,
  table: {
    from: `${tableName} t`,
    select: 't.id, t.name, t.created_at, t.updated_at',
    fields: {
      id: { sql: 't.id', type: 'numeric' },
      name: { sql: 't.name', type: 'text' },
      createdAt: { sql: 't.created_at', type: 'date' },
      updatedAt: { sql: 't.updated_at', type: 'date' },
    },
    defaultSort: { field: 'name', order: 'asc' },
    tieBreaker: 't.id asc',
    map: (r) => ({ id: r.id, name: r.name, ...stamp(r) }),
  },
  listOrder: 't.name, t.id',
  datatablePath: 'public',
  write: namedWriteSchema,
  columns: { name: 'name' },
});

type CategoryRow = NamedRow & { vehicle_type_id: number; vt_name: string | null };
const vehicleCategories: Resource<CategoryRow, VehicleCategory, typeof vehicleCategoryWriteSchema> = {
  path: 'vehicle-categories',
  messages: { notFound: 'vehicleCategoryNotFound', inUse: 'vehicleCategoryInUse' },
  refKind: 'vehicleCategory',
  tableName: 'vehicle_categories',
  table: {
    from: 'vehicle_categories t left join vehicle_types vt on vt.id = t.vehicle_type_id',
    select: 't.id, t.name, t.vehicle_type_id, vt.name as vt_name, t.created_at, t.updated_at',
    fields: {
      id: { sql: 't.id', type: 'numeric' },
      name: { sql: 't.name', type: 'text' },
      vehicleTypeId: { sql: 't.vehicle_type_id', type: 'numeric' },
      'vehicleType.name': { sql: 'vt.name', type: 'text' },
      vehicleTypeName: { sql: 'vt.name', type: 'text' },
      createdAt: { sql: 't.created_at', type: 'date' },
      updatedAt: { sql: 't.updated_at', type: 'date' },
    },
    defaultSort: { field: 'name', order: 'asc' },
    tieBreaker: 't.id asc',
    map: (r) => ({
      id: r.id,
      name: r.name,
      vehicleTypeId: r.vehicle_type_id,
      vehicleType: r.vt_name === null ? null : { id: r.vehicle_type_id, name: r.vt_name },
      ...stamp(r),
    }),
  },
  listOrder: 't.name, t.id',
  datatablePath: 'public',
  write: vehicleCategoryWriteSchema,
  columns: { name: 'name', vehicleTypeId: 'vehicle_type_id' },
  references: { vehicleTypeId: 'vehicle_types' },
};

/** A circuit row as CIRCUIT_COLUMNS selects it from CIRCUIT_FROM (also read by user-circuits.ts). */
export type CircuitRow = NamedRow & {
  user_id: number | null;
  type_id: number;
  country_id: number;
  is_public: boolean;
  description: string;
  configuration: Circuit['configuration'];
  direction: Circuit['direction'];
  length: number;
  coordinates: string;
  size: number;
  type_name: string | null;
  country_name: string | null;
  country_timezone: string | null;
};
export const CIRCUIT_FROM = 'circuits t left join circuit_types ct on ct.id = t.type_id left join countries co on co.id = t.country_id';
export const CIRCUIT_COLUMNS = `t.id, t.user_id, t.name, t.type_id, t.country_id, t.description, t.configuration, t.direction, t.length::float8 as length,
      t.coordinates, t.size::float8 as size, t.is_public, ct.name as type_name, co.name as country_name, co.timezone as country_timezone, t.created_at, t.updated_at`;

export function circuitFromRow(r: CircuitRow): Circuit {
  return {
    id: r.id,
    userId: r.user_id,
    name: r.name,
    typeId: r.type_id,
    countryId: r.country_id,
    description: r.description,
    configuration: r.configuration,
    direction: r.direction,
    length: r.length,
    coordinates: r.coordinates,
    size: r.size,
    isPublic: r.is_public,
    type: r.type_name === null ? null : { id: r.type_id, name: r.type_name },
    country: r.country_name === null ? null : { id: r.country_id, name: r.country_name, timezone: r.country_timezone ?? '' },
    ...stamp(r),
  };
}

const circuits: Resource<CircuitRow, Circuit, typeof circuitWriteSchema> = {
  path: 'circuits',
  messages: { notFound: 'circuitNotFound', inUse: 'circuitInUse' },
  refKind: 'circuit',
  tableName: 'circuits',
  table: {
    from: CIRCUIT_FROM,
    select: CIRCUIT_COLUMNS,
    fields: {
      id: { sql: 't.id', type: 'numeric' },
      name: { sql: 't.name', type: 'text' },
      typeId: { sql: 't.type_id', type: 'numeric' },
      countryId: { sql: 't.country_id', type: 'numeric' },
      description: { sql: 't.description', type: 'text' },
      configuration: { sql: 't.configuration', type: 'text' },
      direction: { sql: 't.direction', type: 'text' },
      length: { sql: 't.length', type: 'numeric' },
      size: { sql: 't.size', type: 'numeric' },
      'type.name': { sql: 'ct.name', type: 'text' },
      typeName: { sql: 'ct.name', type: 'text' },
      'country.name': { sql: 'co.name', type: 'text' },
      countryName: { sql: 'co.name', type: 'text' },
      createdAt: { sql: 't.created_at', type: 'date' },
      updatedAt: { sql: 't.updated_at', type: 'date' },
    },
    defaultSort: { field: 'name', order: 'asc' },
    tieBreaker: 't.id asc',
    map: circuitFromRow,
  },
  listFilter: "t.coordinates <> '' and t.is_public",
  ownRows: "t.coordinates <> '' and not t.is_public and t.user_id = $1",
  listOrder: 'co.name, t.name, t.id',
  datatablePath: 'public',
  write: circuitWriteSchema,
  columns: {
    name: 'name',
    typeId: 'type_id',
    countryId: 'country_id',
    description: 'description',
    configuration: 'configuration',
    direction: 'direction',
    length: 'length',
    coordinates: 'coordinates',
    size: 'size',
  },
  references: { typeId: 'circuit_types', countryId: 'countries' },
  ownerColumn: 'user_id',
};

/** The five tables, in the order their routes are registered. */
export const referenceResources = [
  countries,
  named('circuit-types', { notFound: 'circuitTypeNotFound', inUse: 'circuitTypeInUse' }, 'circuit_types', 'circuitType'),
  circuits,
  named('vehicle-types', { notFound: 'vehicleTypeNotFound', inUse: 'vehicleTypeInUse' }, 'vehicle_types', 'vehicleType'),
  vehicleCategories,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = Resource<any, unknown, z.ZodObject>;

/** GET /X's rows: those everyone sees and, for a signed-in owner (`ownerId`), their own rows too. */
export async function listRows<Row, Out, W extends z.ZodType>(q: Queryable, r: Resource<Row, Out, W>, ownerId: number | null): Promise<Out[]> {
  const { table } = r;
  const rows =
    ownerId !== null && r.ownRows
      ? await q.query<Row>(`select ${table.select} from ${table.from} where (${r.listFilter ?? 'true'}) or (${r.ownRows}) order by ${r.listOrder}`, [ownerId])
      : await q.query<Row>(`select ${table.select} from ${table.from} ${r.listFilter ? `where ${r.listFilter}` : ''} order by ${r.listOrder}`);
  return rows.map(table.map);
}

/** Whether a row of a table with own rows is seen by `viewerId` (public, theirs, or an admin reviewing it). */
export async function isRowVisible(q: Queryable, r: AnyResource, id: number, viewerId: number | null, admin: boolean): Promise<boolean> {
  const [seen] = await q.query(`select 1 from ${r.tableName} t where t.id = $1 and (t.is_public or t.user_id = $2 or $3)`, [id, viewerId, admin]);
  return Boolean(seen);
}

/** One row, or null. */
export async function findRow<Row, Out, W extends z.ZodType>(q: Queryable, r: Resource<Row, Out, W>, id: number): Promise<Out | null> {
  const [row] = await q.query<Row>(`select ${r.table.select} from ${r.table.from} where t.id = $1`, [id]);
  return row ? r.table.map(row) : null;
}

/** A page of rows (the list filter applied). */
export function rowsPage<Row, Out, W extends z.ZodType>(q: Queryable, r: Resource<Row, Out, W>, query: DataTableRequest) {
  return runDataTable(q, r.table, query, r.listFilter ? { sql: r.listFilter, params: [] } : undefined);
}

/** The first field of `input` naming a row of another table that does not exist, or null. */
/** The message of a reference to a row that does not exist ('Unknown countryId.'). */
export function unknownReference(field: string): MessageRef {
  const ids: Record<string, MessageRef> = { circuitId: 'unknownCircuitId', countryId: 'unknownCountryId', typeId: 'unknownTypeId', vehicleTypeId: 'unknownVehicleTypeId', vehicleCategoryId: 'unknownVehicleCategoryId' };
  return ids[field] ?? { id: 'invalidBody', params: { details: `${field}: does not exist` } };
}

export async function missingReference(q: Queryable, r: AnyResource, input: Record<string, unknown>): Promise<string | null> {
  for (const [field, refTable] of Object.entries(r.references ?? {})) {
    if (input[field] === undefined) continue;
    const [found] = await q.query(`select 1 from ${refTable} where id = $1`, [input[field]]);
    if (!found) return field;
  }
  return null;
}

/** Inserts a row from the fields of `input` given (owned by `ownerId` where the table has owners); its id. */
export async function insertRow(q: Queryable, r: AnyResource, input: Record<string, unknown>, ownerId: number): Promise<number> {
  const cols = Object.entries(r.columns).filter(([f]) => input[f] !== undefined);
  const params = cols.map(([f]) => input[f]);
  const names = cols.map(([, c]) => c);
  if (r.ownerColumn) {
    names.push(r.ownerColumn);
    params.push(ownerId);
  }
  const [row] = await q.query<{ id: number }>(
    `insert into ${r.tableName} (${names.join(', ')}) values (${params.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    params,
  );
  return row.id;
}

/** Sets the fields of `input` given; false when there is no such row. */
export async function updateRow(q: Queryable, r: AnyResource, id: number, input: Record<string, unknown>): Promise<boolean> {
  const params: unknown[] = [id];
  const sets: string[] = [];
  for (const [field, column] of Object.entries(r.columns)) {
    if (input[field] === undefined) continue;
    params.push(input[field]);
    sets.push(`${column} = $${params.length}`);
  }
  const rows = await q.query(`update ${r.tableName} set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning id`, params);
  return rows.length > 0;
}

/**
 * Deletes a row with its translations and missing-translation entries (ids are never reused, so none would apply
 * again): 'in-use' when other rows still point at it.
 */
export async function deleteRow(db: Db, r: AnyResource, id: number): Promise<'deleted' | 'not-found' | 'in-use'> {
  try {
    return await db.tx(async (q) => {
      const rows = await q.query(`delete from ${r.tableName} where id = $1 returning id`, [id]);
      if (!rows.length) return 'not-found';
      const prefix = `${referenceRowKeyPrefix(r.refKind, id)}%`;
      await q.query('delete from translation_overrides where key like $1', [prefix]);
      await q.query('delete from missing_translations where key like $1', [prefix]);
      return 'deleted';
    });
  } catch (err) {
    if (['23503', '23001'].includes(String((err as { code?: string }).code))) return 'in-use';
    throw err;
  }
}
