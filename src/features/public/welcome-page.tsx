/** The welcome route (/): what ASTRO Companion is, with the intro video, and where to go next. */
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthView } from '../../app/auth/auth-react';
import { isSignedIn } from '../../app/auth/auth-port';
import { INTRO_POSTER, INTRO_VIDEO } from './links';
// Registers the area's texts before it renders.
import './i18n';

export function WelcomePage() {
  const { t } = useTranslation('public');
  const signedIn = isSignedIn(useAuthView());
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('welcome.title')}</Title>
        <Text size="lg">{t('welcome.subtitle')}</Text>
        {/* Where to go next comes before the video: on a 1280x800 screen it was below the fold under it. */}
        <Group>
          {signedIn ? (
            <Button component={Link} to="/astro">
              {t('welcome.connect')}
            </Button>
          ) : (
            <Button component={Link} to="/register">
              {t('welcome.getStarted')}
            </Button>
          )}
          <Button component={Link} to="/about" variant="default">
            {t('welcome.learnMore')}
          </Button>
        </Group>
        <video
          src={INTRO_VIDEO}
          poster={INTRO_POSTER}
          controls
          muted
          playsInline
          // Nothing is fetched until play: the poster says what it is, a racer on a metered connection pays only
          // when they want it, and the first screen creates no media pipeline.
          preload="none"
          aria-label={t('welcome.videoLabel')}
          style={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 12, background: '#111' }}
          data-testid="intro-video"
        >
          {t('welcome.videoFallback')}
        </video>
      </Stack>
    </Container>
  );
}
