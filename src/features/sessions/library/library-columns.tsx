/**
 * The library table's columns (the product's list: name, circuit name, vehicle category name, date, favorite, hidden id and
 * circuitId; plus the upload state). The name is the way into the session's analysis (a real button: keyboard
 * and screen readers reach it); a long name is cut at two lines with the whole name in its tooltip. Best lap, lap
 * count and duration are columns from sm up and one line under the name on a phone.
 */
import { useMemo } from 'react';
import { Text } from '@mantine/core';
import type { Locale } from '../../../contracts/translations';
import { useLapTime } from '../../../app/preferences/lap-time-digits';
import { formatSessionDuration } from '../../../domain/value-format/session-duration';
import { CircuitTime } from '../../../ui/circuit-time';
import type { DataTableColumn } from '../../../ui/data-table/data-table';
import type { LibraryRow } from '../shared';
import { FavoriteCell, SessionNameCell, SyncCell } from './library-cells';
import type { LibraryTableRow } from './library-view-model';

export interface LibraryColumnsOptions {
  locale: Locale;
  /** The zone a row's date is shown in (its track's). */
  zoneOf: (row: Pick<LibraryRow, 'circuitId' | 'timeZone'>) => string | undefined;
  onOpen: (row: LibraryRow) => void;
  onToggleFavorite: (row: LibraryRow) => void;
  onRetrySync: (row: LibraryRow) => void;
}

export function useLibraryColumns({ locale, zoneOf, onOpen, onToggleFavorite, onRetrySync }: LibraryColumnsOptions): DataTableColumn<LibraryTableRow>[] {
  const formatLapTime = useLapTime();
  return useMemo<DataTableColumn<LibraryTableRow>[]>(
    () => [
      { field: 'id', headerKey: 'columns.id', hidden: true },
      { field: 'circuitId', headerKey: 'columns.circuitId', hidden: true },
      {
        field: 'name',
        headerKey: 'columns.name',
        sortable: true,
        filter: 'text',
        render: (r) => <SessionNameCell row={r} onOpen={onOpen} formatLapTime={formatLapTime} />,
      },
      // The name carries the circuit: its column and the category's come only on a wide screen, so a tablet has room for the
      // figures; on a phone the name leaves room for date, favourite and sync.
      { field: 'circuitName', headerKey: 'columns.circuit', sortable: true, filter: 'text', visibleFrom: 'xl' },
      { field: 'vehicleCategoryName', headerKey: 'columns.vehicleCategory', sortable: true, filter: 'text', visibleFrom: 'xl' },
      // On the track's clock (the circuit's zone, like the session's name; else this device's): shown, filtered by
      // calendar day and sorted by that wall-clock time.
      { field: 'trackDate', headerKey: 'columns.date', sortable: true, filter: 'date', render: (r) => <CircuitTime value={r.date} timeZone={zoneOf(r)} circuitName={r.circuitName} /> },
      // The session's figures (worked out when it was stored): what a racer looks for before opening one.
      {
        field: 'bestLapMs',
        headerKey: 'columns.bestLap',
        sortable: true,
        visibleFrom: 'sm',
        render: (r) => (
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid={`best-lap-${r.id}`}>
            {r.bestLapMs !== null ? formatLapTime(r.bestLapMs) : '-'}
          </Text>
        ),
      },
      {
        field: 'lapCount',
        headerKey: 'columns.laps',
        sortable: true,
        visibleFrom: 'sm',
        render: (r) => <span data-testid={`lap-count-${r.id}`}>{r.lapCount ?? '-'}</span>,
      },
      {
        field: 'durationMs',
        headerKey: 'columns.duration',
        sortable: true,
        visibleFrom: 'sm',
        render: (r) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid={`duration-${r.id}`}>
            {formatSessionDuration(r.durationMs)}
          </Text>
        ),
      },
      {
        field: 'favorite',
        headerKey: 'columns.favorite',
        sortable: true,
        filter: 'boolean',
        render: (r) => <FavoriteCell row={r} onToggle={onToggleFavorite} />,
      },
      {
        field: 'syncState',
        headerKey: 'columns.sync',
        sortable: true,
        render: (r) => <SyncCell row={r} onRetry={onRetrySync} />,
      },
    ],
    [locale, onOpen, onRetrySync, onToggleFavorite, zoneOf, formatLapTime],
  );
}
