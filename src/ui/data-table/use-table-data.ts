/**
 * Loads one page for the data table: from the server (a fetch function, aborted when the request changes) or,
 * in local mode, from an in-memory array through queryLocal (same request shape, for offline use).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DataTableRequest, DataTableResponse } from '../../contracts/datatable';
import { queryLocal } from './local-query';

export type DataTableSource<T> =
  | { mode: 'server'; fetch: (request: DataTableRequest, signal: AbortSignal) => Promise<DataTableResponse<T>> }
  /** `rows` undefined = still loading (e.g. a liveQuery that has not answered yet). */
  | { mode: 'local'; rows: readonly T[] | undefined };

export interface TableData<T> {
  rows: T[];
  totalRecords: number;
  loading: boolean;
  error: unknown;
  retry: () => void;
}

export function useTableData<T>(source: DataTableSource<T>, request: DataTableRequest, refreshKey?: unknown): TableData<T> {
  const requestKey = JSON.stringify(request);
  const [attempt, setAttempt] = useState(0);
  const [remote, setRemote] = useState<{ key: string; response: DataTableResponse<T> | null; error: unknown; loading: boolean }>({
    key: '',
    response: null,
    error: null,
    loading: true,
  });
  const fetcher = source.mode === 'server' ? source.fetch : null;
  const localRows = source.mode === 'local' ? source.rows : undefined;

  useEffect(() => {
    if (!fetcher) return;
    const controller = new AbortController();
    setRemote((previous) => ({ ...previous, loading: true, error: null }));
    fetcher(JSON.parse(requestKey) as DataTableRequest, controller.signal).then(
      (response) => {
        if (!controller.signal.aborted) setRemote({ key: requestKey, response, error: null, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setRemote((previous) => ({ ...previous, error, loading: false }));
      },
    );
    return () => controller.abort();
  }, [fetcher, requestKey, refreshKey, attempt]);

  const local = useMemo(
    () => (localRows ? queryLocal(localRows, JSON.parse(requestKey) as DataTableRequest) : null),
    [localRows, requestKey],
  );
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (source.mode === 'local') {
    return { rows: local?.data ?? [], totalRecords: local?.totalRecords ?? 0, loading: local === null, error: null, retry };
  }
  return {
    rows: remote.response?.data ?? [],
    totalRecords: remote.response?.totalRecords ?? 0,
    loading: remote.loading,
    error: remote.error,
    retry,
  };
}
