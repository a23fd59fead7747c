import { Alert, Button, Group, Modal, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../app/i18n/setup';
import type { FirmwareVersion } from '../../contracts/firmware';
import { isOfflineFailure } from '../../data/api/api-error';
import type { AstroController, DeviceSnapshot } from '../../device/flows/astro-controller';
import { isFirmwareUpdateAvailable } from '../../domain/value-format/firmware-version';
import { notifyError, notifySuccess, notifyWriteFailed } from '../../ui/toast';
import type { DevicePort } from './device-port';
import { useReferenceTexts } from '../../app/i18n/reference-text';

/**
 * Firmware: the server's latest version (the last answer when offline) against the device's; the binary
 * comes from IndexedDB or is downloaded and kept (src/data's firmware repository), its sha256 is checked again
 * just before sending; progress; after the reboot the controller reconnects and confirms the new version.
 */
export function FirmwarePanel({ controller, snapshot, port }: { controller: AstroController | null; snapshot: DeviceSnapshot; port: DevicePort }) {
  const { t } = useTranslation('device');
  const ref = useReferenceTexts();
  const [info, setInfo] = useState<FirmwareVersion | null>(null);
  /** Why there is no firmware information (offline with nothing kept yet, or the server's answer); null while none. */
  const [failure, setFailure] = useState<unknown>(null);
  const [preparing, setPreparing] = useState(false);
  /** The update asks first: from which version to which, and to keep ASTRO powered and close. */
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    let live = true;
    port
      .firmwareInfo()
      .then((i) => live && setInfo(i))
      .catch((e: unknown) => live && setFailure(e ?? new Error()));
    return () => {
      live = false;
    };
  }, [port]);

  const fw = snapshot.firmware;
  const running = fw.phase === 'checking' || fw.phase === 'sending' || fw.phase === 'rebooting' || fw.phase === 'reconnecting';
  const connected = snapshot.connection === 'Connected';
  const canUpdate = connected && !!info && !!snapshot.version && isFirmwareUpdateAvailable(snapshot.version, info.version) && !running && snapshot.overallProgress === null;

  const update = async () => {
    if (!controller || !info) return;
    setPreparing(true);
    let binary: Uint8Array;
    try {
      binary = await port.firmwareBinary(info);
    } catch (err) {
      notifyWriteFailed(t('toast.firmwareDownloadFailed'), err);
      setPreparing(false);
      return;
    }
    setPreparing(false);
    const result = await controller.updateFirmware(binary, info.sha256);
    if (result.ok) notifySuccess(t('toast.firmwareUpdated', { version: result.version }));
    // A disconnect while sending has its own toast ('Firmware update stopped, ASTRO disconnected.').
    else if (result.code !== 'disconnected') notifyError(t('toast.firmwareFailed', { reason: t(`firmware.code.${result.code}`) }));
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="astro-firmware">
      <Stack gap="xs">
        <Title order={2} size="h4" id="astro-firmware">
          {t('firmware.heading')}
        </Title>
        <Group gap="xl">
          <Text size="sm">
            {t('firmware.installed')}: <strong>{snapshot.version ?? t('connection.unknown')}</strong>
          </Text>
          <Text size="sm">
            {t('firmware.latest')}: <strong data-testid="firmware-latest">{info?.version ?? t('connection.unknown')}</strong>
          </Text>
        </Group>
        {failure !== null && !info && (
          <Text size="sm" c="dimmed">
            {isOfflineFailure(failure) || !(failure instanceof Error) || !failure.message ? t('firmware.unavailable') : translateError(failure)}
          </Text>
        )}
        {info?.notes && (
          <Text size="xs" c="dimmed">
            {t('firmware.notes')}: <span data-testid="firmware-notes">{ref.text('firmware', info.version, 'notes', info.notes)}</span>
          </Text>
        )}
        {connected && info && snapshot.version && !running && (
          <Text size="sm" data-testid="firmware-status">
            {isFirmwareUpdateAvailable(snapshot.version, info.version) ? t('firmware.available', { version: info.version }) : t('firmware.upToDate')}
          </Text>
        )}
        {running && (
          <Stack gap={4}>
            <Text size="sm">{t(`firmware.phase.${fw.phase}`)}</Text>
            <Progress value={'progress' in fw ? fw.progress : 0} aria-label={t('firmware.heading')} data-testid="firmware-progress" />
          </Stack>
        )}
        <Group>
          <Button onClick={() => setAsking(true)} disabled={!canUpdate} loading={preparing} data-testid="firmware-update">
            {t('firmware.update')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('firmware.confirmTitle')} centered closeButtonProps={{ 'aria-label': t('firmware.cancel') }}>
        <Stack gap="sm" data-testid="firmware-confirm">
          <Text size="sm">{t('firmware.confirmVersions', { from: snapshot.version ?? t('connection.unknown'), to: info?.version ?? t('connection.unknown') })}</Text>
          <Alert color="yellow" variant="light">
            {t('firmware.confirmKeep')}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} data-testid="firmware-cancel">
              {t('firmware.cancel')}
            </Button>
            <Button
              onClick={() => {
                setAsking(false);
                void update();
              }}
              data-testid="firmware-confirm-update"
            >
              {t('firmware.confirmStart')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
