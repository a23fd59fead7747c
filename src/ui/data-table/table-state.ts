/**
 * Pure state of a data table: zero-based page, page size (10 by default, choices
 * 5/10/20/50), a single sort and one filter per column. Kept apart from React so the rules are unit tested:
 * a filter change resets the page to 0; a page-size change does too (the old page may no longer exist).
 * Page, sort and page size persist in sessionStorage per table key; filters do not.
 */
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  type DataTableFilter,
  type DataTableRequest,
  type DataTableSort,
  sortOrderSchema,
} from '../../contracts/datatable';

export type ColumnFilterType = 'text' | 'date' | 'boolean' | 'numeric';
export type FilterMatchMode = DataTableFilter['matchMode'];

/** The value a column's filter holds; `null` (or '') means "no filter". */
export interface ColumnFilter {
  value: string | number | boolean | null;
  matchMode: FilterMatchMode;
}

export interface TableState {
  page: number;
  pageSize: number;
  sort: DataTableSort | null;
  /** field -> filter; only columns with a filter type appear. */
  filters: Record<string, ColumnFilter>;
}

/** What the state needs to know about columns to build a request. */
export interface FilterableColumn {
  field: string;
  filter?: ColumnFilterType;
}

export type TableAction =
  | { type: 'page'; page: number }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'sort'; field: string }
  | { type: 'filter'; field: string; filter: ColumnFilter }
  | { type: 'clearFilters' };

/** The match mode a filter type uses when the user has not picked one. */
export const defaultMatchMode: Record<ColumnFilterType, FilterMatchMode> = {
  text: 'contains',
  date: 'dateIs',
  boolean: 'equals',
  numeric: 'equals',
};

/** Match modes offered per filter type (contracts/datatable.ts). */
export const matchModesFor: Record<ColumnFilterType, FilterMatchMode[]> = {
  text: ['contains', 'startsWith', 'endsWith', 'equals', 'notEquals'],
  date: ['dateIs', 'dateIsNot', 'dateBefore', 'dateAfter'],
  boolean: ['equals'],
  numeric: ['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte'],
};

export function initialTableState(defaultSort: DataTableSort | null = null, pageSize = DEFAULT_PAGE_SIZE): TableState {
  return { page: 0, pageSize, sort: defaultSort, filters: {} };
}

function isEmptyFilter(filter: ColumnFilter): boolean {
  return filter.value === null || filter.value === '';
}

/** Applies one user action. Returns the same object when nothing changes (React can skip a render). */
export function tableReducer(state: TableState, action: TableAction): TableState {
  switch (action.type) {
    case 'page': {
      const page = Math.max(0, Math.floor(action.page));
      return page === state.page ? state : { ...state, page };
    }
    case 'pageSize': {
      if (!(PAGE_SIZES as readonly number[]).includes(action.pageSize) || action.pageSize === state.pageSize) return state;
      return { ...state, pageSize: action.pageSize, page: 0 };
    }
    case 'sort': {
      // Single sort mode: a new field starts ascending; the same field flips its order.
      const order = state.sort?.field === action.field && state.sort.order === 'asc' ? 'desc' : 'asc';
      return { ...state, sort: { field: action.field, order } };
    }
    case 'filter': {
      const previous = state.filters[action.field];
      const bothEmpty = (!previous || isEmptyFilter(previous)) && isEmptyFilter(action.filter);
      if (bothEmpty) return state;
      if (previous && previous.value === action.filter.value && previous.matchMode === action.filter.matchMode) return state;
      const filters = { ...state.filters };
      if (isEmptyFilter(action.filter)) delete filters[action.field];
      else filters[action.field] = action.filter;
      return { ...state, filters, page: 0 };
    }
    case 'clearFilters':
      return Object.keys(state.filters).length === 0 ? state : { ...state, filters: {}, page: 0 };
  }
}

/** The server request (contracts DataTableRequest) for the state; filters on unknown columns are dropped. */
export function toRequest(state: TableState, columns: readonly FilterableColumn[]): DataTableRequest {
  const filterBy: DataTableFilter[] = [];
  for (const column of columns) {
    const filter = state.filters[column.field];
    if (!column.filter || !filter || isEmptyFilter(filter)) continue;
    filterBy.push({ field: column.field, value: filter.value, type: column.filter, matchMode: filter.matchMode });
  }
  return { page: state.page, pageSize: state.pageSize, sortBy: state.sort ? [state.sort] : [], filterBy };
}

/** The last valid page for a total; used to step back when deletions empty the current page. */
export function lastPage(totalRecords: number, pageSize: number): number {
  return Math.max(0, Math.ceil(totalRecords / pageSize) - 1);
}

const persistedSchema = z.object({
  page: z.number().int().min(0).max(1_000_000),
  pageSize: z.number().int().refine((n) => (PAGE_SIZES as readonly number[]).includes(n)),
  sort: z.object({ field: z.string().min(1).max(64), order: sortOrderSchema }).nullable(),
});

/**
 * sessionStorage key of a table.
 * @internal Exported for its tests.
 */
export const storageKey = (tableKey: string) => `datatable:${tableKey}`;

/** Minimal storage interface so tests pass a Map-backed fake. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Restores page, sort and page size saved for this table. Corrupt or foreign values fall back to the defaults
 * (a row in storage is untrusted input). A saved sort on a field that is no longer sortable is dropped.
 */
export function loadTableState(
  storage: KeyValueStorage | undefined,
  tableKey: string,
  defaults: TableState,
  sortableFields?: readonly string[],
): TableState {
  if (!storage) return defaults;
  let raw: string | null = null;
  try {
    raw = storage.getItem(storageKey(tableKey));
  } catch {
    return defaults;
  }
  if (!raw) return defaults;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return defaults;
  }
  const parsed = persistedSchema.safeParse(json);
  if (!parsed.success) return defaults;
  const sort = parsed.data.sort && sortableFields && !sortableFields.includes(parsed.data.sort.field) ? defaults.sort : parsed.data.sort;
  return { ...defaults, page: parsed.data.page, pageSize: parsed.data.pageSize, sort };
}

/** Saves page, sort and page size; storage failures (quota, private mode) are ignored: the state is a convenience. */
export function saveTableState(storage: KeyValueStorage | undefined, tableKey: string, state: TableState): void {
  if (!storage) return;
  try {
    storage.setItem(storageKey(tableKey), JSON.stringify({ page: state.page, pageSize: state.pageSize, sort: state.sort }));
  } catch {
    /* ignored on purpose */
  }
}
