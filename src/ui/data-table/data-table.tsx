/**
 * Generic server-side data table: Mantine Table in a small size, single sort, one filter per
 * column (text, date, boolean, numeric), page size 10 with choices 5/10/20/50, page/sort/size kept in
 * sessionStorage per `tableKey`, a filter change resets to page 0, an actions column, loading and error states.
 * `source` is either a server fetch (POST .../datatable) or local rows filtered and sorted in memory with the same
 * request shape (offline, from IndexedDB).
 */
import { Alert, Box, Button, Group, LoadingOverlay, Table, Text, type MantineBreakpoint } from '@mantine/core';
import { useEffect, useMemo, useReducer, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../app/i18n/setup';
import { DEFAULT_PAGE_SIZE, type DataTableSort } from '../../contracts/datatable';
import { DataTableHead } from './data-table-head';
import { DataTablePager } from './data-table-pager';
import { readField } from './local-query';
import {
  initialTableState,
  lastPage,
  loadTableState,
  saveTableState,
  tableReducer,
  toRequest,
  type ColumnFilterType,
  type KeyValueStorage,
} from './table-state';
import { formatCell } from './table-view';
import { useTableData, type DataTableSource } from './use-table-data';
// Registers the area's texts before it renders.
import './i18n';


export interface DataTableColumn<T> {
  /** Field name sent in sortBy/filterBy; may be a dotted path ('circuit.name') read from the row. */
  field: string;
  /** i18n key of the header ('ns:key' or a key of `headerNamespace`); `header` wins when given. */
  headerKey?: string;
  header?: ReactNode;
  sortable?: boolean;
  filter?: ColumnFilterType;
  /** Present in the request and row, not shown (spec: hidden id and circuitId). */
  hidden?: boolean;
  render?: (row: T) => ReactNode;
  width?: CSSProperties['width'];
  /** Shown only from this breakpoint up: a phone keeps the columns that matter (the others stay in the request). */
  visibleFrom?: MantineBreakpoint;
}

export interface DataTableProps<T> {
  /** Names the sessionStorage entry; unique per table ('sessions-library', 'admin-users'...). */
  tableKey: string;
  columns: readonly DataTableColumn<T>[];
  source: DataTableSource<T>;
  rowKey: (row: T) => string | number;
  defaultSort?: DataTableSort | null;
  /** Renders the actions column (first column) when given. */
  rowActions?: (row: T) => ReactNode;
  /** Change it to reload the current page (after an edit or delete). */
  refreshKey?: unknown;
  /** Namespace for `headerKey`s without a 'ns:' prefix. */
  headerNamespace?: string;
  /** Extra props per row (selection highlight, data attributes). */
  rowProps?: (row: T) => Record<string, unknown>;
  /** Called with each load error (e.g. to show the spec's error toast). */
  onError?: (error: unknown) => void;
  /** Defaults to window.sessionStorage; tests pass a fake. */
  storage?: KeyValueStorage;
  /** Content above the table (buttons, import). */
  toolbar?: ReactNode;
  'aria-label'?: string;
}

function defaultStorage(): KeyValueStorage | undefined {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : undefined;
  } catch {
    return undefined;
  }
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { tableKey, columns, source, rowKey, rowActions, refreshKey, headerNamespace, rowProps, onError, toolbar } = props;
  const { t } = useTranslation(['dataTable', ...(headerNamespace ? [headerNamespace] : [])]);
  const storage = props.storage ?? defaultStorage();
  const sortable = useMemo(() => columns.filter((c) => c.sortable).map((c) => c.field), [columns]);
  const [state, dispatch] = useReducer(tableReducer, undefined, () =>
    loadTableState(storage, tableKey, initialTableState(props.defaultSort ?? null, DEFAULT_PAGE_SIZE), sortable),
  );
  useEffect(() => saveTableState(storage, tableKey, state), [storage, tableKey, state]);

  const request = useMemo(() => toRequest(state, columns), [state, columns]);
  const data = useTableData(source, request, refreshKey);

  useEffect(() => {
    if (data.error && onError) onError(data.error);
  }, [data.error, onError]);
  // After deletions or a shrunk result the saved page may be past the end: step back to the last page.
  useEffect(() => {
    if (!data.loading && !data.error && state.page > lastPage(data.totalRecords, state.pageSize)) {
      dispatch({ type: 'page', page: lastPage(data.totalRecords, state.pageSize) });
    }
  }, [data.loading, data.error, data.totalRecords, state.page, state.pageSize]);

  const headerOf = (column: DataTableColumn<T>): ReactNode =>
    column.header ?? (column.headerKey ? t(column.headerKey, { ns: column.headerKey.includes(':') ? undefined : headerNamespace }) : column.field);
  const visible = columns.filter((c) => !c.hidden);
  const columnCount = visible.length + (rowActions ? 1 : 0);

  return (
    <Box pos="relative" data-table-key={tableKey}>
      {toolbar}
      <LoadingOverlay visible={data.loading} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} aria-label={t('loading')} />
      {data.error ? (
        <Alert color="red" title={t('loadFailed')} mb="xs" role="alert">
          <Group justify="space-between">
            <Text size="sm">{translateError(data.error)}</Text>
            <Button size="xs" variant="light" onClick={data.retry}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label={props['aria-label']} aria-busy={data.loading}>
          <DataTableHead visible={visible} state={state} dispatch={dispatch} headerOf={headerOf} hasActions={Boolean(rowActions)} />
          <Table.Tbody>
            {data.rows.length === 0 && !data.loading ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Text size="sm" c="dimmed" ta="center">
                    {t('noResults')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              data.rows.map((row) => (
                <Table.Tr key={rowKey(row)} data-row-key={rowKey(row)} {...(rowProps ? rowProps(row) : {})}>
                  {rowActions && <Table.Td>{rowActions(row)}</Table.Td>}
                  {visible.map((column) => (
                    <Table.Td key={column.field} visibleFrom={column.visibleFrom}>
                      {column.render ? column.render(row) : formatCell(readField(row, column.field))}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DataTablePager tableKey={tableKey} state={state} totalRecords={data.totalRecords} dispatch={dispatch} />
    </Box>
  );
}
