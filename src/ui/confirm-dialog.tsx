/**
 * The delete confirmation: header 'Confirmation', 'Do you want to delete {value}?', buttons Cancel and
 * Delete.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  /** What is being deleted, shown in the question. */
  value: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** Disables the buttons while the deletion runs. */
  busy?: boolean;
  /** More about what goes (which items, what cannot be undone), under the question. */
  children?: ReactNode;
}

export function ConfirmDialog({ opened, value, onCancel, onConfirm, busy, children }: ConfirmDialogProps) {
  const { t } = useTranslation('app');
  return (
    <Modal closeButtonProps={{ 'aria-label': t('toast.close') }} opened={opened} onClose={onCancel} title={t('confirm.title')} centered closeOnClickOutside={!busy} closeOnEscape={!busy}>
      <Text mb={children ? 'sm' : 'lg'}>{t('confirm.message', { value })}</Text>
      {children}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy} data-testid="confirm-cancel">
          {t('confirm.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy} data-testid="confirm-delete">
          {t('confirm.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
