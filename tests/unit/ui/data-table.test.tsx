// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from '../../../src/ui/data-table/data-table';
import { TEXT_FILTER_DEBOUNCE_MS } from '../../../src/ui/data-table/column-filter';
import type { DataTableRequest, DataTableResponse } from '../../../src/contracts/datatable';
import { storageKey, type KeyValueStorage } from '../../../src/ui/data-table/table-state';
import { renderWithProviders } from './render-with-providers';

interface Row {
  id: number;
  name: string;
  favorite: boolean;
}

const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `Session ${String(i + 1).padStart(2, '0')}`, favorite: i % 5 === 0 }));
const columns: DataTableColumn<Row>[] = [
  { field: 'id', hidden: true },
  { field: 'name', header: 'Name', sortable: true, filter: 'text' },
  { field: 'favorite', header: 'Favorite', sortable: true, filter: 'boolean', render: (r) => (r.favorite ? 'yes' : 'no') },
];

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

const bodyNames = () =>
  screen
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-row-key'))
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

afterEach(cleanup);

describe('DataTable', () => {
  it('shows 10 rows of local data sorted by the default sort, hides hidden columns', () => {
    renderWithProviders(
      <DataTable tableKey="t1" columns={columns} source={{ mode: 'local', rows }} rowKey={(r) => r.id} defaultSort={{ field: 'favorite', order: 'desc' }} storage={memoryStorage()} />,
    );
    const names = bodyNames();
    expect(names).toHaveLength(10);
    expect(names.slice(0, 5)).toEqual(['Session 01', 'Session 06', 'Session 11', 'Session 16', 'Session 21']);
    expect(screen.queryByText('id')).toBeNull();
    expect(screen.getByTestId('table-range').textContent).toBe('1–10 of 23');
  });

  it('clicking a sortable header sorts ascending then descending', () => {
    renderWithProviders(<DataTable tableKey="t2" columns={columns} source={{ mode: 'local', rows }} rowKey={(r) => r.id} storage={memoryStorage()} />);
    const header = screen.getByRole('button', { name: /Name/ });
    fireEvent.click(header);
    expect(bodyNames()[0]).toBe('Session 01');
    fireEvent.click(header);
    expect(bodyNames()[0]).toBe('Session 23');
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('descending');
  });

  it('keeps page and page size in storage per table and a filter change goes back to page 0', async () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage();
      renderWithProviders(<DataTable tableKey="lib" columns={columns} source={{ mode: 'local', rows }} rowKey={(r) => r.id} defaultSort={{ field: 'name', order: 'asc' }} storage={storage} />);
      fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '5' } });
      fireEvent.click(screen.getByRole('button', { name: '3' }));
      expect(bodyNames()[0]).toBe('Session 11');
      expect(JSON.parse(storage.map.get(storageKey('lib'))!)).toEqual({ page: 2, pageSize: 5, sort: { field: 'name', order: 'asc' } });

      fireEvent.change(screen.getByLabelText('Filter by Name'), { target: { value: 'Session 2' } });
      act(() => {
        vi.advanceTimersByTime(TEXT_FILTER_DEBOUNCE_MS + 10);
      });
      expect(bodyNames()).toEqual(['Session 20', 'Session 21', 'Session 22', 'Session 23']);
      expect(JSON.parse(storage.map.get(storageKey('lib'))!).page).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('restores the saved page of a table when it is shown again', () => {
    const storage = memoryStorage();
    storage.setItem(storageKey('again'), JSON.stringify({ page: 1, pageSize: 20, sort: { field: 'name', order: 'desc' } }));
    renderWithProviders(<DataTable tableKey="again" columns={columns} source={{ mode: 'local', rows }} rowKey={(r) => r.id} storage={storage} />);
    expect(bodyNames()).toEqual(['Session 03', 'Session 02', 'Session 01']);
  });

  it('sends the table request to the server fetcher and shows the error with a retry', async () => {
    const requests: DataTableRequest[] = [];
    let fail = true;
    const fetcher = vi.fn(async (request: DataTableRequest): Promise<DataTableResponse<Row>> => {
      requests.push(request);
      if (fail) throw new Error('Network down');
      return { data: rows.slice(0, 2), totalRecords: 2 };
    });
    const onError = vi.fn();
    renderWithProviders(
      <DataTable tableKey="srv" columns={columns} source={{ mode: 'server', fetch: fetcher }} rowKey={(r) => r.id} defaultSort={{ field: 'favorite', order: 'desc' }} storage={memoryStorage()} onError={onError} />,
    );
    await screen.findByText('Network down');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(requests[0]).toEqual({ page: 0, pageSize: 10, sortBy: [{ field: 'favorite', order: 'desc' }], filterBy: [] });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bodyNames()).toEqual(['Session 01', 'Session 02']));
    fireEvent.change(screen.getByLabelText('Filter by Favorite'), { target: { value: 'true' } });
    await waitFor(() => expect(requests.at(-1)?.filterBy).toEqual([{ field: 'favorite', value: true, type: 'boolean', matchMode: 'equals' }]));
  });

  it('renders the row actions column and the translated empty message in Portuguese', () => {
    renderWithProviders(
      <DataTable tableKey="pt" columns={columns} source={{ mode: 'local', rows: [] }} rowKey={(r) => r.id} rowActions={() => <button>act</button>} storage={memoryStorage()} />,
      { locale: 'pt-pt' },
    );
    expect(screen.getByText('Ações')).toBeTruthy();
    expect(screen.getByText('Nenhum resultado encontrado.')).toBeTruthy();
  });
});
