/**
 * The coach on the lap viewer (loaded lazily with its figures): the drivable optimal lap beside the best lap and
 * the sums of best sectors and micro-sectors, the three places where the compared lap loses most against the
 * reference in one sentence each (a click shows the place on the map and the charts), braking and throttle points
 * per turn, how far two sessions' lines were apart, and the session's consistency.
 */
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Switch, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../app/i18n/format';
import { currentLocale } from '../../../app/i18n/setup';
import { useLapTime } from '../../../app/preferences/lap-time-digits';
import type { LapEntry } from '../shared';
import { findingSentence } from './coach-sentences';
import { alignmentLine, againstLine, consistencyLines, hasSectorSum, optimalGainLine } from './coach-panel-model';
import { brakingRows, type BrakingRow, type CoachReport } from './coach-view';
import type { Coaching } from './use-coaching';
// Registers the area's texts before it renders.
import '../i18n';

export interface CoachPanelProps {
  /** The left session's session-wide figures (optimal lap, consistency). */
  coaching: Coaching;
  report: CoachReport | null;
  reference: LapEntry | null;
  compared: LapEntry | null;
  lapLabel: (entry: LapEntry) => string;
  bestLapMs: number;
  /** Whose best lap it is ('Lap 7 (L)'), shown with it. */
  bestLapName: string | null;
  /** The sum of the three best sectors (the spec's optimal lap). */
  sumOfBestSectorsMs: number;
  referenceIsOptimal: boolean;
  onUseOptimal: () => void;
  /** Whether two sessions' lines are drawn moved onto each other (only offered when the laps come from two sessions). */
  linesAligned: boolean;
  onAlignLines: (on: boolean) => void;
  /** Shows a distance along the reference on the map and the charts. */
  onFocus: (distanceM: number) => void;
}

