import { dataTableRequestSchema, type DataTableFilter, type DataTableRequest, type DataTableResponse } from '../../src/contracts/datatable';
import type { Queryable } from '../db/db';
import { ApiError } from '../errors';
import { parseInput } from '../validate';

/**
 * The one server-side data table every list uses: `{page, pageSize, sortBy, filterBy}` -> `{data, totalRecords}`.
 * Each table declares a whitelist of API field names -> SQL expressions and filter types; nothing from the request
 * reaches SQL except through that whitelist and numbered parameters.
 */
type FieldType = 'text' | 'date' | 'boolean' | 'numeric';

interface FieldDef {
  /** SQL expression over the table's FROM clause (trusted: written here, never from the request). */
  sql: string;
  type: FieldType;
  sortable?: boolean;
  filterable?: boolean;
  /**
   * The expression is never NULL (a NOT NULL column of the base table or of an inner join). Its ORDER BY then
   * keeps PostgreSQL's default NULLS placement, which is what a plain b-tree index is ordered by (forwards or
   * backwards); with an explicit `nulls first/last` no index could serve the sort. Same order, since there are no NULLs.
   */
  notNull?: boolean;
  /** For text fields: an expression equal to `lower(sql)` that is cheaper to read (e.g. a stored generated column). */
  lowerSql?: string;
  /** Keys of `TableDef.keyQuery.joins` this expression needs (e.g. `['c', 'co']` for the circuit's country). */
  joins?: string[];
}

