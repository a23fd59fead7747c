import { Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AstroController, DeviceSnapshot } from '../../device/flows/astro-controller';

/** Wi-Fi connect: SSID and password; the states are shown as the device reports them. */
export function WifiPanel({ controller, snapshot }: { controller: AstroController | null; snapshot: DeviceSnapshot }) {
  const { t } = useTranslation('device');
  const [ssid, setSsid] = useState('');
  const [password, setPassword] = useState('');
  const connected = snapshot.connection === 'Connected';
  const wifi = snapshot.wifi;
  const stateText =
    wifi.state === 'CONNECTED'
      ? t('wifi.state.CONNECTED', { ip: wifi.ip })
      : wifi.state === 'FAILED'
        ? t('wifi.state.FAILED', { reason: wifi.reason })
        : t(`wifi.state.${wifi.state}`);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="astro-wifi">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void controller?.connectWifi(ssid, password);
        }}
      >
        <Stack gap="xs">
          <Title order={2} size="h4" id="astro-wifi">
            {t('wifi.heading')}
          </Title>
          <TextInput label={t('wifi.ssid')} value={ssid} onChange={(e) => setSsid(e.currentTarget.value)} disabled={!connected} autoComplete="off" />
          <PasswordInput label={t('wifi.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} disabled={!connected} autoComplete="off" />
          {connected && (
            <Text size="sm" data-testid="wifi-state" role="status">
              {stateText}
            </Text>
          )}
          <Button type="submit" disabled={!connected || ssid.trim() === '' || wifi.state === 'CONNECTING'}>
            {t('wifi.connect')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
