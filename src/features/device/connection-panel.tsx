import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeviceSnapshot } from '../../device/flows/astro-controller';

/** Dark shades: white badge text must reach 4.5:1 (WCAG AA). */
const stateColor: Record<DeviceSnapshot['connection'], string> = {
  'Not connected': 'gray.7',
  Connecting: 'blue.9',
  Connected: 'teal.9',
  Disconnected: 'red.9',
};

export interface ConnectionPanelProps {
  snapshot: DeviceSnapshot;
  bluetoothSupported: boolean;
  busy: boolean;
  onConnect(kind: 'bluetooth' | 'simulated'): void;
  onDisconnect(): void;
}

export function ConnectionPanel({ snapshot, bluetoothSupported, busy, onConnect, onDisconnect }: ConnectionPanelProps) {
  const { t } = useTranslation('device');
  const connected = snapshot.connection === 'Connected';
  const connecting = snapshot.connection === 'Connecting' || busy;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="astro-connection">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="astro-connection">
            {t('connection.heading')}
          </Title>
          <Badge color={stateColor[snapshot.connection]} autoContrast data-testid="connection-state">
            {t(`connection.state.${snapshot.connection}`)}
          </Badge>
        </Group>
        {connected && (
          <Group gap="xl">
            <Text size="sm">
              {t('connection.device')}: <strong data-testid="device-name">{snapshot.deviceName ?? t('connection.unknown')}</strong>
            </Text>
            <Text size="sm">
              {t('connection.version')}: <strong data-testid="device-version">{snapshot.version ?? t('connection.unknown')}</strong>
            </Text>
          </Group>
        )}
        {!bluetoothSupported && !connected && (
          <Alert color="yellow" variant="light">
            {t('connection.noBluetooth')}
          </Alert>
        )}
        <Group>
          {!connected ? (
            <>
              <Button onClick={() => onConnect('bluetooth')} disabled={!bluetoothSupported || connecting} loading={connecting} data-testid="connect-bluetooth">
                {t('connection.connect')}
              </Button>
              <Button variant="light" onClick={() => onConnect('simulated')} disabled={connecting} data-testid="connect-simulated">
                {t('connection.simulated')}
              </Button>
            </>
          ) : (
            <Button color="red" variant="light" onClick={onDisconnect} data-testid="disconnect">
              {t('connection.disconnect')}
            </Button>
          )}
        </Group>
        {!connected && (
          <Text size="xs" c="dimmed">
            {t('connection.simulatedHint')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
