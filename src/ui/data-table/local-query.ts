/**
 * Local mode of the data table: answers a DataTableRequest from an in-memory array (rows read from IndexedDB
 * while offline) with the same semantics the server applies, so a table behaves the same online and offline.
 * Text matching is case-insensitive; dates compare on the calendar day (YYYY-MM-DD) the ISO strings carry;
 * sorting puts null/undefined last in either order.
 */
import type { DataTableFilter, DataTableRequest, DataTableResponse } from '../../contracts/datatable';

/** Reads a possibly nested field ('circuit.name') from a row. */
export function readField(row: unknown, field: string): unknown {
  let value: unknown = row;
  for (const part of field.split('.')) {
    if (value === null || value === undefined || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The calendar day 'YYYY-MM-DD' of an ISO date string (as written: a device's zone-less wall-clock date stays on
 * its own day whatever the browser's zone) or of a Date (UTC); null when it is not a date.
 * @internal Exported for its tests.
 */
export function dayOf(value: unknown): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T|$)/.test(value)) return Number.isNaN(Date.parse(value.slice(0, 10))) ? null : value.slice(0, 10);
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(time)) return null;
  return new Date(time).toISOString().slice(0, 10);
}

function toBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/**
 * Whether one row passes one filter.
 * @internal Exported for its tests.
 */
export function matchesFilter(row: unknown, filter: DataTableFilter): boolean {
  const cell = readField(row, filter.field);
  const wanted = filter.value;
  if (wanted === null || wanted === '') return true;
  switch (filter.type) {
    case 'text': {
      const text = cell === null || cell === undefined ? '' : String(cell).toLocaleLowerCase();
      const needle = String(wanted).toLocaleLowerCase();
      switch (filter.matchMode) {
        case 'startsWith':
          return text.startsWith(needle);
        case 'endsWith':
          return text.endsWith(needle);
        case 'equals':
          return text === needle;
        case 'notEquals':
          return text !== needle;
        default:
          return text.includes(needle);
      }
    }
    case 'date': {
      const day = dayOf(cell);
      const target = dayOf(wanted);
      if (target === null) return true;
      if (day === null) return filter.matchMode === 'dateIsNot';
      switch (filter.matchMode) {
        case 'dateIsNot':
          return day !== target;
        case 'dateBefore':
          return day < target;
        case 'dateAfter':
          return day > target;
        default:
          return day === target;
      }
    }
    case 'boolean': {
      const target = toBoolean(wanted);
      return target === null ? true : toBoolean(cell) === target;
    }
    case 'numeric': {
      const n = typeof cell === 'number' ? cell : Number(cell);
      const target = Number(wanted);
      if (Number.isNaN(target)) return true;
      if (cell === null || cell === undefined || Number.isNaN(n)) return filter.matchMode === 'notEquals';
      switch (filter.matchMode) {
        case 'notEquals':
          return n !== target;
        case 'lt':
          return n < target;
        case 'lte':
          return n <= target;
        case 'gt':
          return n > target;
        case 'gte':
          return n >= target;
        default:
          return n === target;
      }
    }
  }
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Compares two cell values ascending; null/undefined are handled by the caller. */
function compareCells(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  return collator.compare(String(a), String(b));
}

/** Filters, sorts (stable) and pages `rows` like the server would. */
export function queryLocal<T>(rows: readonly T[], request: DataTableRequest): DataTableResponse<T> {
  const filtered = rows.filter((row) => request.filterBy.every((filter) => matchesFilter(row, filter)));
  const sort = request.sortBy[0];
  if (sort) {
    const direction = sort.order === 'desc' ? -1 : 1;
    const keyed = filtered.map((row, index) => ({ row, index, key: readField(row, sort.field) }));
    keyed.sort((x, y) => {
      const xMissing = x.key === null || x.key === undefined;
      const yMissing = y.key === null || y.key === undefined;
      if (xMissing || yMissing) return xMissing === yMissing ? x.index - y.index : xMissing ? 1 : -1;
      return compareCells(x.key, y.key) * direction || x.index - y.index;
    });
    for (let i = 0; i < keyed.length; i++) filtered[i] = keyed[i].row;
  }
  const start = request.page * request.pageSize;
  return { data: filtered.slice(start, start + request.pageSize), totalRecords: filtered.length };
}
