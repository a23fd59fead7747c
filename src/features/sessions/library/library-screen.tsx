/**
 * /sessions/library: the user's sessions. Offline-first: the table runs in local mode over the rows in
 * IndexedDB (the server list is mirrored into it on open when online), so filtering, sorting and paging work the
 * same with no connection. A tap on a row (or its name) opens that session's analysis; row actions: set active /
 * deactivate (the spec's comparison model), 'Compare with...', favorite, edit, delete, export.
 * The selection rules live in comparison-selection.ts, the columns in library-columns.tsx, imports in
 * use-session-import.ts.
 */
import { ActionIcon, Button, FileButton, Group, Overlay, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isOfflineFailure } from '../../../data/api/api-error';
import { instantToWallClock } from '../../../domain/value-format/wall-clock';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable } from '../../../ui/data-table/data-table';
import { RowActions } from '../../../ui/data-table/row-actions';
import { notifyError, notifySuccess } from '../../../ui/toast';
import { activeSessions, useActiveSessions, type ActiveSessionsStore } from '../shared';
import { CompareWithDialog } from './compare-with-dialog';
import { afterCircuitEdit, compareWith, deselect, MAX_COMPARED, openSession, pruneSelection, slotOf, toggleSelection } from '../shared';
import { ComparisonSummary } from './comparison-summary';
import { errorText } from '../shared';
import { ExportMenu } from '../export';
import { CompareIcon, CompareWithIcon, UploadIcon } from '../shared';
import { useLibraryColumns, type LibraryTableRow } from './library-columns';
import { SessionEditDialog } from './session-edit-dialog';
import { useSessionsPort, type LibraryRow } from '../shared';
import { useSessionImport, type ImportLine } from '../import';
import { StartFinishDialog } from '../import';
import { ImportResults } from '../import';
import { useFileDrop } from '../import';
import { useReferenceTexts } from '../../../app/i18n/reference-text';

const LIBRARY_TABLE_KEY = 'sessions-library';

/** A tap on these inside a row is theirs (buttons, inputs, menus), not the row's 'open'. */
const INTERACTIVE = 'button, a, input, select, textarea, label, [role="menuitem"], [role="checkbox"]';

