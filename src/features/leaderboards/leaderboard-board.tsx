import { Button, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LapTimeDigits } from '../../domain/value-format/lap-time';
import { useReferenceTexts } from '../../app/i18n/reference-text';
import { CircuitTime } from '../../ui/circuit-time';
import { gapText, lapText, type CircuitBoard } from './leaderboard-view';

/**
 * One circuit's leaderboard: position, driver, best lap and gap, day, category, optimal lap, and 'Compare' on the
 * rows the viewer may compare with. Dates at the circuit's clock (`zones`: its country's zone).
 */
export function LeaderboardBoard({ board, zones, digits }: { board: CircuitBoard; zones: ReadonlyMap<number, string | null | undefined>; digits: LapTimeDigits }) {
  const { t } = useTranslation('leaderboards');
  const navigate = useNavigate();
  const ref = useReferenceTexts();
  return (
    <Stack gap={4} data-testid="leaderboard-circuit" data-circuit-id={board.circuitId}>
      <Title order={3} size="h4">
        {board.circuitName}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped fz="sm" verticalSpacing={4} aria-label={`${t('title')}: ${board.circuitName}`} data-testid="leaderboard-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.position')}</Table.Th>
              <Table.Th>{t('columns.driver')}</Table.Th>
              <Table.Th>{t('columns.bestLap')}</Table.Th>
              <Table.Th>{t('columns.gap')}</Table.Th>
              <Table.Th>{t('columns.date')}</Table.Th>
              <Table.Th>{t('columns.category')}</Table.Th>
              <Table.Th>{t('columns.optimal')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('compare.column')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {board.rows.map((r) => (
              <Table.Tr key={r.userId} data-user-id={r.userId}>
                <Table.Td fw={700}>{r.position}</Table.Td>
                <Table.Td>{r.driver}</Table.Td>
                <Table.Td ff="monospace">{lapText(r.bestLapMs, digits)}</Table.Td>
                <Table.Td ff="monospace">{gapText(r.gapMs, digits)}</Table.Td>
                <Table.Td>
                  <CircuitTime value={r.date} timeZone={zones.get(r.circuitId)} circuitName={r.circuitName} dateOnly />
                </Table.Td>
                <Table.Td>{r.vehicleCategory === null ? '-' : ref.text('vehicleCategory', r.vehicleCategoryId, 'name', r.vehicleCategory)}</Table.Td>
                <Table.Td ff="monospace">{lapText(r.optimalLapMs, digits)}</Table.Td>
                <Table.Td>
                  {/* A lap its owner shares with everyone, or with the viewer's team: the lap viewer takes it as the reference. */}
                  {r.comparable && r.lapNumber !== null && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => void navigate({ to: '/sessions/analysis', search: { compare: `${r.sessionId}-${r.lapNumber}`, circuit: r.circuitId } })}
                      data-testid={`compare-${r.sessionId}`}
                    >
                      {t('compare.button')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
