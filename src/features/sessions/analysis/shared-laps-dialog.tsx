/**
 * 'Compare with...' in the lap viewer: the fastest laps other racers share on this circuit (the racer's vehicle
 * category first), each by its owner's name ('Rui C.', never an e-mail address), lap time, category and day.
 * Offline it lists the laps kept on this device. Picking one makes it the reference lap.
 */
import { Alert, Badge, Button, Modal, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLapTime } from '../../../app/preferences/lap-time-digits';
import { useReferenceTexts } from '../../../app/i18n/reference-text';
import type { SessionsPort, SharedLapChoice } from '../shared';

export interface SharedLapsDialogProps {
  opened: boolean;
  port: SessionsPort;
  circuitId: number;
  circuitName: string;
  vehicleCategoryId: number | null;
  onPick: (lap: SharedLapChoice) => void;
  onClose: () => void;
}

export function SharedLapsDialog({ opened, port, circuitId, circuitName, vehicleCategoryId, onPick, onClose }: SharedLapsDialogProps) {
  const { t } = useTranslation('sessions');
  const lapTime = useLapTime();
  const ref = useReferenceTexts();
  const [state, setState] = useState<{ laps: SharedLapChoice[]; offline: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    const controller = new AbortController();
    setState(null);
    setError(null);
    port.sharedLaps(circuitId, vehicleCategoryId, controller.signal).then(
      (answer) => !controller.signal.aborted && setState(answer),
      (e: unknown) => !controller.signal.aborted && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => controller.abort();
  }, [opened, port, circuitId, vehicleCategoryId]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('shared.title', { circuit: circuitName })} size="lg" closeButtonProps={{ 'aria-label': t('app:toast.close') }}>
      <Stack gap="sm" data-testid="shared-laps">
        <Text size="sm" c="dimmed">
          {t('shared.hint')}
        </Text>
        {error && <Alert color="red">{t('shared.failed', { message: error })}</Alert>}
        {!state && !error && <Text size="sm">{t('analysis.loading')}</Text>}
        {state?.offline && (
          <Alert color="yellow" variant="light" data-testid="shared-laps-offline">
            {t('shared.offline')}
          </Alert>
        )}
        {state && state.laps.length === 0 && (
          <Text size="sm" data-testid="shared-laps-empty">
            {state.offline ? t('shared.noneKept') : t('shared.none')}
          </Text>
        )}
        {state && state.laps.length > 0 && (
          <Table.ScrollContainer minWidth={340} type="native">
            <Table fz="sm" verticalSpacing={4} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('shared.driver')}</Table.Th>
                  <Table.Th>{t('shared.lapTime')}</Table.Th>
                  <Table.Th>{t('shared.category')}</Table.Th>
                  <Table.Th>{t('shared.date')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state.laps.map((l) => (
                  <Table.Tr key={`${l.sessionId}-${l.lapNumber}`} data-testid="shared-lap-row">
                    <Table.Td>
                      {l.ownerName}{' '}
                      {l.kept && (
                        <Badge size="xs" variant="light" color="gray">
                          {t('shared.kept')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ff="monospace">{lapTime(l.lapTimeMs)}</Table.Td>
                    <Table.Td>{l.vehicleCategory === null ? '-' : ref.text('vehicleCategory', l.vehicleCategoryId, 'name', l.vehicleCategory)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.date}</Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" onClick={() => onPick(l)} data-testid={`shared-lap-pick-${l.sessionId}-${l.lapNumber}`}>
                        {t('shared.compare')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Modal>
  );
}
