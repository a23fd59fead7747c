import type { DataTableSort } from '../../contracts/datatable';

/** The pager's figures: how many pages (at least one), and the 1-based first and last row shown (0 and 0 when none). */
export function pageRange(totalRecords: number, page: number, pageSize: number): { pages: number; from: number; to: number } {
  return {
    pages: Math.max(1, Math.ceil(totalRecords / pageSize)),
    from: totalRecords === 0 ? 0 : page * pageSize + 1,
    to: Math.min(totalRecords, (page + 1) * pageSize),
  };
}

/** The order a column is sorted in, null when the table is sorted by another one (or not at all). */
export function columnOrder(sort: DataTableSort | null, field: string): 'asc' | 'desc' | null {
  return sort?.field === field ? sort.order : null;
}

/** A header's aria-sort: its order, 'none' for a sortable column not sorted by, nothing for one that cannot sort. */
export function ariaSort(order: 'asc' | 'desc' | null, sortable: boolean | undefined): 'ascending' | 'descending' | 'none' | undefined {
  return order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : sortable ? 'none' : undefined;
}

/** Plain text of a cell without a render function: nothing for a missing value, a check mark for true. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '✓' : '';
  return String(value);
}
