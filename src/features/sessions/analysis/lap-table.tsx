/**
 * The lap table of one session: lap, time, the three sectors coloured by performance (Worse, Improved,
 * Best), max/min/average speed; then best lap, optimal lap (sum of best sectors), total and average time and the
 * consistency figures. Clicking a row picks the lap (highlighted on the map and charts).
 */
import { Anchor, Badge, Group, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../app/i18n/format';
import { currentLocale } from '../../../app/i18n/setup';
import { useLapTime } from '../../../app/preferences/lap-time-digits';
import { formatSpeedKmh } from '../../../domain/value-format/speed';
import { loggerLapTimesByLap } from '../../../domain/detection/logger-laps';
import { SectorPerformance } from '../../../domain/session-types';
import { lapKeyOf } from '../search';
import { lapDisplayName, sideOf } from '../shared';
import type { LoadedSession } from '../shared';

const PERFORMANCE_COLORS: Record<SectorPerformance, string> = {
  // Per-scheme values with >= 4.5:1 contrast, defined in src/app/theme/theme.ts (cssVariablesResolver).
  [SectorPerformance.Worse]: 'var(--astro-perf-worse)',
  [SectorPerformance.Improved]: 'var(--astro-perf-improved)',
  [SectorPerformance.Best]: 'var(--astro-perf-best)',
};
const PERFORMANCE_NAME: Record<SectorPerformance, 'Worse' | 'Improved' | 'Best'> = { [-1]: 'Worse', 0: 'Improved', 1: 'Best' };

/**
 * A lap or sector time of the table, or '-' when it is unknown: the device and lap detection write 0 for a time
 * they never measured (an In Lap that never closed, a sector whose gate was missed), which is not 00:00.00.
 */
function lapTimeCell(ms: number, lapTime: (ms: number) => string): string {
  return ms > 0 ? lapTime(ms) : '-';
}

/** Below this, our lap and the logger's are the same lap time (GPS timing at 20-25 Hz agrees within it). */
const LOGGER_AGREES_MS = 20;

export interface LapTableProps {
  session: LoadedSession;
  picked: string | null;
  reference: string | null;
  onPick: (key: string | null) => void;
  /** Opens the map's gate editor: offered where the circuit has no sectors (no optimal lap to show). */
  onDrawSectors?: () => void;
}

export function PerformanceLegend() {
  const { t } = useTranslation('sessions');
  return (
    <Group gap="xs" aria-label={t('analysis.legend')}>
      {([SectorPerformance.Worse, SectorPerformance.Improved, SectorPerformance.Best] as const).map((p) => (
        <Badge key={p} size="xs" variant="outline" style={{ color: PERFORMANCE_COLORS[p], borderColor: PERFORMANCE_COLORS[p] }}>
          {t(`analysis.performance.${PERFORMANCE_NAME[p]}`)}
        </Badge>
      ))}
    </Group>
  );
}

export function LapTable({ session, picked, reference, onPick, onDrawSectors }: LapTableProps) {
  const { t, i18n } = useTranslation('sessions');
  const locale = i18n.language;
  const formatLapTime = useLapTime();
  const a = session.analysis;
  const side = sideOf(session);
  const laps = a.laps.filter((l) => l.lapNumber > 0);
  const speed = (v: number) => formatSpeedKmh(v, locale);
  const crossings = session.loggerCrossingsMs;
  // The imported file's own laps, beside ours: shown where the file carried them, marked where they differ.
  const loggerTimes = useMemo(() => (crossings && crossings.length > 1 ? loggerLapTimesByLap(session.positions, crossings) : null), [crossings, session.positions]);
  const figure = (label: string, value: string, testId?: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ff="monospace" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
  return (
    <Paper withBorder p="xs" data-testid={`lap-table-${side}`}>
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm" c={side === 'L' ? 'blue' : 'grape'}>
          {session.name}
        </Text>
      </Group>
      {/* Focusable, so the table scrolls sideways by keyboard on narrow screens (axe scrollable-region-focusable). */}
      <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': session.name } }}>
        <Table fz="xs" verticalSpacing={2} horizontalSpacing={6} highlightOnHover striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('analysis.lap')}</Table.Th>
              <Table.Th>{t('analysis.time')}</Table.Th>
              {[1, 2, 3].map((n) => (
                <Table.Th key={n}>{t('analysis.sector', { n })}</Table.Th>
              ))}
              <Table.Th>{t('analysis.maxSpeed')}</Table.Th>
              <Table.Th>{t('analysis.minSpeed')}</Table.Th>
              <Table.Th>{t('analysis.avgSpeed')}</Table.Th>
              {loggerTimes && <Table.Th>{t('analysis.loggerLap')}</Table.Th>}
              {loggerTimes && <Table.Th>{t('analysis.loggerDiff')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {laps.map((lap) => {
              const key = lapKeyOf(side, lap.lapNumber);
              const isPicked = picked === key;
              return (
                <Table.Tr
                  key={key}
                  data-lap-key={key}
                  data-picked={isPicked || undefined}
                  onClick={() => lap.valid && onPick(isPicked ? null : key)}
                  style={{ cursor: lap.valid ? 'pointer' : undefined, outline: isPicked ? '2px solid var(--mantine-primary-color-filled)' : undefined, color: lap.valid ? undefined : 'var(--mantine-color-dimmed)', fontStyle: lap.valid ? undefined : 'italic' }}
                  aria-selected={isPicked}
                >
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: lap.color }} aria-hidden="true" />
                      {lapDisplayName(lap, t)}
                      {reference === key && (
                        <Badge size="xs" variant="outline" title={t('analysis.reference')}>
                          {t('analysis.referenceBadge')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ff="monospace" fw={lap.bestLap ? 700 : undefined} c={lap.bestLap ? 'violet' : undefined}>
                    {lapTimeCell(lap.timeMs, formatLapTime)}
                  </Table.Td>
                  {lap.sectors.map((s, k) => (
                    <Table.Td key={k} ff="monospace" style={{ color: lap.valid ? PERFORMANCE_COLORS[s.performance] : undefined }} data-performance={lap.valid ? PERFORMANCE_NAME[s.performance] : undefined}>
                      {lapTimeCell(s.timeMs, formatLapTime)}
                    </Table.Td>
                  ))}
                  <Table.Td>{speed(lap.maxSpeedKmh)}</Table.Td>
                  <Table.Td>{speed(lap.minSpeedKmh)}</Table.Td>
                  <Table.Td>{speed(lap.averageSpeedKmh)}</Table.Td>
                  {loggerTimes && <LoggerLapCell oursMs={lap.timeMs} loggerMs={loggerTimes.get(lap.lapNumber)} />}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} mt="xs" spacing="xs">
        {figure(t('analysis.bestLap'), a.bestLapNumber !== null ? `${formatLapTime(a.bestLapMs)} (${a.bestLapNumber})` : formatLapTime(NaN), `best-lap-${side}`)}
        {a.optimalLapMs > 0 && Number.isFinite(a.optimalLapMs) ? (
          figure(t('analysis.optimalLap'), formatLapTime(a.optimalLapMs), `optimal-lap-${side}`)
        ) : (
          // No sectors, so no sum of best sectors: say why and offer to draw them, instead of '--:--.--'.
          <div data-testid={`optimal-lap-${side}`} data-no-sectors>
            <Text size="xs" c="dimmed">
              {t('analysis.optimalLap')}
            </Text>
            <Text size="sm">{t('analysis.noSectors')}</Text>
            {onDrawSectors && (
              <Anchor component="button" type="button" size="sm" onClick={onDrawSectors} data-testid={`draw-sectors-${side}`}>
                {t('analysis.drawSectors')}
              </Anchor>
            )}
          </div>
        )}
        {figure(t('analysis.totalTime'), formatLapTime(a.totalTimeMs))}
        {figure(t('analysis.averageTime'), formatLapTime(a.averageLapMs))}
        {figure(t('analysis.stdDevOf', { count: a.consistency.lapNumbers.length }), a.consistency.lapNumbers.length > 1 ? `${formatNumber(a.consistency.stdDevMs / 1000, currentLocale(i18n))} s` : '-', `std-dev-${side}`)}
        {figure(t('analysis.withinOnePercent'), `${a.consistency.withinOnePercent} / ${a.consistency.lapNumbers.length}`)}
      </SimpleGrid>
      {session.skippedLines > 0 && (
        <Text size="xs" fw={500} mt={4} role="note" data-testid={`skipped-lines-${side}`}>
          {t('analysis.skippedLines', { count: session.skippedLines })}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The logger's time of the lap, bold and titled with the difference where it is not ours, then the difference
 * itself (ours minus the logger's, to the ms, signed).
 */
function LoggerLapCell({ oursMs, loggerMs }: { oursMs: number; loggerMs: number | undefined }) {
  const { t, i18n } = useTranslation('sessions');
  const formatLapTime = useLapTime();
  if (loggerMs === undefined || !(oursMs > 0)) {
    return (
      <>
        <Table.Td ff="monospace">{loggerMs === undefined ? '-' : formatLapTime(loggerMs)}</Table.Td>
        <Table.Td ff="monospace">-</Table.Td>
      </>
    );
  }
  const differs = Math.abs(oursMs - loggerMs) >= LOGGER_AGREES_MS;
  const diff = formatNumber((oursMs - loggerMs) / 1000, currentLocale(i18n));
  const signed = `${oursMs > loggerMs ? '+' : oursMs < loggerMs ? '−' : '±'}${formatNumber(Math.abs(oursMs - loggerMs) / 1000, currentLocale(i18n), 3)}`;
  return (
    <>
      <Table.Td ff="monospace" fw={differs ? 700 : undefined} data-logger-differs={differs || undefined} title={differs ? t('analysis.loggerLapDiffers', { diff }) : undefined}>
        {formatLapTime(loggerMs)}
      </Table.Td>
      <Table.Td ff="monospace" fw={differs ? 700 : undefined} data-testid="logger-lap-diff">
        {signed}
      </Table.Td>
    </>
  );
}
