import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReferenceTexts } from '../../app/i18n/reference-text';
import { LazyTrackMap } from '../../ui/map/lazy-track-map';
import type { CircuitListRow } from './circuit-filter';

/** The selected circuit: its name, layout and direction, description, and a map of its gates. */
export function CircuitPreview({ selected }: { selected: CircuitListRow | null }) {
  const { t } = useTranslation('circuits');
  const ref = useReferenceTexts();
  return selected ? (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>{selected.circuit.name}</Text>
          <Group gap={4}>
            <Badge variant="light">{t(`options.${selected.circuit.configuration}`)}</Badge>
            <Badge variant="light" color="gray">
              {t(`options.${selected.circuit.direction}`)}
            </Badge>
          </Group>
        </Group>
        {selected.circuit.description && (
          <Text size="sm" c="dimmed" data-testid="circuit-description">
            {ref.text('circuit', selected.circuit.id, 'description', selected.circuit.description)}
          </Text>
        )}
        <LazyTrackMap
          traces={[]}
          gates={selected.gates}
          gateWidthM={selected.circuit.size}
          gateLabels={[t('gateLabels.sf'), t('gateLabels.s1'), t('gateLabels.s2')]}
          sectorVision
          fitKey={String(selected.circuit.id)}
          height={360}
          aria-label={t('preview', { name: selected.circuit.name })}
        />
      </Stack>
    </Paper>
  ) : (
    <Text c="dimmed">{t('selectHint')}</Text>
  );
}
