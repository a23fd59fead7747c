/**
 * What the library's rows and dialogs do (library-screen.tsx lays them out): the comparison picks (set active,
 * 'Compare with...', one tap into the analysis), favourite, retrying an upload, editing and deleting, each failure
 * told in a toast; and, on open, the server list mirrored (offline the local rows are what we have) and sessions
 * deleted elsewhere taken out of the comparison.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOfflineFailure } from '../../../data/api/api-error';
import { notifyError, notifySuccess } from '../../../ui/toast';
import { afterCircuitEdit, compareWith, deselect, errorText, MAX_COMPARED, openSession, pruneSelection, toggleSelection, type ActiveSessionsStore, type LibraryRow, type SessionsPort } from '../shared';

export function useLibraryActions(port: SessionsPort, store: ActiveSessionsStore, rows: LibraryRow[] | undefined) {
  const { t } = useTranslation('sessions');
  const navigate = useNavigate();
  const [editing, setEditing] = useState<LibraryRow | null>(null);
  const [deleting, setDeleting] = useState<LibraryRow | null>(null);
  const [comparing, setComparing] = useState<LibraryRow | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const failed = (message: string, e: unknown) => notifyError(`${t(message)}: ${errorText(e, t)}`);

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

  const save = async (changes: Parameters<typeof port.editSession>[1]) => {
    if (!editing) return;
    try {
      if (Object.keys(changes).length > 0) await port.editSession(editing.id, changes);
      if (changes.circuitId !== undefined) store.set(afterCircuitEdit(store.get(), editing.id, changes.circuitId));
      notifySuccess(t('messages.sessionUpdated'));
      setEditing(null);
    } catch (e) {
      failed('messages.updateFailed', e);
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
      failed('messages.deleteFailed', e);
    } finally {
      setDeleteBusy(false);
    }
  };

  return { editing, setEditing, deleting, setDeleting, deleteBusy, comparing, setComparing, toggleActive, openAnalysis, compare, toggleFavorite, retrySync, save, confirmDelete };
}
