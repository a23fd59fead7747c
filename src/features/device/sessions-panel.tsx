import { Alert, Badge, Button, Checkbox, Group, List, Paper, Progress, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/i18n/format';
import { currentLocale } from '../../app/i18n/setup';
import type { Locale } from '../../contracts/translations';
import type { TransferEstimate } from '../../device/flows/transfer-rate';
import { useLapTime } from '../../app/preferences/lap-time-digits';
import { formatSessionDuration } from '../../domain/value-format/session-duration';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { failureText } from './failure-text';
import { newOnDevice, onlyCopies, type AstroSessionRow } from './session-rows';

/** Dark shades (yellow gets dark text through autoContrast): badge text must reach 4.5:1 (WCAG AA). */
const stateColor: Record<AstroSessionRow['shownState'], string> = { Pending: 'yellow', 'In Progress': 'blue.9', Uploading: 'cyan.9', Completed: 'teal.9', Failed: 'red.9', Stopped: 'gray.7' };

/** '1 min 25 s' / '40 s': the time left of a download. */
function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  // 'min' and 's' read the same in both languages.
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}

/** A file size in the user's locale: '152.4 KB' (en-us), '152,4 KB' (pt-pt). */
function formatBytes(n: number | null, locale: Locale): string {
  if (n === null) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${formatNumber(n / 1024, locale, 1)} KB`;
  return `${formatNumber(n / 1024 / 1024, locale, 1)} MB`;
}

export interface SessionsPanelProps {
  rows: AstroSessionRow[];
  connected: boolean;
  overallProgress: number | null;
  /** Speed and time left of the running download, once measurable. */
  estimate?: TransferEstimate | null;
  onDownload(filenames: string[]): void;
  onStop(): void;
  onDelete(filenames: string[]): Promise<void>;
  onRefresh(): void;
}

export function SessionsPanel({ rows, connected, overallProgress, estimate = null, onDownload, onStop, onDelete, onRefresh }: SessionsPanelProps) {
  const { t, i18n } = useTranslation('device');
  const formatLapTime = useLapTime();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const selectable = useMemo(() => rows.filter((r) => r.inAstro).map((r) => r.filename), [rows]);
  // Only what is still on the device can stay selected.
  const chosen = selectable.filter((f) => selected.has(f));
  const transferring = overallProgress !== null;
  const toggle = (filename: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(filename)) next.delete(filename);
      else next.add(filename);
      return next;
    });
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  const fresh = newOnDevice(rows);
  const locale = currentLocale(i18n);
  const lost = confirming ? onlyCopies(rows, chosen) : [];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="astro-sessions">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="astro-sessions">
            {t('sessions.heading')}
          </Title>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onRefresh} disabled={!connected}>
              {t('sessions.refresh')}
            </Button>
            <Button size="xs" variant="light" onClick={() => onDownload(fresh)} disabled={!connected || fresh.length === 0} data-testid="download-all-new">
              {t('sessions.downloadAllNew')}
              {fresh.length > 0 ? ` (${fresh.length})` : ''}
            </Button>
            <Button
              size="xs"
              onClick={() => {
                onDownload(chosen);
                setSelected(new Set());
              }}
              disabled={!connected || chosen.length === 0}
              data-testid="download-selected"
            >
              {t('sessions.download')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)} disabled={!connected || chosen.length === 0 || transferring} data-testid="delete-selected">
              {t('sessions.delete')}
            </Button>
          </Group>
        </Group>
        {transferring && (
          <Stack gap={2}>
            <Group gap="sm" wrap="nowrap" data-testid="overall-progress">
              <Text size="sm" w={70}>
                {t('sessions.overall')}
              </Text>
              <Progress value={overallProgress ?? 0} style={{ flex: 1 }} aria-label={t('sessions.overall')} animated />
              <Text size="sm" w={50} ta="right">
                {Math.floor(overallProgress ?? 0)}%
              </Text>
              <Button size="xs" color="red" onClick={onStop} data-testid="stop-transfer">
                {t('sessions.stop')}
              </Button>
            </Group>
            {/* Speed and time left: a long download (several MB over BLE) says how long it will still take. */}
            <Text size="xs" c="dimmed" data-testid="transfer-rate">
              {estimate ? t('sessions.rate', { speed: formatBytes(Math.round(estimate.bytesPerSecond), locale), time: formatDuration(estimate.secondsLeft) }) : t('sessions.measuring')}
            </Text>
          </Stack>
        )}
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {connected ? t('sessions.empty') : t('sessions.emptyDisconnected')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped highlightOnHover verticalSpacing="xs" data-testid="astro-sessions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('sessions.selectAll')}
                      checked={allChosen}
                      indeterminate={chosen.length > 0 && !allChosen}
                      disabled={selectable.length === 0}
                      onChange={() => setSelected(allChosen ? new Set() : new Set(selectable))}
                    />
                  </Table.Th>
                  <Table.Th>{t('sessions.name')}</Table.Th>
                  <Table.Th>{t('sessions.location')}</Table.Th>
                  {/* A phone keeps name, place, state and progress in view; the size shows from sm up. */}
                  <Table.Th visibleFrom="sm">{t('sessions.size')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('sessions.bestLap')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('sessions.laps')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('sessions.duration')}</Table.Th>
                  <Table.Th>{t('sessions.state')}</Table.Th>
                  <Table.Th w={160}>{t('sessions.progress')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.filename} data-filename={row.filename} data-state={row.state}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${t('sessions.select')} ${row.name}`}
                        checked={selected.has(row.filename) && row.inAstro}
                        disabled={!row.inAstro}
                        onChange={() => toggle(row.filename)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2} miw={120} title={row.name}>
                        {row.name}
                      </Text>
                      {/* A phone has no room for the figures' columns: one short line under the name. */}
                      <Text size="xs" c="dimmed" hiddenFrom="sm" data-testid="session-figures-line">
                        {row.lapCount !== null
                          ? `${formatLapTime(row.bestLapMs ?? NaN)} · ${t('sessions.lapsCount', { count: row.lapCount })}${row.durationMs !== null ? ` · ${formatSessionDuration(row.durationMs)}` : ''}`
                          : formatBytes(row.bytes, locale)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {/* Badges keep their whole label ('In Cloud', not 'IN CLO...'): they wrap as a group instead. */}
                      <Group gap={4}>
                        {row.inAstro && (
                          <Badge variant="outline" color="grape" size="sm" miw="max-content">
                            {t('sessions.inAstro')}
                          </Badge>
                        )}
                        {row.inCloud && (
                          <Badge variant="outline" color="blue" size="sm" miw="max-content">
                            {t('sessions.inCloud')}
                          </Badge>
                        )}
                        {row.onThisDevice && !row.inCloud && (
                          <Badge variant="outline" color="gray" size="sm" miw="max-content">
                            {t('sessions.onThisDevice')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatBytes(row.bytes, locale)}
                    </Table.Td>
                    {/* The device's list tells only sizes: the figures come once the app has the session. */}
                    {row.lapCount !== null ? (
                      <>
                        <Table.Td visibleFrom="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid="session-best-lap">
                          {row.bestLapMs !== null ? formatLapTime(row.bestLapMs) : '-'}
                        </Table.Td>
                        <Table.Td visibleFrom="sm" data-testid="session-laps">
                          {row.lapCount}
                        </Table.Td>
                        <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }} data-testid="session-duration">
                          {formatSessionDuration(row.durationMs)}
                        </Table.Td>
                      </>
                    ) : (
                      <Table.Td visibleFrom="sm" colSpan={3} c="dimmed" fz="xs" data-testid="session-figures-later">
                        {t('sessions.notDownloaded')}
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Tooltip label={row.failure && row.shownState !== 'Stopped' ? failureText(t, row.failure) : t(`stateHint.${row.shownState}`, { defaultValue: '' })} disabled={!row.failure && row.shownState !== 'Pending'}>
                        <Badge color={stateColor[row.shownState]} autoContrast size="sm" miw="max-content" data-testid="upload-state" data-shown-state={row.shownState}>
                          {t(`uploadState.${row.shownState}`)}
                        </Badge>
                      </Tooltip>
                      {row.shownState === 'Pending' && row.progress === null && (
                        <Text size="xs" c="dimmed" visibleFrom="sm">
                          {t('stateHint.Pending')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {row.progress !== null ? (
                        <Progress value={row.progress} size="sm" aria-label={`${t('sessions.progress')} ${row.name}`} />
                      ) : (
                        row.localId !== null && (
                          // A fresh download is one tap from its analysis.
                          <Button onClick={() => row.localId !== null && void navigate({ to: '/sessions/analysis', search: { open: row.localId } })} size="compact-xs" variant="light" aria-label={t('sessions.analyseNamed', { name: row.name })} data-testid="analyse-session">
                            {t('sessions.analyse')}
                          </Button>
                        )
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        value={t('sessions.deleteWhat', { count: chosen.length })}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setDeleting(true);
          void onDelete(chosen).finally(() => {
            setDeleting(false);
            setConfirming(false);
            setSelected(new Set());
          });
        }}
      >
        {/* Which sessions go, and a warning when ASTRO holds the only copy of one (never downloaded). */}
        <Text size="sm" mb={4}>
          {t('sessions.deleteNames')}
        </Text>
        <List size="sm" mb="sm" data-testid="delete-names">
          {rows
            .filter((r) => chosen.includes(r.filename))
            .map((r) => (
              <List.Item key={r.filename}>{r.name}</List.Item>
            ))}
        </List>
        {lost.length > 0 && (
          <Alert color="red" variant="light" mb="lg" data-testid="delete-only-copy">
            {t('sessions.onlyCopy', { count: lost.length })}
          </Alert>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
