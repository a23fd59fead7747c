/**
 * One admin list: a server-side data table with New, Edit and Delete (confirmation), the
 * form in a dialog 40vw wide (75vw below 960 px, 90vw below 640 px), and the product's toasts: success
 * '<Entity> {value} created.' / 'updated.' / '<Entity> successfully deleted.', failure 'Failed to create <entity>',
 * 'Failed to update <entity>' and 'Failed to delete <entity>'. A failed save keeps the dialog open with the form as typed.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableRequest, DataTableResponse, DataTableSort } from '../../contracts/datatable';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../ui/data-table/data-table';
import { RowActions } from '../../ui/data-table/row-actions';
import { notifyError } from '../../ui/toast';
import { translateError } from '../../app/i18n/setup';
import { canSave } from './crud-editing';
import { useCrudWrites } from './use-crud-writes';
import { useDialogWidth } from './dialog-width';
import type { AdminEntity } from './toast-keys';

export interface CrudSectionProps<T extends { id: number }, F> {
  tableKey: string;
  entity: AdminEntity;
  columns: readonly DataTableColumn<T>[];
  fetch: (request: DataTableRequest, signal: AbortSignal) => Promise<DataTableResponse<T>>;
  defaultSort?: DataTableSort;
  /** The {value} of toasts and of the delete question. */
  label: (row: T) => string;
  emptyForm?: () => F;
  toForm: (row: T) => F;
  renderForm: (form: F, set: (patch: Partial<F>) => void, mode: 'new' | 'edit') => ReactNode;
  isValid?: (form: F, mode: 'new' | 'edit') => boolean;
  /** Absent: no New button. */
  create?: (form: F) => Promise<T>;
  /** Absent: no Edit action. */
  update?: (row: T, form: F) => Promise<T>;
  /** Absent: no Delete action. */
  remove?: (row: T) => Promise<void>;
  /** After any successful write (e.g. refresh the offline reference lists). */
  onWritten?: () => void;
  /** Extra text above the table. */
  intro?: ReactNode;
  /** Dialog width override (e.g. the circuit editor with its map uses the same rule). */
  extraToolbar?: ReactNode;
}

export function CrudSection<T extends { id: number }, F>(props: CrudSectionProps<T, F>) {
  const { t } = useTranslation('admin');
  const dialogWidth = useDialogWidth();
  const { editing, setEditing, deleting, setDeleting, busy, refreshKey, set, save, confirmDelete } = useCrudWrites<T, F>(props);
  const source = { mode: 'server' as const, fetch: props.fetch };

  const valid = canSave(editing, props.isValid);
  const entityName = t(`entities.${props.entity}`);
  const { create, update, remove, emptyForm } = props;

  return (
    <Stack gap="sm" data-admin-section={props.entity}>
      {props.intro}
      <DataTable<T>
        tableKey={props.tableKey}
        columns={props.columns}
        source={source}
        rowKey={(r) => r.id}
        defaultSort={props.defaultSort ?? null}
        refreshKey={refreshKey}
        headerNamespace="admin"
        onError={(e) => notifyError(translateError(e))}
        aria-label={entityName}
        toolbar={
          <Group justify="flex-end" mb="xs" gap="xs">
            {props.extraToolbar}
            {create && emptyForm && (
              <Button size="xs" onClick={() => setEditing({ mode: 'new', form: emptyForm() })} data-testid={`new-${props.entity}`}>
                {t('actions.new')}
              </Button>
            )}
          </Group>
        }
        rowActions={
          update || remove
            ? (row) => (
                <RowActions
                  onEdit={update ? () => setEditing({ mode: 'edit', row, form: props.toForm(row) }) : undefined}
                  onDelete={remove ? () => setDeleting(row) : undefined}
                />
              )
            : undefined
        }
      />
      <Modal closeButtonProps={{ 'aria-label': t('app:toast.close') }}
        opened={editing !== null}
        onClose={() => !busy && setEditing(null)}
        title={editing ? t(editing.mode === 'new' ? 'dialog.new' : 'dialog.edit', { entity: entityName }) : ''}
        size={dialogWidth}
        centered
      >
        {editing && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (valid) void save();
            }}
          >
            <Stack gap="sm">
              {props.renderForm(editing.form, set, editing.mode)}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)} disabled={busy}>
                  {t('actions.cancel')}
                </Button>
                <Button type="submit" loading={busy} disabled={!valid} data-testid="admin-save">
                  {t('actions.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        value={deleting ? props.label(deleting) : ''}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}

/** A read-only line in a dialog (display-only user fields). */
export function ReadOnlyField({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={600} miw={140}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}
