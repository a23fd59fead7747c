/** A toast's message with a way on (e.g. 'Analyse' after an import): the text, then one small button. */
import { Button, Group, Text } from '@mantine/core';

export function ToastWithAction({ text, label, onClick, testId }: { text: string; label: string; onClick: () => void; testId?: string }) {
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Text size="sm" inherit>
        {text}
      </Text>
      <Button size="compact-xs" variant="light" onClick={onClick} data-testid={testId} style={{ flexShrink: 0 }}>
        {label}
      </Button>
    </Group>
  );
}
