/**
 * /sessions/library: the user's sessions. Offline-first: the table runs in local mode over the rows in
 * IndexedDB (the server list is mirrored into it on open when online), so filtering, sorting and paging work the
 * same with no connection. Row actions: compare (set active / deactivate), favorite, edit, delete, export.
 */
import { ActionIcon, Badge, Button, FileButton, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n/setup';
import { isOfflineFailure } from '../../data/api/api-error';
import { formatDateTime } from '../../app/i18n/format';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../ui/data-table/data-table';
import { RowActions } from '../../ui/data-table/row-actions';
import { notifyError, notifySuccess, notifyWarning } from '../../ui/toast';
import { activeSessions, useActiveSessions, type ActiveSessionsStore } from './active-sessions-store';
import { deselect, pruneSelection, slotOf, toggleSelection } from './comparison-selection';
import { ExportMenu } from './export-menu';
import { instantToWallClock } from '../../domain/format/wall-clock';
import { errorText } from './error-text';
import { CompareIcon, StarIcon, UploadIcon } from './icons';
import { SessionEditDialog } from './session-edit-dialog';
import { useSessionsPort, type LibraryRow, type SyncState } from './sessions-port';

const LIBRARY_TABLE_KEY = 'sessions-library';

/** A library row with the session's start on the track's clock ('YYYY-MM-DDTHH:mm:ss', no zone). */
type LibraryTableRow = LibraryRow & { trackDate: string };

const syncColor: Record<SyncState, string> = { Pending: 'yellow', 'In Progress': 'blue', Completed: 'green', Failed: 'red' };

export function LibraryScreen({ store = activeSessions }: { store?: ActiveSessionsStore }) {
  const { t, i18n } = useTranslation('sessions');
  const port = useSessionsPort();
  const rows = port.useLibraryRows();
  const storedCircuits = port.useCircuits();
  const circuits = storedCircuits ?? [];
  const zones = useMemo(() => new Map((storedCircuits ?? []).map((c) => [c.id, c.country?.timezone])), [storedCircuits]);
  const zoneOf = useCallback((circuitId: number | null) => (circuitId === null ? undefined : zones.get(circuitId)), [zones]);
  const categories = port.useVehicleCategories() ?? [];
  const selection = useActiveSessions(store);
  const [editing, setEditing] = useState<LibraryRow | null>(null);
  const [deleting, setDeleting] = useState<LibraryRow | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  const locale = i18n.language === 'pt-pt' ? 'pt-pt' : 'en-us';

  // Mirror the server list when online; offline the local rows are what we have (no toast for that). Any other
  // failure (a 5xx, a refusal) is a failed load: an error toast, while the local rows stay on screen.
  useEffect(() => {
    port.refreshFromServer().catch((e: unknown) => {
      if (!isOfflineFailure(e)) notifyError(errorText(e, t), { translated: true });
    });
  }, [port]);

  // Sessions deleted elsewhere leave the comparison.
  useEffect(() => {
    if (rows) store.set(pruneSelection(store.get(), new Set(rows.map((r) => r.id))));
  }, [rows, store]);

  const toggleActive = useCallback(
    (row: LibraryRow) => {
      const { selection: next, outcome } = toggleSelection(store.get(), { id: row.id, circuitId: row.circuitId });
      if (outcome === 'refused-other-circuit') notifyError(t('messages.sameCircuit'), { translated: true });
      store.set(next);
    },
    [store, t],
  );

  const toggleFavorite = useCallback(
    async (row: LibraryRow) => {
      try {
        await port.editSession(row.id, { favorite: !row.favorite });
      } catch (e) {
        notifyError(`${t('messages.updateFailed')}: ${errorText(e, t)}`, { translated: true });
      }
    },
    [port, t],
  );

  const tableRows = useMemo<LibraryTableRow[] | undefined>(() => rows?.map((r) => ({ ...r, trackDate: instantToWallClock(r.date, zoneOf(r.circuitId)) })), [rows, zoneOf]);
  const columns = useMemo<DataTableColumn<LibraryTableRow>[]>(
    () => [
      { field: 'id', headerKey: 'columns.id', hidden: true },
      { field: 'circuitId', headerKey: 'columns.circuitId', hidden: true },
      { field: 'name', headerKey: 'columns.name', sortable: true, filter: 'text' },
      // On a phone the name (which carries the circuit) leaves room for date, favourite and sync.
      { field: 'circuitName', headerKey: 'columns.circuit', sortable: true, filter: 'text', visibleFrom: 'sm' },
      { field: 'vehicleCategoryName', headerKey: 'columns.vehicleCategory', sortable: true, filter: 'text', visibleFrom: 'sm' },
      // On the track's clock (the circuit's zone, like the session's name; else this device's): shown, filtered by
      // calendar day and sorted by that wall-clock time.
      { field: 'trackDate', headerKey: 'columns.date', sortable: true, filter: 'date', render: (r) => formatDateTime(r.date, locale, zoneOf(r.circuitId)) },
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
            onClick={() => void toggleFavorite(r)}
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
          <Tooltip label={r.lastError ? translateMessage(r.lastError) : (r.serverId === null ? t('sync.local') : t(`sync.${r.syncState}`))} openDelay={300}>
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
                onClick={() => void port.retrySync(r.id)}
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
    [locale, port, t, toggleFavorite, zoneOf],
  );

  const save = async (changes: Parameters<typeof port.editSession>[1]) => {
    if (!editing) return;
    try {
      if (Object.keys(changes).length > 0) await port.editSession(editing.id, changes);
      // The edited circuit may break the same-circuit rule: drop it from the comparison then.
      const slot = slotOf(store.get(), editing.id);
      if (slot && changes.circuitId !== undefined) {
        const other = slot === 'left' ? store.get().right : store.get().left;
        if (other && other.circuitId !== changes.circuitId) store.set(deselect(store.get(), editing.id));
        else store.set({ ...store.get(), [slot]: { id: editing.id, circuitId: changes.circuitId } });
      }
      notifySuccess(t('messages.sessionUpdated'), { translated: true });
      setEditing(null);
    } catch (e) {
      notifyError(`${t('messages.updateFailed')}: ${errorText(e, t)}`, { translated: true });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await port.deleteSession(deleting.id);
      store.set(deselect(store.get(), deleting.id));
      setDeleting(null);
    } catch (e) {
      notifyError(`${t('messages.deleteFailed')}: ${errorText(e, t)}`, { translated: true });
    } finally {
      setDeleteBusy(false);
    }
  };

  /** Several files at once: each is imported; an ASTRO laps file goes with its nmea file. */
  const importFiles = async (files: File[]) => {
    if (files.length === 0) return;
    setImporting(true);
    try {
      const [{ groupImportFiles }, picked] = await Promise.all([
        import('./import-groups'),
        Promise.all(files.map(async (file) => ({ name: file.name, text: await file.text(), file }))),
      ]);
      const { imports, lapsWithoutPositions } = groupImportFiles(picked);
      for (const lonely of lapsWithoutPositions) notifyError(t('import.lapsOnly', { file: lonely.name }), { translated: true });
      for (const { file, laps } of imports) {
        try {
          const result = await port.importFile(file.file, laps?.file);
          if (result.alreadyStored) {
            notifyWarning(t('import.alreadyStored', { name: result.name }), { translated: true });
            continue;
          }
          notifySuccess(t('import.done', { name: result.name, laps: result.laps }), { translated: true });
          if (!result.circuitFound) notifyError(t('import.noCircuit'), { translated: true });
        } catch (e) {
          notifyError(t('import.failed', { file: file.name, reason: errorText(e, t) }), { translated: true });
        }
      }
    } finally {
      setImporting(false);
    }
  };

  const nameOf = (id: number | undefined) => rows?.find((r) => r.id === id)?.name ?? t('library.none');

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('library.title')}</Title>
        <Group gap="xs">
          {/* No `accept` filter: ASTRO's own files have no extension (device-protocol.md, session file names). */}
          <FileButton multiple onChange={(files) => void importFiles(files)}>
            {(props) => (
              <Tooltip label={t('import.hint')} openDelay={300}>
                <Button {...props} size="xs" variant="light" leftSection={<UploadIcon />} loading={importing} data-testid="session-import">
                  {t('import.button')}
                </Button>
              </Tooltip>
            )}
          </FileButton>
        </Group>
      </Group>
      <Paper withBorder p="xs" data-testid="comparison-summary">
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={600}>
            {t('library.selection')}:
          </Text>
          <Badge color="blue" variant="light" data-testid="slot-left">
            {t('library.left')}: {selection.left ? nameOf(selection.left.id) : t('library.none')}
          </Badge>
          <Badge color="grape" variant="light" data-testid="slot-right">
            {t('library.right')}: {selection.right ? nameOf(selection.right.id) : t('library.none')}
          </Badge>
          {selection.left && (
            <>
              <Button component={Link} to="/sessions/map" size="compact-xs" variant="subtle">
                {t('library.openMap')}
              </Button>
              <Button component={Link} to="/sessions/analysis" size="compact-xs" variant="subtle">
                {t('library.openAnalysis')}
              </Button>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => store.set({ left: null, right: null })}>
                {t('library.clearSelection')}
              </Button>
            </>
          )}
        </Group>
      </Paper>
      <DataTable<LibraryTableRow>
        tableKey={LIBRARY_TABLE_KEY}
        aria-label={t('library.title')}
        columns={columns}
        headerNamespace="sessions"
        source={{ mode: 'local', rows: tableRows }}
        rowKey={(r) => r.id}
        defaultSort={{ field: 'favorite', order: 'desc' }}
        rowProps={(r) => {
          const slot = slotOf(selection, r.id);
          return { 'data-active': slot ?? undefined, style: slot ? { boxShadow: `inset 3px 0 0 var(--mantine-color-${slot === 'left' ? 'blue' : 'grape'}-6)` } : undefined };
        }}
        rowActions={(r) => {
          const slot = slotOf(selection, r.id);
          return (
            <RowActions onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)}>
              <Tooltip label={slot ? t('actions.deactivate') : t('actions.setActive')} openDelay={300}>
                <ActionIcon
                  size="sm"
                  variant={slot ? 'filled' : 'subtle'}
                  color={slot === 'right' ? 'grape' : 'blue'}
                  aria-label={slot ? t('actions.deactivate') : t('actions.setActive')}
                  aria-pressed={slot !== null}
                  onClick={() => toggleActive(r)}
                  data-testid={`activate-${r.id}`}
                >
                  <CompareIcon />
                </ActionIcon>
              </Tooltip>
              <ExportMenu row={r} />
            </RowActions>
          );
        }}
      />
      <SessionEditDialog row={editing} circuits={circuits} vehicleCategories={categories} onCancel={() => setEditing(null)} onSave={save} />
      <ConfirmDialog opened={deleting !== null} value={deleting?.name ?? ''} busy={deleteBusy} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
    </Stack>
  );
}
