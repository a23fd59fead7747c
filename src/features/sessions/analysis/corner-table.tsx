/** The lap viewer's Corners table: each corner of the compared lap against the reference; a click points the charts there. */
import { Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../app/i18n/format';
import type { Locale } from '../../../contracts/translations';
import type { CornerRow } from '../coach';
import type { LapEntry } from '../shared';

export interface CornerTableProps {
  corners: readonly CornerRow[];
  reference: LapEntry | null;
  compared: LapEntry | null;
  lapLabel: (entry: LapEntry) => string;
  /** The user's language, for the distances. */
  locale: Locale;
  onFocus: (distanceM: number) => void;
}

export function CornerTable({ corners, reference, compared, lapLabel, locale, onFocus }: CornerTableProps) {
  const { t } = useTranslation('sessions');
  return (
    <Paper withBorder p="xs" data-testid="corner-table">
      <Text size="sm" fw={600} mb={4}>
        {compared && reference ? t('analysis.cornersOf', { lap: lapLabel(compared), reference: lapLabel(reference) }) : t('analysis.corners')}
      </Text>
      {/* Four short columns fit a phone (390 px) without scrolling, the time lost among them: minimum speeds as
          'lap / reference' in one cell, like the braking table. */}
      <Table.ScrollContainer minWidth={300} type="native">
        <Table fz="xs" verticalSpacing={2} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('analysis.corner')}</Table.Th>
              <Table.Th>{t('analysis.distance')}</Table.Th>
              <Table.Th>{t('analysis.cornerMinSpeeds')}</Table.Th>
              <Table.Th>{t('analysis.timeLost')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {corners.map((c) => (
              <Table.Tr key={c.corner} onClick={() => onFocus(c.atM)} style={{ cursor: 'pointer' }} data-testid="corner-row" data-distance={Math.round(c.atM)}>
                <Table.Td>{c.corner}</Table.Td>
                <Table.Td ff="monospace">{formatNumber(c.atM, locale, 0)}</Table.Td>
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {c.minSpeed} / {c.referenceMinSpeed}
                </Table.Td>
                <Table.Td style={{ color: c.timeLostMs > 0 ? 'var(--astro-perf-worse)' : 'var(--astro-perf-improved)', whiteSpace: 'nowrap' }} ff="monospace">
                  {c.timeLost}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