export function LibraryScreen({ store = activeSessions }: { store?: ActiveSessionsStore }) {
  const { t, i18n } = useTranslation('sessions');
  const port = useSessionsPort();
  const navigate = useNavigate();
  const rows = port.useLibraryRows();
  const storedCircuits = port.useCircuits();
  const circuits = storedCircuits ?? [];
  const zones = useMemo(() => new Map((storedCircuits ?? []).map((c) => [c.id, c.country?.timezone])), [storedCircuits]);
  // The track's clock: the zone at the session's own first fix (a session near no circuit has one too), else its circuit's country's.
  const zoneOf = useCallback(
    (row: Pick<LibraryRow, 'circuitId' | 'timeZone'>) => row.timeZone ?? (row.circuitId === null ? undefined : zones.get(row.circuitId)),
    [zones],
  );
  const categories = port.useVehicleCategories() ?? [];
  const selection = useActiveSessions(store);
  const [editing, setEditing] = useState<LibraryRow | null>(null);
  const [deleting, setDeleting] = useState<LibraryRow | null>(null);
  const [comparing, setComparing] = useState<LibraryRow | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const locale = i18n.language === 'pt-pt' ? 'pt-pt' : 'en-us';
  const resetInput = useRef<() => void>(null);
  const [confirming, setConfirming] = useState<ImportLine | null>(null);
  const { importing, importFiles, lines, clearLines, confirmLine, confirmStartFinish } = useSessionImport(port, (imported) => void navigate({ to: '/sessions/analysis', search: { open: imported.id } }));
  const { dragging, dropProps } = useFileDrop((files) => void importFiles(files));

  // Mirror the server list when online; offline the local rows are what we have (no toast for that). Any other
  // failure (a 5xx, a refusal) is a failed load: an error toast, while the local rows stay on screen.
  useEffect(() => {
    port.refreshFromServer().catch((e: unknown) => {
      if (!isOfflineFailure(e)) notifyError(errorText(e, t));
    });
  }, [port]);

  // Sessions deleted elsewhere leave the comparison.
  useEffect(() => {
    if (rows) store.set(pruneSelection(store.get(), new Set(rows.map((r) => r.id))));
  }, [rows, store]);

  const toggleActive = useCallback(
    (row: LibraryRow) => {
      const { selection: next, outcome } = toggleSelection(store.get(), { id: row.id, circuitId: row.circuitId });
      if (outcome === 'refused-other-circuit') notifyError(t('messages.sameCircuit'));
      // A third pick is not silently dropped: say why, and how to make room.
      if (outcome === 'ignored-full') notifyError(t('messages.atMostTwo', { count: MAX_COMPARED }));
      store.set(next);
    },
    [store, t],
  );

  /** One tap into the analysis: this session becomes the active one (an active one keeps its partner). */
  const openAnalysis = useCallback(
    (row: LibraryRow) => {
      store.set(openSession(store.get(), { id: row.id, circuitId: row.circuitId }));
      void navigate({ to: '/sessions/analysis' });
    },
    [navigate, store],
  );

  const compare = (left: LibraryRow, right: LibraryRow) => {
    const { selection: next, outcome } = compareWith(store.get(), { id: left.id, circuitId: left.circuitId }, { id: right.id, circuitId: right.circuitId });
    setComparing(null);
    if (outcome !== 'compared') {
      notifyError(t('messages.sameCircuit'));
      return;
    }
    store.set(next);
    void navigate({ to: '/sessions/analysis' });
  };

  const toggleFavorite = useCallback(
    async (row: LibraryRow) => {
      try {
        await port.editSession(row.id, { favorite: !row.favorite });
      } catch (e) {
        notifyError(`${t('messages.updateFailed')}: ${errorText(e, t)}`);
      }
    },
    [port, t],
  );
  const retrySync = useCallback((row: LibraryRow) => void port.retrySync(row.id), [port]);

  const ref = useReferenceTexts();
  // The category as the reader's language names it, so the column's filter and sort see the shown text.
  const tableRows = useMemo<LibraryTableRow[] | undefined>(
    () =>
      rows?.map((r) => ({
        ...r,
        vehicleCategoryName: ref.text('vehicleCategory', r.vehicleCategoryId, 'name', r.vehicleCategoryName),
        trackDate: instantToWallClock(r.date, zoneOf(r)),
      })),
    [rows, zoneOf, ref],
  );
  const columns = useLibraryColumns({ locale, zoneOf, onOpen: openAnalysis, onToggleFavorite: (r) => void toggleFavorite(r), onRetrySync: retrySync });

  const save = async (changes: Parameters<typeof port.editSession>[1]) => {
    if (!editing) return;
    try {
      if (Object.keys(changes).length > 0) await port.editSession(editing.id, changes);
      if (changes.circuitId !== undefined) store.set(afterCircuitEdit(store.get(), editing.id, changes.circuitId));
      notifySuccess(t('messages.sessionUpdated'));
      setEditing(null);
    } catch (e) {
      notifyError(`${t('messages.updateFailed')}: ${errorText(e, t)}`);
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
      notifyError(`${t('messages.deleteFailed')}: ${errorText(e, t)}`);
    } finally {
      setDeleteBusy(false);
    }
  };

  const nameOf = (id: number) => rows?.find((r) => r.id === id)?.name ?? t('library.none');

  return (
    <Stack gap="sm" pos="relative" {...dropProps} data-testid="library-drop-zone" data-dragging={dragging || undefined}>
      {dragging && (
        <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.85} blur={1} radius="md" zIndex={150} style={{ border: '2px dashed var(--mantine-color-blue-6)', display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
          <Stack align="center" gap={4}>
            <UploadIcon />
            <Text fw={600} c="blue">{t('import.drop')}</Text>
          </Stack>
        </Overlay>
      )}
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('library.title')}</Title>
        <Group gap="xs">
          {/* No `accept` filter: ASTRO's own files have no extension (docs/device-protocol.md, session file names). */}
          {/* Reset after each pick: picking the same file again must fire a change again. */}
          <FileButton
            multiple
            resetRef={resetInput}
            onChange={(files) => {
              resetInput.current?.();
              void importFiles(files);
            }}
          >
            {(props) => (
              <Tooltip label={t('import.hint')} openDelay={300}>
                <Button {...props} size="xs" variant="light" leftSection={<UploadIcon />} loading={importing} data-testid="session-import">
                  {t('import.button')}
                </Button>
              </Tooltip>
            )}
          </FileButton>
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {t('import.dropHint')}
          </Text>
        </Group>
      </Group>
      <ImportResults
        lines={lines}
        onAnalyse={(r) => void navigate({ to: '/sessions/analysis', search: { open: r.id } })}
        onClear={clearLines}
        onConfirmStartFinish={(line) => void confirmStartFinish([line]).then((left) => left && setConfirming(left))}
        onAdjustStartFinish={setConfirming}
        onConfirmAll={(awaiting) => void confirmStartFinish(awaiting).then((left) => left && setConfirming(left))}
      />
      <ComparisonSummary selection={selection} nameOf={nameOf} onClear={() => store.set({ left: null, right: null })} />
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
          return {
            'data-active': slot ?? undefined,
            // A tap anywhere on the row opens it; the name is the same action as a real button for keyboards.
            onClick: (e: MouseEvent<HTMLElement>) => {
              if (!(e.target instanceof Element) || e.target.closest(INTERACTIVE)) return;
              // The actions cell (first) keeps its gaps between buttons inert.
              if (e.target.closest('td')?.cellIndex === 0) return;
              openAnalysis(r);
            },
            style: { cursor: 'pointer', ...(slot ? { boxShadow: `inset 3px 0 0 var(--mantine-color-${slot === 'left' ? 'blue' : 'grape'}-6)` } : {}) },
          };
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
              <Tooltip label={t('actions.compareWith')} openDelay={300}>
                <ActionIcon size="sm" variant="subtle" color="grape" aria-label={t('actions.compareWith')} onClick={() => setComparing(r)} data-testid={`compare-with-${r.id}`}>
                  <CompareWithIcon />
                </ActionIcon>
              </Tooltip>
              <ExportMenu row={r} />
            </RowActions>
          );
        }}
      />
      <StartFinishDialog
        line={confirming}
        onClose={(saved) => {
          if (saved && confirming) confirmLine(confirming.key, saved);
          setConfirming(null);
        }}
      />
      <SessionEditDialog row={editing} circuits={circuits} vehicleCategories={categories} onCancel={() => setEditing(null)} onSave={save} />
      <CompareWithDialog row={comparing} rows={rows ?? []} zoneOf={zoneOf} onPick={compare} onCancel={() => setComparing(null)} />
      <ConfirmDialog opened={deleting !== null} value={deleting?.name ?? ''} busy={deleteBusy} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
    </Stack>
  );
}
