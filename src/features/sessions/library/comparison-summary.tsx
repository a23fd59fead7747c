/** The library's summary of the compared sessions (left, right) with the ways on to the map and the analysis. */
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ComparisonSelection } from '../shared';

export function ComparisonSummary({ selection, nameOf, onClear }: { selection: ComparisonSelection; nameOf: (id: number) => string; onClear: () => void }) {
  const { t } = useTranslation('sessions');
  return (
    <Paper withBorder p="xs" data-testid="comparison-summary">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('library.selection')}:
        </Text>
        <Badge color="blue" variant="light" data-testid="slot-left" maw="100%">
          {t('library.left')}: {selection.left ? nameOf(selection.left.id) : t('library.none')}
        </Badge>
        <Badge color="grape" variant="light" data-testid="slot-right" maw="100%">
          {t('library.right')}: {selection.right ? nameOf(selection.right.id) : t('library.none')}
        </Badge>
        {selection.left && (
          <>
            <Button component={Link} to="/sessions/map" size="compact-xs" variant="subtle">
              {t('library.openMap')}
            </Button>
            <Button component={Link} to="/sessions/analysis" size="compact-xs" variant="subtle">
              {t('library.openAnalysis')}
            </Button>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={onClear}>
              {t('library.clearSelection')}
            </Button>
          </>
        )}
      </Group>
    </Paper>
  );
}