export interface TableDef<Row, Out> {
  /** FROM clause including joins, e.g. `sessions s left join circuits c on c.id = s.circuit_id`. */
  from: string;
  /** SELECT list (trusted). */
  select: string;
  fields: Record<string, FieldDef>;
  /** Sort used when the request has none. */
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /**
   * Appended to every ORDER BY so paging is stable (e.g. `s.date desc, s.id desc`): comma-separated terms with no
   * comma inside an expression (a back-half page reverses them term by term). With `keyQuery`, over the base table only.
   */
  tieBreaker: string;
  /**
   * Optional two-step page for big tables: the page's keys are found in the base table joined only to what the
   * request's filters and sort need (so the database can walk an index in the requested order and stop after
   * the page, or count without touching the wide rows or the joins), then `select` runs for those keys alone.
   * The scope clause and `tieBreaker` must refer to the base table only. Dropped joins must not change the row
   * count: only left joins on a unique key, or inner joins along a NOT NULL foreign key.
   */
  keyQuery?: {
    /** e.g. `sessions s`. */
    base: string;
    /** Primary key of the base table, e.g. `s.id`. */
    key: string;
    /** Join clauses by key, in the order they must be added, e.g. `{ c: 'left join circuits c on c.id = s.circuit_id' }`. */
    joins: Record<string, string>;
    /**
     * The page's SELECT list over the base table alone, joined values as scalar subqueries (same column names as
     * `select`). Planning a query with every join costs more than running it for one page (~1-5 ms against
     * ~0.2 ms); the page query then joins only what its ORDER BY needs.
     */
    select: string;
    /** Joins `select` needs besides the base table (e.g. a lateral lookup of several columns of one row). */
    selectJoins?: string;
  };
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

/** Parses the body: absent -> 400 'DataTableRequestDTO is missing.' (the product's error text); malformed -> 400 VALIDATION. */
export function parseDataTableRequest(body: unknown): DataTableRequest {
  if (body === undefined || body === null || body === '') {
    throw new ApiError(400, 'DATATABLE_MISSING', 'dataTableMissing');
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
  if (f.type !== def.type) throw new ApiError(400, 'VALIDATION', { id: 'filterTypeMismatch', params: { type: f.type, field: name, fieldType: def.type } });
  if (!MATCH_MODES[def.type].includes(f.matchMode)) throw new ApiError(400, 'VALIDATION', { id: 'matchModeNotAllowed', params: { mode: f.matchMode, fieldType: def.type, field: name } });
  const p = (v: unknown) => {
    w.params.push(v);
    return `$${w.params.length}`;
  };
  switch (def.type) {
    case 'text': {
      const s = String(value);
      const ci = def.lowerSql ?? `lower(${def.sql})`;
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
        throw new ApiError(400, 'VALIDATION', { id: 'filterNotDate', params: { field: name } });
      }
      const at = p(d.toISOString());
      // 'Same day' (in the database's time zone, like a ::date cast) as a range on the column itself, so an index
      // on it serves the filter; adding '1 day' to a timestamptz keeps local midnight across DST changes.
      const dayStart = `date_trunc('day', ${at}::timestamptz)`;
      const sameDay = `(${def.sql} >= ${dayStart} and ${def.sql} < ${dayStart} + interval '1 day')`;
      const clause =
        f.matchMode === 'dateBefore'
          ? `${def.sql} < ${at}::timestamptz`
          : f.matchMode === 'dateAfter'
            ? `${def.sql} > ${at}::timestamptz`
            : f.matchMode === 'dateIsNot'
              ? `(${def.sql} is null or ${def.sql} < ${dayStart} or ${def.sql} >= ${dayStart} + interval '1 day')`
              : sameDay;
      w.clauses.push(clause);
      return;
    }
    case 'boolean': {
      const b = value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
      if (b === undefined) throw new ApiError(400, 'VALIDATION', { id: 'filterNotBoolean', params: { field: name } });
      w.clauses.push(f.matchMode === 'notEquals' ? `${def.sql} is distinct from ${p(b)}` : `${def.sql} = ${p(b)}`);
      return;
    }
    case 'numeric': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw new ApiError(400, 'VALIDATION', { id: 'filterNotNumber', params: { field: name } });
      const op = { equals: '=', notEquals: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' }[f.matchMode as 'equals'];
      // An integer column compared with 1.5 or 3e9 as an integer parameter is a PostgreSQL error: such values
      // are compared as numeric (exact). Small integers stay plain, so an index on an integer column still serves.
      const asInteger = Number.isInteger(n) && Math.abs(n) <= 2_147_483_647;
      w.clauses.push(`${def.sql} ${op} ${asInteger ? p(n) : `${p(String(n))}::numeric`}`);
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
    if (!def || def.filterable === false) throw new ApiError(400, 'VALIDATION', { id: 'unknownFilterField', params: { field: f.field } });
    addFilter(def, f.field, f, w);
  }
  const sort = request.sortBy[0] ?? table.defaultSort;
  const sortDef = Object.hasOwn(table.fields, sort.field) ? table.fields[sort.field] : undefined;
  if (!sortDef || sortDef.sortable === false) throw new ApiError(400, 'VALIDATION', { id: 'unknownSortField', params: { field: sort.field } });
  const terms = [`${sortDef.sql} ${sort.order === 'desc' ? 'desc' : 'asc'}${sortDef.notNull ? '' : sort.order === 'desc' ? ' nulls last' : ' nulls first'}`, ...table.tieBreaker.split(',')];
  const orderTerms = terms.join(', ');
  const orderBy = `order by ${orderTerms}`;
  const where = w.clauses.length ? `where ${w.clauses.join(' and ')}` : '';
  const limit = w.params.length + 1;
  const offset = request.page * request.pageSize;
  // Page and total are two queries on purpose: a `count(*) over ()` window would make the database join and build
  // the select list for EVERY matching row before LIMIT applies, while a bare count only reads what the WHERE needs.
  const kq = table.keyQuery;
  if (!kq) {
    const rows = await q.query<Row>(`select ${table.select} from ${table.from} ${where} ${orderBy} limit $${limit} offset $${limit + 1}`, [
      ...w.params,
      request.pageSize,
      offset,
    ]);
    const totalRecords =
      request.page === 0 && rows.length < request.pageSize ? rows.length : await countRows(q, table.from, where, w.params);
    return { data: rows.map((r) => table.map(r)), totalRecords };
  }
  const filterJoins = new Set(request.filterBy.flatMap((f) => table.fields[f.field]?.joins ?? []));
  const joinsFor = (used: Set<string>) => Object.entries(kq.joins).filter(([k]) => used.has(k)).map(([, clause]) => clause).join('\n  ');
  const fromWith = (used: Set<string>) => `${kq.base}\n  ${joinsFor(used)}`;
  const keyFrom = fromWith(new Set([...filterJoins, ...(sortDef.joins ?? [])]));
  const selectJoins = `${joinsFor(new Set(sortDef.joins ?? []))}\n  ${kq.selectJoins ?? ''}`;
  // The page's rows come back as one JSON array built by the database (in the page's order): one value to decode
  // instead of a dozen text fields per row, which halves the driver's work for a 50-row page on PGlite and most of
  // the garbage it leaves. Timestamps arrive as ISO strings, which `map` reads like Dates.
  const jsonRows = async <Extra>(from: string, order: string, params: unknown[], extra = '') => {
    const [r] = await q.query<{ rows: Array<Row & Extra> }>(
      `select coalesce(json_agg(r order by r.ord__), '[]'::json) as rows
       from (select ${kq.select}${extra}, row_number() over (order by ${order}) as ord__ from ${from}) r`,
      params,
    );
    return r.rows;
  };
  // The keys of the page first (LIMIT/OFFSET over narrow rows, in index order where an index fits), then the
  // wide select list for those keys only (joining just what the ORDER BY needs to sort them again).
  const page = (order: string, lim: number, off: number) =>
    jsonRows(
      `${kq.base} ${selectJoins}
       where ${kq.key} in (select ${kq.key} from ${keyFrom} ${where} order by ${order} limit $${limit} offset $${limit + 1})`,
      order,
      [...w.params, lim, off],
    );
  // The count needs only the filters' joins, never the sort's.
  const count = () => countRows(q, fromWith(filterJoins), where, w.params);
  if (w.clauses.length > (scope ? 1 : 0)) {
    // Filtered: counting reads every matching row, and a filter no index serves (a 'contains') makes the page read
    // them all too. One pass then does both: the key query counts its rows with a window (over the narrow key rows,
    // before LIMIT) and the page carries that total. Only a page past the end needs the count on its own.
    const rows = await jsonRows<{ total__: number }>(
      `(select ${kq.key} as id__, count(*) over ()::int as total__ from ${keyFrom} ${where} ${orderBy} limit $${limit} offset $${limit + 1}) k
       join ${kq.base} on ${kq.key} = k.id__ ${selectJoins}`,
      orderTerms,
      [...w.params, request.pageSize, offset],
      ', k.total__',
    );
    const totalRecords = rows.length ? rows[0].total__ : request.page === 0 ? 0 : await count();
    return { data: rows.map((r) => table.map(r)), totalRecords };
  }
  if (request.page === 0) {
    const rows = await page(orderTerms, request.pageSize, 0);
    return { data: rows.map((r) => table.map(r)), totalRecords: rows.length < request.pageSize ? rows.length : await count() };
  }
  const totalRecords = await count();
  if (offset >= totalRecords) return { data: [], totalRecords };
  // A page in the back half is read from the other end: the reversed order with the small offset, then flipped
  // back. An index walked backwards (or a top-N sort) then touches pageSize + (total - end) rows, not all of them.
  if (offset * 2 > totalRecords) {
    const end = Math.min(totalRecords, offset + request.pageSize);
    const rows = await page(terms.map(reverseOrderTerm).join(', '), end - offset, totalRecords - end);
    return { data: rows.reverse().map((r) => table.map(r)), totalRecords };
  }
  const rows = await page(orderTerms, request.pageSize, offset);
  return { data: rows.map((r) => table.map(r)), totalRecords };
}

async function countRows(q: Queryable, from: string, where: string, params: unknown[]): Promise<number> {
  const [c] = await q.query<{ n: number }>(`select count(*)::int as n from ${from} ${where}`, params);
  return c?.n ?? 0;
}

/**
 * `expr [asc|desc] [nulls first|last]` -> the exact reverse: direction flipped and NULLs on the other side (an
 * unwritten NULLS placement is PostgreSQL's default: last for asc, first for desc, so flipping the direction alone
 * moves them too).
 */
function reverseOrderTerm(term: string): string {
  const m = /^\s*(.+?)(?:\s+(asc|desc))?(?:\s+nulls\s+(first|last))?\s*$/i.exec(term);
  if (!m) throw new Error(`Cannot reverse order term '${term}'.`);
  const [, expr, dir, nulls] = m;
  const reversed = `${expr} ${dir?.toLowerCase() === 'desc' ? 'asc' : 'desc'}`;
  return nulls ? `${reversed} nulls ${nulls.toLowerCase() === 'first' ? 'last' : 'first'}` : reversed;
}
