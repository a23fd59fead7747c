import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess, notifyWriteFailed } from '../../ui/toast';
import { patchEditing, type CrudEditing } from './crud-editing';
import { toastKeys, type AdminEntity } from './toast-keys';

interface CrudWriteProps<T, F> {
  entity: AdminEntity;
  label: (row: T) => string;
  create?: (form: F) => Promise<T>;
  update?: (row: T, form: F) => Promise<T>;
  remove?: (row: T) => Promise<void>;
  onWritten?: () => void;
}

/**
 * An admin list's writes: the dialog being edited, the row asked about for deletion, saving and deleting with the
 * product's toasts, and the table's refresh key bumped after each successful write. A failed save keeps the dialog
 * open with the form as typed.
 */
export function useCrudWrites<T, F>(props: CrudWriteProps<T, F>) {
  const { t } = useTranslation('admin');
  const keys = toastKeys(props.entity);
  const [editing, setEditing] = useState<CrudEditing<T, F> | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const { onWritten } = props;

  const written = useCallback(() => {
    setRefreshKey((k) => k + 1);
    onWritten?.();
  }, [onWritten]);

  const set = (patch: Partial<F>) => setEditing((e) => patchEditing(e, patch));

  async function save() {
    if (!editing) return;
    setBusy(true);
    try {
      if (editing.mode === 'new' && props.create) {
        const row = await props.create(editing.form);
        notifySuccess(t(keys.created, { value: props.label(row) }));
      } else if (editing.mode === 'edit' && props.update) {
        const row = await props.update(editing.row, editing.form);
        notifySuccess(t(keys.updated, { value: props.label(row) }));
      }
      setEditing(null);
      written();
    } catch (err) {
      notifyWriteFailed(t(editing.mode === 'new' ? keys.createFailed : keys.updateFailed), err);
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelete() {
    if (!deleting || !props.remove) return;
    setBusy(true);
    try {
      await props.remove(deleting);
      notifySuccess(t(keys.deleted));
      setDeleting(null);
      written();
    } catch (err) {
      notifyWriteFailed(t(keys.deleteFailed), err);
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  }

  return { editing, setEditing, deleting, setDeleting, busy, refreshKey, set, save, confirmDelete };
}
