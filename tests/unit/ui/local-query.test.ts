import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayOf, matchesFilter, queryLocal, readField } from '../../../src/ui/data-table/local-query';
import type { DataTableRequest } from '../../../src/contracts/datatable';

interface Row {
  id: number;
  name: string;
  date: string;
  favorite: boolean;
  circuit: { name: string } | null;
  best: number | null;
}

const rows: Row[] = [
  { id: 1, name: 'Braga 01/03/2026 10 H 00', date: '2026-03-01T10:00:00.000Z', favorite: false, circuit: { name: 'Braga' }, best: 61000 },
  { id: 2, name: 'Portimão 02/03/2026 11 H 30', date: '2026-03-02T11:30:00.000Z', favorite: true, circuit: { name: 'Portimão' }, best: 95000 },
  { id: 3, name: 'braga 05/03/2026 09 H 15', date: '2026-03-05T09:15:00.000Z', favorite: true, circuit: { name: 'Braga' }, best: null },
  { id: 4, name: 'Estoril 05/03/2026 14 H 00', date: '2026-03-05T14:00:00.000Z', favorite: false, circuit: null, best: 88000 },
];

const request = (over: Partial<DataTableRequest>): DataTableRequest => ({ page: 0, pageSize: 10, sortBy: [], filterBy: [], ...over });

describe('local data table query', () => {
  it('reads nested fields and returns undefined through nulls', () => {
    expect(readField(rows[0], 'circuit.name')).toBe('Braga');
    expect(readField(rows[3], 'circuit.name')).toBeUndefined();
  });

  it('text filters are case-insensitive and honour the match mode', () => {
    const ids = (matchMode: 'contains' | 'startsWith' | 'endsWith' | 'equals' | 'notEquals', value: string) =>
      queryLocal(rows, request({ filterBy: [{ field: 'circuit.name', value, type: 'text', matchMode }] })).data.map((r) => r.id);
    expect(ids('contains', 'RAG')).toEqual([1, 3]);
    expect(ids('startsWith', 'port')).toEqual([2]);
    expect(ids('endsWith', 'ão')).toEqual([2]);
    expect(ids('equals', 'braga')).toEqual([1, 3]);
    expect(ids('notEquals', 'braga')).toEqual([2, 4]);
  });

  it('date filters compare calendar days', () => {
    const ids = (matchMode: 'dateIs' | 'dateIsNot' | 'dateBefore' | 'dateAfter') =>
      queryLocal(rows, request({ filterBy: [{ field: 'date', value: '2026-03-02', type: 'date', matchMode }] })).data.map((r) => r.id);
    expect(ids('dateIs')).toEqual([2]);
    expect(ids('dateIsNot')).toEqual([1, 3, 4]);
    expect(ids('dateBefore')).toEqual([1]);
    expect(ids('dateAfter')).toEqual([3, 4]);
    expect(dayOf('not a date')).toBeNull();
    // A zone-less device date keeps its own day, whatever the browser's zone.
    expect(dayOf('2026-03-01T23:59:00')).toBe('2026-03-01');
    expect(dayOf('2026-13-45T00:00:00')).toBeNull();
    expect(dayOf(new Date(Date.UTC(2026, 2, 1, 12)))).toBe('2026-03-01');
  });

  it('boolean filters match true and false and numeric filters compare numbers', () => {
    expect(queryLocal(rows, request({ filterBy: [{ field: 'favorite', value: true, type: 'boolean', matchMode: 'equals' }] })).data.map((r) => r.id)).toEqual([2, 3]);
    expect(queryLocal(rows, request({ filterBy: [{ field: 'favorite', value: false, type: 'boolean', matchMode: 'equals' }] })).data.map((r) => r.id)).toEqual([1, 4]);
    expect(queryLocal(rows, request({ filterBy: [{ field: 'best', value: 90000, type: 'numeric', matchMode: 'lt' }] })).data.map((r) => r.id)).toEqual([1, 4]);
    expect(matchesFilter(rows[2], { field: 'best', value: 1, type: 'numeric', matchMode: 'gt' })).toBe(false);
  });

  it('sorts favorites first with a stable order and nulls last in both directions', () => {
    const favFirst = queryLocal(rows, request({ sortBy: [{ field: 'favorite', order: 'desc' }] }));
    expect(favFirst.data.map((r) => r.id)).toEqual([2, 3, 1, 4]);
    expect(queryLocal(rows, request({ sortBy: [{ field: 'best', order: 'asc' }] })).data.map((r) => r.id)).toEqual([1, 4, 2, 3]);
    expect(queryLocal(rows, request({ sortBy: [{ field: 'best', order: 'desc' }] })).data.map((r) => r.id)).toEqual([2, 4, 1, 3]);
    expect(queryLocal(rows, request({ sortBy: [{ field: 'circuit.name', order: 'asc' }] })).data.map((r) => r.id)).toEqual([1, 3, 2, 4]);
  });

  it('pages after filtering and reports the filtered total', () => {
    const page = queryLocal(rows, request({ page: 1, pageSize: 1, filterBy: [{ field: 'name', value: 'braga', type: 'text', matchMode: 'contains' }] }));
    expect(page).toEqual({ data: [rows[2]], totalRecords: 2 });
  });

  it('never returns more than a page and the pages together hold every row once', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.integer(), v: fc.option(fc.integer(), { nil: null }) }), { maxLength: 60 }), fc.constantFrom(5, 10, 20, 50), fc.constantFrom('asc' as const, 'desc' as const), (data, pageSize, order) => {
        const seen: unknown[] = [];
        const pages = Math.ceil(data.length / pageSize);
        for (let page = 0; page < pages; page++) {
          const r = queryLocal(data, request({ page, pageSize, sortBy: [{ field: 'v', order }] }));
          expect(r.data.length).toBeLessThanOrEqual(pageSize);
          expect(r.totalRecords).toBe(data.length);
          seen.push(...r.data);
        }
        expect(seen.length).toBe(data.length);
        expect(new Set(seen).size).toBe(data.length);
      }),
    );
  });
});
