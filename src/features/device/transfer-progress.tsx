import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../app/i18n/setup';
import type { TransferEstimate } from '../../device/flows/transfer-rate';
import { formatBytes, formatTimeLeft } from './transfer-text';

/** A running download: its overall progress with Stop, and its speed and time left once measurable. */
export function TransferProgress({ overallProgress, estimate, onStop }: { overallProgress: number | null; estimate: TransferEstimate | null; onStop: () => void }) {
  const { t, i18n } = useTranslation('device');
  const locale = currentLocale(i18n);
  return (
    <Stack gap={2}>
      <Group gap="sm" wrap="nowrap" data-testid="overall-progress">
        <Text size="sm" w={70}>
          {t('sessions.overall')}
        </Text>
        <Progress value={overallProgress ?? 0} style={{ flex: 1 }} aria-label={t('sessions.overall')} animated />
        <Text size="sm" w={50} ta="right">
          {Math.floor(overallProgress ?? 0)}%
        </Text>
        <Button size="xs" color="red" onClick={onStop} data-testid="stop-transfer">
          {t('sessions.stop')}
        </Button>
      </Group>
      {/* Speed and time left: a long download (several MB over BLE) says how long it will still take. */}
      <Text size="xs" c="dimmed" data-testid="transfer-rate">
        {estimate ? t('sessions.rate', { speed: formatBytes(Math.round(estimate.bytesPerSecond), locale), time: formatTimeLeft(estimate.secondsLeft) }) : t('sessions.measuring')}
      </Text>
    </Stack>
  );
}
