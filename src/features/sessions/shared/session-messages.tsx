/** The spec's session-state messages: no active session(s), no laps found, not fully updated, loading and load errors. */
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../app/i18n/setup';
import type { Message } from '../../../contracts/messages';

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

/**
 * A session without laps: why (no circuit near it, or no crossing of its start/finish line) and the way on, drawing
 * the start/finish on the map (the map screen in Draw mode; `onDraw` when already on it).
 */
export function NoLapsFound({ name, circuit, onDraw }: { name: string; circuit: boolean; onDraw?: () => void }) {
  const { t } = useTranslation('sessions');
  const navigate = useNavigate();
  return (
    <Alert color="blue" variant="light" title={name} data-testid="no-laps-found">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{circuit ? t('messages.noLapsCrossed') : t('messages.noLapsNoCircuit')}</Text>
        <Button size="xs" variant="light" onClick={onDraw ?? (() => void navigate({ to: '/sessions/map', search: { gates: 'draw' } }))} data-testid="draw-start-finish">
          {t('messages.drawStartFinish')}
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

export function SessionsLoadError({ message }: { message: Message }) {
  const { t } = useTranslation('sessions');
  return (
    <Alert color="red" variant="light" title={t('messages.fetchFailed')} role="alert">
      {translateMessage(message)}
    </Alert>
  );
}
