/** The frame of every account screen: a centred card with a title. */
import { Container, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { translateError } from '../../app/i18n/setup';

export function AuthCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Container size={460} py="xl" data-testid={testId}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Title order={1} size="h2" mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </Container>
  );
}

/** The message of a failed call in the user's language (an ApiError's by its message id). */
export function errorMessage(e: unknown): string {
  return translateError(e instanceof Error ? e : null);
}
