import { dataTableRequestSchema, type DataTableFilter, type DataTableRequest, type DataTableResponse } from '../../src/contracts/datatable';
import type { Queryable } from '../db/db';
import { ApiError } from '../errors';
import { parseInput } from '../validate';

/**
 * The one server-side data table (spec 3 and 9): `{page, pageSize, sortBy, filterBy}` -> `{data, totalRecords}`.
 * Each table declares a whitelist of API field names -> SQL expressions and filter types; nothing from the request
 * reaches SQL except through that whitelist and numbered parameters.
 */
export type FieldType = 'text' | 'date' | 'boolean' | 'numeric';

export interface FieldDef {
  /** SQL expression over the table's FROM clause (trusted: written here, never from the request). */
  sql: string;
  type: FieldType;
  sortable?: boolean;
  filterable?: boolean;
}

export interface TableDef<Row, Out> {
  /** FROM clause including joins, e.g. `sessions s left join circuits c on c.id = s.circuit_id`. */
  from: string;
  /** SELECT list (trusted). */
  select: string;
  fields: Record<string, FieldDef>;
  /** Sort used when the request has none. */
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Appended to every ORDER BY so paging is stable (e.g. `s.id desc`). */
  tieBreaker: string;
  map(row: Row): Out;
}

const MATCH_MODES: Record<FieldType, readonly string[]> = {
  text: ['contains', 'startsWith', 'endsWith', 'equals', 'notEquals'],
  date: ['dateIs', 'dateIsNot', 'dateBefore', 'dateAfter', 'equals'],
  boolean: ['equals', 'notEquals'],
  numeric: ['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte'],
};

/** Escapes LIKE wildcards so a value matches literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Parses the body: absent -> 400 'DataTableRequestDTO is missing.' (spec 8); malformed -> 400 VALIDATION. */
export function parseDataTableRequest(body: unknown): DataTableRequest {
  if (body === undefined || body === null || body === '') {
    throw new ApiError(400, 'DATATABLE_MISSING', 'DataTableRequestDTO is missing.');
  }
  return parseInput(dataTableRequestSchema, body, 'Data table request');
}

interface Where {
  clauses: string[];
  params: unknown[];
}

function addFilter(def: FieldDef, name: string, f: DataTableFilter, w: Where): void {
  const { value } = f;
  // An empty filter (cleared in the UI) filters nothing.
  if (value === null || value === '') return;
  if (f.type !== def.type) throw new ApiError(400, 'VALIDATION', `Filter type '${f.type}' does not fit field '${name}' (${def.type}).`);
  if (!MATCH_MODES[def.type].includes(f.matchMode)) throw new ApiError(400, 'VALIDATION', `Match mode '${f.matchMode}' is not allowed for ${def.type} field '${name}'.`);
  const p = (v: unknown) => {
    w.params.push(v);
    return `$${w.params.length}`;
  };
  switch (def.type) {
    case 'text': {
      const s = String(value);
      const ci = `lower(${def.sql})`;
      const clause = {
        contains: () => `${ci} like ${p(`%${likeEscape(s.toLowerCase())}%`)}`,
        startsWith: () => `${ci} like ${p(`${likeEscape(s.toLowerCase())}%`)}`,
        endsWith: () => `${ci} like ${p(`%${likeEscape(s.toLowerCase())}`)}`,
        equals: () => `${ci} = ${p(s.toLowerCase())}`,
        notEquals: () => `(${def.sql} is null or ${ci} <> ${p(s.toLowerCase())})`,
      }[f.matchMode as 'contains'];
      w.clauses.push(clause());
      return;
    }
    case 'date': {
      const d = typeof value === 'string' || typeof value === 'number' ? new Date(value) : new Date(NaN);
      if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1900 || d.getUTCFullYear() > 9999) {
        throw new ApiError(400, 'VALIDATION', `Filter value for '${name}' is not a date.`);
      }
      const at = p(d.toISOString());
      const day = `(${def.sql})::date`;
      const clause =
        f.matchMode === 'dateBefore'
          ? `${def.sql} < ${at}::timestamptz`
          : f.matchMode === 'dateAfter'
            ? `${def.sql} > ${at}::timestamptz`
            : f.matchMode === 'dateIsNot'
              ? `(${def.sql} is null or ${day} <> (${at}::timestamptz)::date)`
              : `${day} = (${at}::timestamptz)::date`;
      w.clauses.push(clause);
      return;
    }
    case 'boolean': {
      const b = value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
      if (b === undefined) throw new ApiError(400, 'VALIDATION', `Filter value for '${name}' must be true or false.`);
      w.clauses.push(f.matchMode === 'notEquals' ? `${def.sql} is distinct from ${p(b)}` : `${def.sql} = ${p(b)}`);
      return;
    }
    case 'numeric': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isFinite(n) || Math.abs(n) > 1e15) throw new ApiError(400, 'VALIDATION', `Filter value for '${name}' must be a number.`);
      const op = { equals: '=', notEquals: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' }[f.matchMode as 'equals'];
      w.clauses.push(`${def.sql} ${op} ${p(n)}`);
      return;
    }
  }
}

/**
 * Runs a data table query. `scope` is an extra trusted WHERE clause (e.g. ownership) whose parameters come first.
 */
export async function runDataTable<Row, Out>(
  q: Queryable,
  table: TableDef<Row, Out>,
  request: DataTableRequest,
  scope?: { sql: string; params: unknown[] },
): Promise<DataTableResponse<Out>> {
  const w: Where = { clauses: scope ? [scope.sql] : [], params: scope ? [...scope.params] : [] };
  for (const f of request.filterBy) {
    const def = Object.hasOwn(table.fields, f.field) ? table.fields[f.field] : undefined;
    if (!def || def.filterable === false) throw new ApiError(400, 'VALIDATION', `Unknown filter field '${f.field}'.`);
    addFilter(def, f.field, f, w);
  }
  const sort = request.sortBy[0] ?? table.defaultSort;
  const sortDef = Object.hasOwn(table.fields, sort.field) ? table.fields[sort.field] : undefined;
  if (!sortDef || sortDef.sortable === false) throw new ApiError(400, 'VALIDATION', `Unknown sort field '${sort.field}'.`);
  const order = sort.order === 'desc' ? 'desc nulls last' : 'asc nulls first';
  const where = w.clauses.length ? `where ${w.clauses.join(' and ')}` : '';
  const limit = w.params.length + 1;
  // Page and total are two queries on purpose: a `count(*) over ()` window would make the database join and build
  // the select list for EVERY matching row before LIMIT applies (~30 ms at 10,000 sessions), while a bare
  // count lets PostgreSQL drop the unused left joins and the page query stop after a top-N sort.
  const rows = await q.query<Row>(
    `select ${table.select} from ${table.from} ${where}
     order by ${sortDef.sql} ${order}, ${table.tieBreaker} limit $${limit} offset $${limit + 1}`,
    [...w.params, request.pageSize, request.page * request.pageSize],
  );
  let totalRecords: number;
  if (request.page === 0 && rows.length < request.pageSize) {
    totalRecords = rows.length; // the first page holds everything: no need to count
  } else {
    const [c] = await q.query<{ n: number }>(`select count(*)::int as n from ${table.from} ${where}`, w.params);
    totalRecords = c?.n ?? 0;
  }
  return { data: rows.map((r) => table.map(r)), totalRecords };
}
