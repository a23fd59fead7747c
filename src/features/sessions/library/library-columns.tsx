/**
 * The library table's columns (the product's list: name, circuit name, vehicle category name, date, favorite, hidden id and
 * circuitId; plus the upload state). The name is the way into the session's analysis (a real button: keyboard
 * and screen readers reach it); a long name is cut at two lines with the whole name in its tooltip. Best lap, lap
 * count and duration are columns from sm up and one line under the name on a phone.
 */
import { ActionIcon, Badge, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../app/i18n/setup';
import type { Locale } from '../../../contracts/translations';
import { useLapTime } from '../../../app/preferences/lap-time-digits';
import { formatSessionDuration } from '../../../domain/value-format/session-duration';
import { CircuitTime } from '../../../ui/circuit-time';
import type { DataTableColumn } from '../../../ui/data-table/data-table';
import { StarIcon } from '../shared';
import type { LibraryRow, SyncState } from '../shared';

/** A library row with the session's start on the track's clock ('YYYY-MM-DDTHH:mm:ss', no zone). */
export type LibraryTableRow = LibraryRow & { trackDate: string };

const syncColor: Record<SyncState, string> = { Pending: 'yellow', 'In Progress': 'blue', Completed: 'green', Failed: 'red' };

export interface LibraryColumnsOptions {
  locale: Locale;
  /** The zone a row's date is shown in (its track's). */
  zoneOf: (row: Pick<LibraryRow, 'circuitId' | 'timeZone'>) => string | undefined;
  onOpen: (row: LibraryRow) => void;
  onToggleFavorite: (row: LibraryRow) => void;
  onRetrySync: (row: LibraryRow) => void;
}

export function useLibraryColumns({ locale, zoneOf, onOpen, onToggleFavorite, onRetrySync }: LibraryColumnsOptions): DataTableColumn<LibraryTableRow>[] {
  const { t } = useTranslation('sessions');
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
        render: (r) => (
          <>
            <Tooltip label={r.name} openDelay={500} multiline maw={320}>
              <UnstyledButton onClick={() => onOpen(r)} aria-label={t('library.openSession', { name: r.name })} data-testid={`open-${r.id}`} miw={{ base: 120, sm: 220 }}>
                <Text size="sm" c="blue" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                  {r.name}
                </Text>
              </UnstyledButton>
            </Tooltip>
            {(r.visibility === 'team' || r.visibility === 'public') && (
              <Badge size="xs" variant="light" color={r.visibility === 'public' ? 'teal' : 'violet'} data-testid={`visibility-${r.id}`}>
                {t(`sharing.${r.visibility}`)}
              </Badge>
            )}
            {/* A phone has no room for the figures' columns: they go under the name, on one short line. */}
            {r.lapCount !== null && (
              <Text size="xs" c="dimmed" hiddenFrom="sm" data-testid={`stats-line-${r.id}`}>
                <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{formatLapTime(r.bestLapMs ?? NaN)}</span> · {t('columns.lapsCount', { count: r.lapCount })}
                {r.durationMs !== null && ` · ${formatSessionDuration(r.durationMs)}`}
              </Text>
            )}
          </>
        ),
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
        render: (r) => (
          <ActionIcon
            variant="subtle"
            color="yellow"
            size="sm"
            aria-label={r.favorite ? t('actions.unfavorite') : t('actions.favorite')}
            aria-pressed={r.favorite}
            onClick={() => onToggleFavorite(r)}
            data-testid={`favorite-${r.id}`}
          >
            <StarIcon filled={r.favorite} />
          </ActionIcon>
        ),
      },
      {
        field: 'syncState',
        headerKey: 'columns.sync',
        sortable: true,
        render: (r) => (
          <Tooltip label={r.lastError ? translateMessage(r.lastError) : r.serverId === null ? t('sync.local') : t(`sync.${r.syncState}`)} openDelay={300}>
            {r.syncState === 'Failed' ? (
              // A failed upload is retried from here: a real button (keyboard, screen readers) with the badge's look.
              <Badge
                component="button"
                type="button"
                className="mantine-focus-auto"
                size="xs"
                variant="light"
                color={syncColor.Failed}
                miw="max-content"
                style={{ cursor: 'pointer' }}
                onClick={() => onRetrySync(r)}
                aria-label={t('sync.retry')}
                data-sync-state={r.syncState}
                data-testid={`retry-sync-${r.id}`}
              >
                {t('sync.Failed')}
              </Badge>
            ) : (
              <Badge size="xs" variant="light" color={syncColor[r.syncState]} miw="max-content" data-sync-state={r.syncState}>
                {t(`sync.${r.syncState}`)}
              </Badge>
            )}
          </Tooltip>
        ),
      },
    ],
    [locale, onOpen, onRetrySync, onToggleFavorite, t, zoneOf, formatLapTime],
  );
}
