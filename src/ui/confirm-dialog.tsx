/**
 * The delete confirmation: header 'Confirmation', 'Do you want to delete {value}?', buttons Cancel and
 * Delete. Use the component directly, or `confirmDelete(value)` which opens one and resolves true on Delete.
 */
import { Button, Group, MantineProvider, Modal, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../app/i18n/setup';
import { cssVariablesResolver, theme } from '../app/theme/theme';
import { themeColorSchemeManager } from '../app/theme/color-scheme';

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

/** Opens a confirmation outside React state; resolves true when the user picks Delete, false otherwise. */
export function confirmDelete(value: string): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const close = (answer: boolean) => {
      resolve(answer);
      // Let the modal's close transition start before unmounting.
      setTimeout(() => {
        root.unmount();
        host.remove();
      }, 200);
    };
    function Host() {
      const [opened, setOpened] = useState(true);
      const finish = (answer: boolean) => {
        setOpened(false);
        close(answer);
      };
      return <ConfirmDialog opened={opened} value={value} onCancel={() => finish(false)} onConfirm={() => finish(true)} />;
    }
    root.render(
      <MantineProvider theme={theme} colorSchemeManager={themeColorSchemeManager()} cssVariablesResolver={cssVariablesResolver}>
        <I18nextProvider i18n={i18n}>
          <Host />
        </I18nextProvider>
      </MantineProvider>,
    );
  });
}
