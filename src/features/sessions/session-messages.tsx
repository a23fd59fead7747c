/** The spec's session-state messages: no active session(s), not fully updated, loading and load errors. */
import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n/setup';

export function NoActiveSession({ plural }: { plural: boolean }) {
  const { t } = useTranslation('sessions');
  return (
    <Alert color="blue" variant="light" data-testid="no-active-session">
      {plural ? t('messages.noActiveSessions') : t('messages.noActiveSession')}
    </Alert>
  );
}

export function NotFullyUpdated({ name }: { name: string }) {
  const { t } = useTranslation('sessions');
  return (
    <Alert color="yellow" variant="light" title={name} data-testid="not-fully-updated">
      {t('messages.notFullyUpdated')}
    </Alert>
  );
}

export function SessionsLoading() {
  const { t } = useTranslation('sessions');
  return (
    <Center p="xl" aria-label={t('analysis.loading')}>
      <Loader size="sm" />
    </Center>
  );
}

export function SessionsLoadError({ message }: { message: string }) {
  const { t } = useTranslation('sessions');
  return (
    <Alert color="red" variant="light" title={t('messages.fetchFailed')} role="alert">
      {translateMessage(message)}
    </Alert>
  );
}
