import { Button, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AstroController, DeviceSnapshot } from '../../device/flows/astro-controller';
import { notifyError, notifySuccess } from '../../ui/toast';
import type { DevicePort } from './device-port';

/** Circuit sync: the circuits kept offline, per country, with progress; the product's messages on failure. */
export function CircuitSyncPanel({ controller, snapshot, port }: { controller: AstroController | null; snapshot: DeviceSnapshot; port: DevicePort }) {
  const { t } = useTranslation('device');
  const sync = snapshot.circuitSync;
  const connected = snapshot.connection === 'Connected';
  const run = async () => {
    if (!controller) return;
    const circuits = await port.circuitsForSync().catch(() => []);
    const result = await controller.syncCircuits(circuits);
    if (result.ok) notifySuccess(t('toast.circuitsSynced'));
    else if (result.code === 'no-circuits') notifyError(t('toast.noCircuits'));
    else notifyError(t('toast.circuitError'));
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="astro-circuits">
      <Stack gap="xs">
        <Title order={2} size="h4" id="astro-circuits">
          {t('circuits.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('circuits.description')}
        </Text>
        {sync.phase === 'sending' && <Progress value={sync.progress} aria-label={t('circuits.progress')} data-testid="circuit-progress" />}
        <Button onClick={() => void run()} disabled={!connected || sync.phase === 'sending' || snapshot.overallProgress !== null} data-testid="circuit-sync">
          {t('circuits.sync')}
        </Button>
      </Stack>
    </Paper>
  );
}
