import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../contracts/entities';
import type { FirmwareVersion } from '../../contracts/firmware';
import { authApi } from '../../data/auth/app-session';
import { storeLapTimeDigits, useLapTimeDigits } from '../../app/preferences/lap-time-digits';
import { notifyError, notifySuccess } from '../../ui/toast';
import { translateError } from '../../app/i18n/setup';

/** Change password by e-mail link: the API mails a /change-password link (there is no signed-in password change). */
export function PasswordLinkPanel({ user, online }: { user: User | null; online: boolean }) {
  const { t } = useTranslation('profile');
  const [sending, setSending] = useState(false);

  async function sendPasswordLink() {
    if (!user) return;
    setSending(true);
    try {
      await authApi.resetPassword(user.email);
      notifySuccess(t('password.sent', { email: user.email }));
    } catch (e) {
      notifyError(e instanceof Error && e.message ? translateError(e) : t('password.failed'));
    } finally {
      setSending(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={600}>{t('password.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('password.help')}
        </Text>
        <Group justify="flex-end">
          {/* A long label (pt-pt) wraps on a phone instead of being cut. */}
          <Button variant="default" onClick={() => void sendPasswordLink()} loading={sending} disabled={!online || !user} h="auto" mih={36} py={6} styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}>
            {t('password.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The firmware version ASTRO last reported (marked when not sent yet), and the latest one available. */
export function FirmwarePanel({ firmware, latest }: { firmware: { version: string | null; unsent: boolean }; latest: FirmwareVersion | null }) {
  const { t } = useTranslation('profile');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={4}>
        <Text fw={600}>{t('device.title')}</Text>
        <Group gap="xs">
          <Text size="sm">{t('device.firmware')}:</Text>
          <Text size="sm" fw={600} data-testid="profile-firmware">
            {firmware.version ?? t('device.none')}
          </Text>
        </Group>
        {firmware.unsent && (
          <Text size="xs" c="dimmed" data-testid="profile-firmware-unsent">
            {t('device.unsent')}
          </Text>
        )}
        {latest && (
          <Group gap="xs">
            <Text size="sm">{t('device.available')}:</Text>
            <Text size="sm" fw={600}>
              {latest.version}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Lap times to the hundredth or the thousandth: this device's choice. */
export function DisplayPanel() {
  const { t } = useTranslation('profile');
  const lapTimeDigits = useLapTimeDigits();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={600}>{t('display.title')}</Text>
        {/* A device setting, not the account's: it works offline and needs no save. */}
        <Switch
          label={t('display.thousandths')}
          description={t('display.thousandthsHelp')}
          checked={lapTimeDigits === 3}
          onChange={(e) => storeLapTimeDigits(e.currentTarget.checked ? 3 : 2)}
          data-testid="lap-time-thousandths"
        />
      </Stack>
    </Paper>
  );
}
