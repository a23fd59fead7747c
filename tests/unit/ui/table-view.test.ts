import { describe, expect, it } from 'vitest';
import { ariaSort, columnOrder, formatCell, pageRange } from '../../../src/ui/data-table/table-view';

describe('table view', () => {
  it('gives the pages and the rows shown, one page when there are none', () => {
    expect(pageRange(0, 0, 10)).toEqual({ pages: 1, from: 0, to: 0 });
    expect(pageRange(25, 0, 10)).toEqual({ pages: 3, from: 1, to: 10 });
    expect(pageRange(25, 2, 10)).toEqual({ pages: 3, from: 21, to: 25 });
  });

  it('tells a column its order only when the table is sorted by it', () => {
    expect(columnOrder({ field: 'date', order: 'desc' }, 'date')).toBe('desc');
    expect(columnOrder({ field: 'date', order: 'desc' }, 'name')).toBeNull();
    expect(columnOrder(null, 'name')).toBeNull();
  });

  it('marks a header ascending, descending, none when it may sort, and nothing when it cannot', () => {
    expect(ariaSort('asc', true)).toBe('ascending');
    expect(ariaSort('desc', true)).toBe('descending');
    expect(ariaSort(null, true)).toBe('none');
    expect(ariaSort(null, undefined)).toBeUndefined();
  });

  it('writes a plain cell: nothing for a missing value or false, a check mark for true', () => {
    expect(formatCell(null)).toBe('');
    expect(formatCell(undefined)).toBe('');
    expect(formatCell(false)).toBe('');
    expect(formatCell(true)).toBe('✓');
    expect(formatCell(12.5)).toBe('12.5');
  });
});
