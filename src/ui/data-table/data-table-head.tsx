import { Table, Text, UnstyledButton } from '@mantine/core';
import type { Dispatch, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnFilterInput } from './column-filter';
import type { DataTableColumn } from './data-table';
import type { TableAction, TableState } from './table-state';
import { ariaSort, columnOrder } from './table-view';

function SortMark({ order }: { order: 'asc' | 'desc' | null }) {
  return (
    <Text span size="xs" c={order ? undefined : 'dimmed'} aria-hidden="true" ml={4}>
      {order === 'asc' ? '▲' : order === 'desc' ? '▼' : '↕'}
    </Text>
  );
}

interface DataTableHeadProps<T> {
  /** The columns shown (hidden ones left out). */
  visible: readonly DataTableColumn<T>[];
  state: TableState;
  dispatch: Dispatch<TableAction>;
  headerOf: (column: DataTableColumn<T>) => ReactNode;
  hasActions: boolean;
}

/** The table's head: the headers (a sortable one is a button with its sort mark) and, when any column filters, a row of filters. */
export function DataTableHead<T>({ visible, state, dispatch, headerOf, hasActions }: DataTableHeadProps<T>) {
  const { t } = useTranslation('dataTable');
  const hasFilters = visible.some((c) => c.filter);
  return (
    <Table.Thead>
      <Table.Tr>
        {hasActions && <Table.Th w={1}>{t('actions')}</Table.Th>}
        {visible.map((column) => {
          const order = columnOrder(state.sort, column.field);
          return (
            <Table.Th key={column.field} visibleFrom={column.visibleFrom} style={{ width: column.width }} aria-sort={ariaSort(order, column.sortable)}>
              {column.sortable ? (
                <UnstyledButton fz="sm" fw={600} onClick={() => dispatch({ type: 'sort', field: column.field })} data-sort-field={column.field}>
                  {headerOf(column)}
                  <SortMark order={order} />
                </UnstyledButton>
              ) : (
                headerOf(column)
              )}
            </Table.Th>
          );
        })}
      </Table.Tr>
      {hasFilters && (
        <Table.Tr>
          {hasActions && <Table.Th />}
          {visible.map((column) => (
            <Table.Th key={column.field} fw={400} visibleFrom={column.visibleFrom}>
              {column.filter ? (
                <ColumnFilterInput
                  type={column.filter}
                  label={typeof headerOf(column) === 'string' ? (headerOf(column) as string) : column.field}
                  filter={state.filters[column.field]}
                  onChange={(filter) => dispatch({ type: 'filter', field: column.field, filter })}
                />
              ) : null}
            </Table.Th>
          ))}
        </Table.Tr>
      )}
    </Table.Thead>
  );
}
