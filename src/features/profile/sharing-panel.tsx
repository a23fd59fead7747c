/**
 * The profile's sharing settings: who sees the racer's new sessions (the default the server gives a new session;
 * kept on this device at once and sent when online) and 'make all my sessions private' in one step (on the server
 * at once when online; offline each shared session here is queued private like any edit).
 */
import { Button, Group, Modal, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useLiveQuery } from '../../data/live-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Visibility } from '../../contracts/visibility';
import { sharingRepository } from '../../data/services';
import { notifyError, notifySuccess } from '../../ui/toast';
import { translateError } from '../../app/i18n/setup';

const VISIBILITY: Visibility[] = ['private', 'team', 'public'];

export function SharingPanel({ userId }: { userId: number | null }) {
  const { t } = useTranslation('profile');
  const stored = useLiveQuery(() => (userId === null ? null : sharingRepository.defaultVisibility(userId)), [userId]) ?? null;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const failed = (e: unknown) => notifyError(t('sharing.failed', { message: translateError(e) }));

  async function makeAllPrivate() {
    setBusy(true);
    try {
      const count = await sharingRepository.makeAllPrivate();
      notifySuccess(count > 0 ? t('sharing.allPrivateDone', { count }) : t('sharing.allPrivateNone'));
      setConfirming(false);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="sharing-panel">
      <Stack gap="xs">
        <Text fw={600}>{t('sharing.title')}</Text>
        <Text size="sm" fw={500} id="sharing-default-label">
          {t('sharing.default')}
        </Text>
        <SegmentedControl
          aria-labelledby="sharing-default-label"
          data={VISIBILITY.map((v) => ({ value: v, label: t(`sharing.values.${v}`) }))}
          value={stored?.visibility ?? 'private'}
          onChange={(v) => void sharingRepository.setDefaultVisibility(v as Visibility).catch(failed)}
          disabled={userId === null}
          data-testid="sharing-default"
        />
        <Text size="xs" c="dimmed">
          {t('sharing.help')}
        </Text>
        {stored && !stored.sent && (
          <Text size="xs" c="dimmed" data-testid="sharing-default-unsent">
            {t('sharing.unsent')}
          </Text>
        )}
        <Text size="xs" c="dimmed" mt="xs">
          {t('sharing.allPrivateHelp')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" color="red" onClick={() => setConfirming(true)} disabled={userId === null} h="auto" mih={36} py={6} styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }} data-testid="sharing-all-private">
            {t('sharing.allPrivate')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('sharing.allPrivate')} centered closeButtonProps={{ 'aria-label': t('app:toast.close') }}>
        <Text mb="lg">{t('sharing.allPrivateConfirm')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
            {t('app:confirm.cancel')}
          </Button>
          <Button color="red" onClick={() => void makeAllPrivate()} loading={busy} data-testid="sharing-all-private-confirm">
            {t('sharing.allPrivateYes')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
