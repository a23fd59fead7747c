/**
 * Circuits racers saved from their sessions (a track near no known circuit, its start/finish confirmed on the
 * map) are theirs alone until an admin promotes one here to reference data, listed and matched for everyone.
 * Editing or deleting it is the circuits table below (a promoted circuit appears there).
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Circuit } from '../../contracts/entities';
import { userCircuitsApi } from '../../data/api/circuits';
import { notifyError, notifySuccess } from '../../ui/toast';
import { refreshReference } from './reference-lists';

export function UserCircuitsReview() {
  const { t } = useTranslation('admin');
  const [circuits, setCircuits] = useState<Circuit[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(() => {
    userCircuitsApi.awaitingReview().then(setCircuits, () => setCircuits([]));
  }, []);
  useEffect(load, [load]);

  const promote = async (c: Circuit) => {
    setBusy(c.id);
    try {
      await userCircuitsApi.promote(c.id);
      notifySuccess(t('userCircuits.promoted', { name: c.name }));
      setCircuits((all) => (all ?? []).filter((x) => x.id !== c.id));
      await refreshReference('circuits');
    } catch {
      notifyError(t('userCircuits.promoteFailed', { name: c.name }));
    } finally {
      setBusy(null);
    }
  };

  if (!circuits || circuits.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="user-circuits-review">
      <Text fw={600} mb="xs">
        {t('userCircuits.title')}{' '}
        <Badge size="sm" variant="light">
          {circuits.length}
        </Badge>
      </Text>
      <Stack gap="xs">
        {circuits.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap" data-testid="user-circuit">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate="end">
                {c.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t('userCircuits.detail', {
                  country: c.country?.name ?? '',
                  owner: c.userId ?? '',
                  coordinates: c.coordinates,
                })}
              </Text>
            </div>
            <Button size="compact-sm" variant="light" loading={busy === c.id} onClick={() => void promote(c)} data-testid={`promote-circuit-${c.id}`}>
              {t('userCircuits.promote')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
