/** The spec's session-state messages: no active session(s), not fully updated, loading and load errors. */
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n/setup';

export function NoActiveSession({ plural }: { plural: boolean }) {
  const { t } = useTranslation('sessions');
  return (
    <Alert color="blue" variant="light" data-testid="no-active-session" title={plural ? t('messages.noActiveSessions') : t('messages.noActiveSession')}>
      {/* Never a dead end: the way on is the library, where a tap on a session opens it. */}
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('library.emptyHint')}</Text>
        <Button component={Link} to="/sessions/library" size="xs" variant="light" data-testid="go-to-library">
          {t('library.goToLibrary')}
        </Button>
      </Stack>
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
