import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../contracts/datatable';
import type { TableAction, TableState } from './table-state';
import { pageRange } from './table-view';

/** Below the table: rows per page, the range of rows shown, and the page buttons. */
export function DataTablePager({ tableKey, state, totalRecords, dispatch }: { tableKey: string; state: TableState; totalRecords: number; dispatch: Dispatch<TableAction> }) {
  const { t } = useTranslation('dataTable');
  const { pages, from, to } = pageRange(totalRecords, state.page, state.pageSize);
  return (
    <Group justify="space-between" mt="xs" gap="xs">
      <Group gap="xs">
        <Text size="xs" c="dimmed" component="label" htmlFor={`${tableKey}-page-size`}>
          {t('rowsPerPage')}
        </Text>
        <NativeSelect
          id={`${tableKey}-page-size`}
          size="xs"
          value={String(state.pageSize)}
          data={PAGE_SIZES.map((n) => String(n))}
          onChange={(event) => dispatch({ type: 'pageSize', pageSize: Number(event.currentTarget.value) })}
        />
        <Text size="xs" c="dimmed" data-testid="table-range">
          {t('range', { from, to, total: totalRecords })}
        </Text>
      </Group>
      <Pagination
        size="sm"
        total={pages}
        value={state.page + 1}
        onChange={(page) => dispatch({ type: 'page', page: page - 1 })}
        getControlProps={(control) => ({ 'aria-label': t(`dataTable:pageControls.${control}`) })}
      />
    </Group>
  );
}
