/**
 * A team-mate's session in the lap viewer: whose it is and that it is read-only, with the way back to the Team view;
 * and, when it cannot be opened, why (no longer shared with the racer, or no connection).
 */
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

function BackToTeams() {
  const { t } = useTranslation('sessions');
  return (
    // On the light teal and yellow notes: the theme's link colour for tinted backgrounds.
    <Anchor component={Link} to="/teams" size="sm" c="var(--astro-link-on-tint)" data-testid="team-session-back">
      {t('team.back')}
    </Anchor>
  );
}

export function TeamSessionBanner({ owner, name }: { owner: string; name: string }) {
  const { t } = useTranslation('sessions');
  return (
    <Alert color="teal" variant="light" data-testid="team-session-banner" title={t('team.title', { owner, name })}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{t('team.readOnly')}</Text>
        <BackToTeams />
      </Group>
    </Alert>
  );
}

export function TeamSessionUnavailableMessage({ reason }: { reason: 'gone' | 'offline' }) {
  const { t } = useTranslation('sessions');
  return (
    <Alert color={reason === 'gone' ? 'red' : 'yellow'} variant="light" data-testid="team-session-unavailable" title={t(reason === 'gone' ? 'team.goneTitle' : 'team.offlineTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(reason === 'gone' ? 'team.gone' : 'team.offline')}</Text>
        <BackToTeams />
      </Stack>
    </Alert>
  );
}
