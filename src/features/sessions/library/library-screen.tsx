/**
 * /sessions/library: the user's sessions. Offline-first: the table runs in local mode over the rows in
 * IndexedDB (the server list is mirrored into it on open when online), so filtering, sorting and paging work the
 * same with no connection. A tap on a row (or its name) opens that session's analysis; row actions: set active /
 * deactivate (the spec's comparison model), 'Compare with...', favorite, edit, delete, export.
 * The selection rules live in comparison-selection.ts, the columns in library-columns.tsx (their cells in
 * library-cells.tsx), the rows' actions in use-library-actions.ts, the derivations in library-view-model.ts, imports in
 * use-session-import.ts.
 */
import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable } from '../../../ui/data-table/data-table';
import { activeSessions, useActiveSessions, type ActiveSessionsStore } from '../shared';
import { CompareWithDialog } from './compare-with-dialog';
import { slotOf } from '../shared';
import { ComparisonSummary } from './comparison-summary';
import { useLibraryColumns } from './library-columns';
import { circuitZones, libraryTableRows, slotStyle, tapOpensRow, zoneOfRow, type LibraryTableRow } from './library-view-model';
import { DropOverlay, LibraryHeader, LibraryRowActions } from './library-parts';
import { SessionEditDialog } from './session-edit-dialog';
import { useLibraryActions } from './use-library-actions';
import { useSessionsPort, type LibraryRow } from '../shared';
import { useSessionImport, type ImportLine } from '../import';
import { StartFinishDialog } from '../import';
import { ImportResults } from '../import';
import { useFileDrop } from '../import';
import { useReferenceTexts } from '../../../app/i18n/reference-text';

const LIBRARY_TABLE_KEY = 'sessions-library';

export function LibraryScreen({ store = activeSessions }: { store?: ActiveSessionsStore }) {
  const { t, i18n } = useTranslation('sessions');
  const port = useSessionsPort();
  const navigate = useNavigate();
  const rows = port.useLibraryRows();
  const storedCircuits = port.useCircuits();
  const circuits = storedCircuits ?? [];
  const zones = useMemo(() => circuitZones(storedCircuits), [storedCircuits]);
  const zoneOf = useCallback((row: Pick<LibraryRow, 'circuitId' | 'timeZone'>) => zoneOfRow(zones, row), [zones]);
  const categories = port.useVehicleCategories() ?? [];
  const selection = useActiveSessions(store);
  const locale = i18n.language === 'pt-pt' ? 'pt-pt' : 'en-us';
  const [confirming, setConfirming] = useState<ImportLine | null>(null);
  const { importing, importFiles, lines, clearLines, confirmLine, confirmStartFinish } = useSessionImport(port, (imported) => void navigate({ to: '/sessions/analysis', search: { open: imported.id } }));
  const { dragging, dropProps } = useFileDrop((files) => void importFiles(files));

  const { editing, setEditing, deleting, setDeleting, deleteBusy, comparing, setComparing, toggleActive, openAnalysis, compare, toggleFavorite, retrySync, save, confirmDelete } = useLibraryActions(port, store, rows);

  const ref = useReferenceTexts();
  const tableRows = useMemo<LibraryTableRow[] | undefined>(
    () => (rows ? libraryTableRows(rows, zoneOf, (r) => ref.text('vehicleCategory', r.vehicleCategoryId, 'name', r.vehicleCategoryName)) : undefined),
    [rows, zoneOf, ref],
  );
  const columns = useLibraryColumns({ locale, zoneOf, onOpen: openAnalysis, onToggleFavorite: (r) => void toggleFavorite(r), onRetrySync: retrySync });

  const nameOf = (id: number) => rows?.find((r) => r.id === id)?.name ?? t('library.none');

  return (
    <Stack gap="sm" pos="relative" {...dropProps} data-testid="library-drop-zone" data-dragging={dragging || undefined}>
      {dragging && <DropOverlay />}
      <LibraryHeader importing={importing} onFiles={(files) => void importFiles(files)} />
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
              if (tapOpensRow(e.target)) openAnalysis(r);
            },
            style: slotStyle(slot),
          };
        }}
        rowActions={(r) => <LibraryRowActions row={r} slot={slotOf(selection, r.id)} onEdit={setEditing} onDelete={setDeleting} onToggleActive={toggleActive} onCompareWith={setComparing} />}
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
