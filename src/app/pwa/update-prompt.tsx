/** The 'New version available - Reload' prompt shown when a new service worker is waiting. */
import { Button, Group, Notification, Portal } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissUpdate, getPwaState, subscribePwa } from './register-sw';

export function UpdatePrompt() {
  const { t } = useTranslation('app');
  const state = useSyncExternalStore(subscribePwa, getPwaState, getPwaState);
  if (!state.needRefresh) return null;
  return (
    <Portal>
      <Notification
        title={t('pwa.newVersion')}
        onClose={dismissUpdate}
        withCloseButton
        closeButtonProps={{ 'aria-label': t('pwa.later') }}
        style={{ position: 'fixed', left: 16, bottom: 16, zIndex: 1000, maxWidth: 360 }}
        role="alert"
        data-testid="update-prompt"
      >
        <Group gap="xs" mt="xs">
          <Button size="xs" onClick={applyUpdate} loading={state.updating}>
            {t('pwa.reload')}
          </Button>
          <Button size="xs" variant="default" onClick={dismissUpdate}>
            {t('pwa.later')}
          </Button>
        </Group>
      </Notification>
    </Portal>
  );
}
