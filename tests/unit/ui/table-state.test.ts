import { describe, expect, it } from 'vitest';
import {
  initialTableState,
  lastPage,
  loadTableState,
  saveTableState,
  storageKey,
  tableReducer,
  toRequest,
  type KeyValueStorage,
} from '../../../src/ui/data-table/table-state';
import { dataTableRequestSchema } from '../../../src/contracts/datatable';

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

const columns = [
  { field: 'name', filter: 'text' as const },
  { field: 'date', filter: 'date' as const },
  { field: 'favorite', filter: 'boolean' as const },
  { field: 'id' },
];

describe('table state', () => {
  it('starts on page 0 with page size 10 and the default sort', () => {
    const state = initialTableState({ field: 'favorite', order: 'desc' });
    expect(state).toEqual({ page: 0, pageSize: 10, sort: { field: 'favorite', order: 'desc' }, filters: {} });
  });

  it('a filter change resets the page to 0', () => {
    const onPage3 = tableReducer(initialTableState(), { type: 'page', page: 3 });
    expect(onPage3.page).toBe(3);
    const filtered = tableReducer(onPage3, { type: 'filter', field: 'name', filter: { value: 'port', matchMode: 'contains' } });
    expect(filtered.page).toBe(0);
    expect(filtered.filters.name).toEqual({ value: 'port', matchMode: 'contains' });
  });

  it('clearing a filter removes it and resets the page, an unchanged filter keeps the same state', () => {
    let state = tableReducer(initialTableState(), { type: 'filter', field: 'name', filter: { value: 'a', matchMode: 'contains' } });
    state = tableReducer(state, { type: 'page', page: 2 });
    expect(tableReducer(state, { type: 'filter', field: 'name', filter: { value: 'a', matchMode: 'contains' } })).toBe(state);
    const cleared = tableReducer(state, { type: 'filter', field: 'name', filter: { value: '', matchMode: 'contains' } });
    expect(cleared.filters).toEqual({});
    expect(cleared.page).toBe(0);
  });

  it('single sort: a new field sorts ascending, the same field flips the order', () => {
    let state = initialTableState({ field: 'favorite', order: 'desc' });
    state = tableReducer(state, { type: 'sort', field: 'name' });
    expect(state.sort).toEqual({ field: 'name', order: 'asc' });
    state = tableReducer(state, { type: 'sort', field: 'name' });
    expect(state.sort).toEqual({ field: 'name', order: 'desc' });
    state = tableReducer(state, { type: 'sort', field: 'name' });
    expect(state.sort).toEqual({ field: 'name', order: 'asc' });
  });

  it('accepts only the page sizes 5, 10, 20 and 50 and resets the page when the size changes', () => {
    const onPage4 = tableReducer(initialTableState(), { type: 'page', page: 4 });
    expect(tableReducer(onPage4, { type: 'pageSize', pageSize: 7 })).toBe(onPage4);
    const bigger = tableReducer(onPage4, { type: 'pageSize', pageSize: 50 });
    expect(bigger).toMatchObject({ pageSize: 50, page: 0 });
  });

  it('builds a request that the contract schema accepts, with filters only for filterable columns', () => {
    let state = initialTableState({ field: 'favorite', order: 'desc' });
    state = tableReducer(state, { type: 'filter', field: 'name', filter: { value: 'Braga', matchMode: 'contains' } });
    state = tableReducer(state, { type: 'filter', field: 'favorite', filter: { value: true, matchMode: 'equals' } });
    state = tableReducer(state, { type: 'filter', field: 'id', filter: { value: 3, matchMode: 'equals' } });
    const request = toRequest(state, columns);
    expect(dataTableRequestSchema.parse(request)).toEqual(request);
    expect(request).toEqual({
      page: 0,
      pageSize: 10,
      sortBy: [{ field: 'favorite', order: 'desc' }],
      filterBy: [
        { field: 'name', value: 'Braga', type: 'text', matchMode: 'contains' },
        { field: 'favorite', value: true, type: 'boolean', matchMode: 'equals' },
      ],
    });
  });

  it('computes the last page of a total', () => {
    expect(lastPage(0, 10)).toBe(0);
    expect(lastPage(10, 10)).toBe(0);
    expect(lastPage(11, 10)).toBe(1);
    expect(lastPage(50, 5)).toBe(9);
  });
});

describe('table state persistence', () => {
  it('keeps page, sort and page size per table key in storage, not the filters', () => {
    const storage = memoryStorage();
    let state = tableReducer(initialTableState(), { type: 'pageSize', pageSize: 20 });
    state = tableReducer(state, { type: 'sort', field: 'name' });
    state = tableReducer(state, { type: 'page', page: 2 });
    state = { ...state, filters: { name: { value: 'x', matchMode: 'contains' } } };
    saveTableState(storage, 'sessions-library', state);
    expect(JSON.parse(storage.map.get(storageKey('sessions-library'))!)).toEqual({ page: 2, pageSize: 20, sort: { field: 'name', order: 'asc' } });
    const restored = loadTableState(storage, 'sessions-library', initialTableState({ field: 'favorite', order: 'desc' }));
    expect(restored).toEqual({ page: 2, pageSize: 20, sort: { field: 'name', order: 'asc' }, filters: {} });
    expect(loadTableState(storage, 'admin-users', initialTableState())).toEqual(initialTableState());
  });

  it('falls back to the defaults on corrupt or invalid stored values', () => {
    const storage = memoryStorage();
    const defaults = initialTableState({ field: 'favorite', order: 'desc' });
    storage.setItem(storageKey('t'), '{not json');
    expect(loadTableState(storage, 't', defaults)).toEqual(defaults);
    storage.setItem(storageKey('t'), JSON.stringify({ page: -1, pageSize: 10, sort: null }));
    expect(loadTableState(storage, 't', defaults)).toEqual(defaults);
    storage.setItem(storageKey('t'), JSON.stringify({ page: 1, pageSize: 13, sort: null }));
    expect(loadTableState(storage, 't', defaults)).toEqual(defaults);
  });

  it('drops a saved sort on a field that is no longer sortable', () => {
    const storage = memoryStorage();
    storage.setItem(storageKey('t'), JSON.stringify({ page: 1, pageSize: 5, sort: { field: 'gone', order: 'asc' } }));
    const defaults = initialTableState({ field: 'name', order: 'asc' });
    expect(loadTableState(storage, 't', defaults, ['name', 'date'])).toEqual({ ...defaults, page: 1, pageSize: 5 });
  });

  it('ignores storage that throws', () => {
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(loadTableState(throwing, 't', initialTableState())).toEqual(initialTableState());
    expect(() => saveTableState(throwing, 't', initialTableState())).not.toThrow();
  });
});
