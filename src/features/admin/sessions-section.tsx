/**
 * Every user's sessions: the admin table has the user's first name as its first column and sorts by it
 * descending by default. Row actions: edit (dialog 'Edit Session', partial update: name, circuit, vehicle
 * category, favorite) and delete (confirmation). Toasts 'Session updated' / 'Failed to update session' /
 * 'Failed to delete session'.
 */
import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '../../contracts/entities';
import { sessionsApi } from '../../data/api/sessions';
import { CircuitTime } from '../../ui/circuit-time';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table/data-table';
import { RowActions } from '../../ui/data-table/row-actions';
import { notifyError, notifySuccess, notifyWriteFailed } from '../../ui/toast';
import { translateError } from '../../app/i18n/setup';
import { useDialogWidth } from './dialog-width';
import { options, useReferenceList } from './reference-lists';

interface SessionForm {
  name: string;
  circuitId: string | null;
  vehicleCategoryId: string | null;
  favorite: boolean;
}

export function AdminSessionsSection() {
  const { t } = useTranslation('admin');
  const width = useDialogWidth();
  const circuits = useReferenceList('circuits');
  const categories = useReferenceList('vehicleCategories');
  // A session's time is shown at its circuit's clock (its country's zone), as everywhere in the app.
  const zones = new Map(circuits.map((c) => [c.id, c.country?.timezone]));
  const [refreshKey, setRefreshKey] = useState(0);
  const [editing, setEditing] = useState<{ row: SessionSummary; form: SessionForm } | null>(null);
  const [deleting, setDeleting] = useState<SessionSummary | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    if (!editing) return;
    setBusy(true);
    try {
      const f = editing.form;
      await sessionsApi.patch(editing.row.id, {
        name: f.name.trim(),
        circuitId: f.circuitId === null ? null : Number(f.circuitId),
        vehicleCategoryId: f.vehicleCategoryId === null ? null : Number(f.vehicleCategoryId),
        favorite: f.favorite,
      });
      notifySuccess(t('toast.sessionUpdated'));
      setEditing(null);
      setRefreshKey((k) => k + 1);
    } catch (err) {
      notifyWriteFailed(t('toast.sessionUpdateFailed'), err);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await sessionsApi.remove(deleting.id);
      setRefreshKey((k) => k + 1);
    } catch (err) {
      notifyWriteFailed(t('toast.sessionDeleteFailed'), err);
    } finally {
      setDeleting(null);
      setBusy(false);
    }
  }

  const set = (p: Partial<SessionForm>) => setEditing((e) => (e ? { ...e, form: { ...e.form, ...p } } : e));

  return (
    <Stack gap="sm">
      <DataTable<SessionSummary>
        tableKey="admin-sessions"
        columns={[
          { field: 'user.firstName', headerKey: 'fields.user', sortable: true, filter: 'text', render: (r) => r.user.firstName },
          { field: 'name', headerKey: 'fields.name', sortable: true, filter: 'text' },
          { field: 'circuit.name', headerKey: 'fields.circuit', sortable: true, filter: 'text', render: (r) => r.circuit?.name ?? '' },
          { field: 'vehicleCategory.name', headerKey: 'fields.vehicleCategory', sortable: true, filter: 'text', render: (r) => r.vehicleCategory?.name ?? '' },
          { field: 'date', headerKey: 'fields.date', sortable: true, filter: 'date', render: (r) => <CircuitTime value={r.date} timeZone={r.circuitId === null ? null : zones.get(r.circuitId)} circuitName={r.circuit?.name} /> },
          { field: 'favorite', headerKey: 'fields.favorite', sortable: true, filter: 'boolean', render: (r) => (r.favorite ? '★' : '') },
          { field: 'id', hidden: true },
          { field: 'circuitId', hidden: true },
        ]}
        source={{ mode: 'server', fetch: sessionsApi.adminDatatable }}
        rowKey={(r) => r.id}
        defaultSort={{ field: 'user.firstName', order: 'desc' }}
        refreshKey={refreshKey}
        headerNamespace="admin"
        aria-label={t('sections.sessions')}
        onError={(e) => notifyError(translateError(e))}
        rowActions={(row) => (
          <RowActions
            onEdit={() =>
              setEditing({
                row,
                form: {
                  name: row.name,
                  circuitId: row.circuitId === null ? null : String(row.circuitId),
                  vehicleCategoryId: row.vehicleCategoryId === null ? null : String(row.vehicleCategoryId),
                  favorite: row.favorite,
                },
              })
            }
            onDelete={() => setDeleting(row)}
          />
        )}
      />
      <Modal closeButtonProps={{ 'aria-label': t('app:toast.close') }} opened={editing !== null} onClose={() => !busy && setEditing(null)} title={t('dialog.editSession')} size={width} centered>
        {editing && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (editing.form.name.trim()) void save();
            }}
          >
            <Stack gap="sm">
              <TextInput label={t('fields.name')} name="name" required value={editing.form.name} onChange={(e) => set({ name: e.currentTarget.value })} />
              <Select label={t('fields.circuit')} data={options(circuits)} value={editing.form.circuitId} onChange={(v) => set({ circuitId: v })} searchable clearable />
              <Select
                label={t('fields.vehicleCategory')}
                data={options(categories)}
                value={editing.form.vehicleCategoryId}
                onChange={(v) => set({ vehicleCategoryId: v })}
                searchable
                clearable
              />
              <Switch label={t('fields.favorite')} checked={editing.form.favorite} onChange={(e) => set({ favorite: e.currentTarget.checked })} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)} disabled={busy}>
                  {t('actions.cancel')}
                </Button>
                <Button type="submit" loading={busy} disabled={!editing.form.name.trim()}>
                  {t('actions.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      <ConfirmDialog opened={deleting !== null} value={deleting?.name ?? ''} busy={busy} onCancel={() => setDeleting(null)} onConfirm={() => void remove()} />
    </Stack>
  );
}
