/**
 * /astro: connect (Web Bluetooth or a simulated ASTRO), the sessions 'In ASTRO' / 'In Cloud' with
 * their upload states, download queue with progress (and the tab title percentage), stop, delete from device,
 * firmware update, circuit sync and Wi-Fi. The device logic lives in src/device; this screen only renders the
 * controller's snapshot and turns its events into toasts.
 */
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircuitSyncPanel } from './circuit-sync-panel';
import { ConnectionPanel } from './connection-panel';
import { useDevicePort } from './device-port';
import { currentDevice, openLink, useCurrentDevice, useDeviceSnapshot, type LinkKind } from './device-session';
import { FirmwarePanel } from './firmware-panel';
import { mergeSessionRows } from './session-rows';
import { SessionsPanel } from './sessions-panel';
import { useDeviceToasts } from './use-device-toasts';
import { WifiPanel } from './wifi-panel';

export function AstroScreen() {
  const { t } = useTranslation('device');
  const port = useDevicePort();
  const device = useCurrentDevice();
  const controller = device?.controller ?? null;
  const snapshot = useDeviceSnapshot(controller);
  const local = port.useLocalSessions();
  const [opening, setOpening] = useState(false);
  useDeviceToasts(controller, port);

  const connected = snapshot.connection === 'Connected';
  const rows = useMemo(
    () => mergeSessionRows(connected ? snapshot.sessions : [], snapshot.queue, local ?? []),
    [connected, snapshot.sessions, snapshot.queue, local],
  );

  const connect = async (kind: LinkKind) => {
    setOpening(true);
    try {
      let ctl = currentDevice()?.kind === kind ? currentDevice()!.controller : null;
      if (!ctl) {
        const transport = kind === 'bluetooth' ? port.bluetoothTransport() : await port.simulatedTransport();
        ctl = await openLink(kind, transport, port.sink, port.clock, (version) => void port.recordFirmwareVersion(version));
      }
      setOpening(false);
      await ctl.connect();
    } finally {
      setOpening(false);
    }
  };

  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <ConnectionPanel
        snapshot={snapshot}
        bluetoothSupported={port.bluetoothSupported()}
        busy={opening}
        onConnect={(kind) => void connect(kind)}
        onDisconnect={() => void controller?.disconnect()}
      />
      <SessionsPanel
        rows={rows}
        connected={connected}
        overallProgress={snapshot.overallProgress}
        estimate={snapshot.transferEstimate}
        onDownload={(files) => controller?.download(files)}
        onStop={() => void controller?.stopTransfer()}
        onDelete={async (files) => {
          await controller?.deleteFromDevice(files);
        }}
        onRefresh={() => void controller?.refreshSessions()}
      />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <FirmwarePanel controller={controller} snapshot={snapshot} port={port} />
        <CircuitSyncPanel controller={controller} snapshot={snapshot} port={port} />
        <WifiPanel controller={controller} snapshot={snapshot} />
      </SimpleGrid>
    </Stack>
  );
}
