/** Not Found and Unauthorized with the product's texts. */
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
// Registers the area's texts before it renders.
import './i18n';

function StatusPage({ title, message, testId }: { title: string; message: string; testId: string }) {
  const { t } = useTranslation('app');
  return (
    <Container size="sm" py="xl" data-testid={testId}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{title}</Title>
        <Text size="lg">{message}</Text>
        <Button component={Link} to="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation('app');
  return <StatusPage title={t('notFound.title')} message={t('notFound.message')} testId="not-found" />;
}

export function UnauthorizedPage() {
  const { t } = useTranslation('app');
  return <StatusPage title={t('unauthorized.title')} message={t('unauthorized.message')} testId="unauthorized" />;
}
