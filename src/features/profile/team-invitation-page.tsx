/**
 * The link of a team invitation mail: accepted once, for the address it was sent to, before it expires (the
 * server checks all three); then the way on to the Team view. A used, expired or someone else's link says so.
 */
import { Alert, Button, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../data/api/api-error';
import { sharingApi } from '../../data/api/sharing';
// Registers the area's texts before it renders.
import './i18n';

export function TeamInvitationPage({ token }: { token: string | null }) {
  const { t } = useTranslation('profile');
  const [state, setState] = useState<'working' | 'joined' | 'invalid' | 'offline'>(token ? 'working' : 'invalid');
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    // Once: the link works a single time, so a second call (React's strict double effect) would say it was used.
    sent.current = true;
    sharingApi.acceptLink(token).then(
      () => setState('joined'),
      (e: unknown) => setState(isApiError(e) && e.offline ? 'offline' : 'invalid'),
    );
  }, [token]);
  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>{t('teams.invitationTitle')}</Title>
      {state === 'working' && <Alert variant="light">{t('teams.invitationWorking')}</Alert>}
      {state === 'joined' && (
        <Alert color="green" variant="light" data-testid="team-invitation-result">
          {t('teams.invitationJoined')}
        </Alert>
      )}
      {state === 'invalid' && (
        <Alert color="red" variant="light" data-testid="team-invitation-result">
          {t('teams.invitationInvalid')}
        </Alert>
      )}
      {state === 'offline' && (
        <Alert color="yellow" variant="light" data-testid="team-invitation-result">
          {t('teams.invitationOffline')}
        </Alert>
      )}
      <Button component={Link} to="/teams" variant="default" w="fit-content">
        {t('teams.title')}
      </Button>
    </Stack>
  );
}