function Figure({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text ff="monospace" fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export default function CoachPanel({ coaching, report, reference, compared, lapLabel, bestLapMs, bestLapName, sumOfBestSectorsMs, referenceIsOptimal, onUseOptimal, linesAligned, onAlignLines, onFocus }: CoachPanelProps) {
  const { t, i18n } = useTranslation('sessions');
  const locale = currentLocale(i18n);
  const lapTime = useLapTime();
  const time = (ms: number | undefined) => (ms !== undefined && Number.isFinite(ms) ? lapTime(ms) : '-');
  const number = (value: number, digits: number) => formatNumber(value, locale, digits);
  const data = coaching.data;
  const optimal = data?.optimal ?? null;
  const consistency = data?.consistency;
  const pair = (a: string, b: string) => `${a} / ${b}`;
  const consistencyText = consistency && consistency.laps > 0 ? consistencyLines(consistency, number, t) : null;
  const against = againstLine(reference, compared, lapLabel, lapTime, t);
  const rows = report ? brakingRows(report, number, { beforeLine: t('coach.beforeLine'), bothBeforeLine: t('coach.bothBeforeLine') }) : [];

  return (
    <Paper withBorder p="xs" data-testid="coach-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Text size="sm" fw={600}>
            {t('coach.title')}
          </Text>
          {against && (
            <Text size="xs" c="dimmed">
              {against}
            </Text>
          )}
        </Group>
        {coaching.error && <Alert color="red">{t('coach.failed', { message: coaching.error })}</Alert>}
        {!data && !coaching.error && (
          <Text size="sm" c="dimmed">
            {t('coach.computing')}
          </Text>
        )}
        {optimal && (
          <Stack gap={4}>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              <Figure label={bestLapName ? t('coach.bestLapOf', { lap: bestLapName }) : t('coach.bestLap')} value={time(bestLapMs)} testId="coach-best-lap" />
              <Figure label={t('coach.optimalLap')} value={time(optimal.timeMs)} testId="coach-optimal-lap" strong />
              <Figure label={t('coach.sumOfBestMicro')} value={time(optimal.sumOfBestMs)} testId="coach-sum-of-best-micro" />
              {/* A circuit without sectors has no sum of sectors: said in words, never '-' or '--:--.--' unexplained. */}
              <Figure label={t('coach.sumOfBestSectors')} value={hasSectorSum(sumOfBestSectorsMs) ? time(sumOfBestSectorsMs) : t('coach.noSectors')} testId="coach-sum-of-best-sectors" />
            </SimpleGrid>
            {/* Shown, not hovered (a phone has no hover): why the drivable optimal may beat the three sectors' sum. */}
            <Text size="xs" c="dimmed" data-testid="coach-optimal-order">
              {t('coach.optimalOrder', { sectors: optimal.sectorCount })}
            </Text>
            {/* Where the gain over the best lap comes from: each stretch taken from another lap and what it gains. */}
            <Text size="xs" data-testid="coach-optimal-gain">
              {optimalGainLine(optimal, number, t)}
            </Text>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
                {t('coach.optimalHint', { sectors: optimal.sectorCount, laps: consistency?.racingLapNumbers.length ?? 0 })}
              </Text>
              <Button size="compact-xs" variant="light" onClick={onUseOptimal} disabled={referenceIsOptimal} data-testid="coach-use-optimal">
                {t('coach.useAsReference')}
              </Button>
            </Group>
          </Stack>
        )}
        {report ? (
          <Stack gap={4} data-testid="coach-findings">
            {report.findings.length === 0 && <Text size="sm">{t('coach.nothing')}</Text>}
            {report.findings.map((f, i) => (
              <UnstyledButton
                key={f.corner}
                onClick={() => onFocus(f.apexM)}
                aria-label={t('coach.showOnMap', { corner: f.corner })}
                data-testid="coach-finding"
                data-distance={Math.round(f.apexM)}
                style={{ borderLeft: '3px solid var(--astro-perf-worse)', paddingLeft: 8 }}
              >
                <Text size="sm">
                  {i + 1}. {findingSentence(f, t, number, reference?.session.sharedBy?.ownerName ?? null)}
                </Text>
              </UnstyledButton>
            ))}
            {report.alignment && compared && (
              <Stack gap={2}>
                <Switch size="xs" checked={linesAligned} onChange={(e) => onAlignLines(e.currentTarget.checked)} label={t('coach.alignLines')} data-testid="coach-align-lines" />
                <Text size="xs" c="dimmed" data-testid="coach-alignment">
                  {alignmentLine(report.alignment, linesAligned, lapLabel(compared), number, t)}
                </Text>
              </Stack>
            )}
          </Stack>
        ) : (
          data && <Text size="sm">{t('coach.pickLap')}</Text>
        )}
        {report && rows.length > 0 && compared && reference && (
          <Stack gap={2}>
            <Text size="xs" fw={600}>
              {t('coach.braking')} · {pair(lapLabel(compared), lapLabel(reference))}
            </Text>
            <BrakingTable rows={rows} onFocus={onFocus} />
          </Stack>
        )}
        {consistencyText && (
          <Stack gap={2} data-testid="coach-consistency">
            <Text size="xs" fw={600}>
              {t('coach.consistency')}
            </Text>
            <Text size="xs">{consistencyText.spread}</Text>
            <Text size="xs">{consistencyText.clean}</Text>
            {consistencyText.corners && <Text size="xs">{consistencyText.corners}</Text>}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Braking, apex and throttle points per turn, compared lap against reference; a row shows its turn on the map. */
function BrakingTable({ rows, onFocus }: { rows: BrakingRow[]; onFocus: (distanceM: number) => void }) {
  const { t } = useTranslation('sessions');
  return (
    <>
    {/* Four short columns fit a phone (390 px) without scrolling: ~300 px of monospace figures. */}
    <Table.ScrollContainer minWidth={300} type="native">
      <Table fz="xs" verticalSpacing={2} striped data-testid="coach-braking">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('analysis.corner')}</Table.Th>
            <Table.Th>{t('coach.brake')}</Table.Th>
            <Table.Th>{t('coach.apex')}</Table.Th>
            <Table.Th>{t('coach.throttle')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.corner} onClick={() => onFocus(row.focusM)} style={{ cursor: 'pointer' }}>
              <Table.Td>{row.corner}</Table.Td>
              <Table.Td ff="monospace" style={{ whiteSpace: /\d/.test(row.brake) ? 'nowrap' : undefined }}>
                {row.brake}
              </Table.Td>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>{row.apex}</Table.Td>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>{row.throttle}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
    </>
  );
}
