import { Badge, Button, Checkbox, Group, Progress, Table, Text, Tooltip } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../app/i18n/setup';
import { useLapTime } from '../../app/preferences/lap-time-digits';
import { formatSessionDuration } from '../../domain/value-format/session-duration';
import { failureText } from './failure-text';
import type { AstroSessionRow } from './session-rows';
import { formatBytes } from './transfer-text';

/** Dark shades (yellow gets dark text through autoContrast): badge text must reach 4.5:1 (WCAG AA). */
const stateColor: Record<AstroSessionRow['shownState'], string> = { Pending: 'yellow', 'In Progress': 'blue.9', Uploading: 'cyan.9', Completed: 'teal.9', Failed: 'red.9', Stopped: 'gray.7' };

/**
 * One session of the device screen's list: its check box, name (with a figures line on a phone), where it is kept,
 * size and figures, upload state, and its progress or 'Analyse' once it is here.
 */
export function AstroSessionRowView({ row, checked, onToggle }: { row: AstroSessionRow; checked: boolean; onToggle: () => void }) {
  const { t, i18n } = useTranslation('device');
  const formatLapTime = useLapTime();
  const navigate = useNavigate();
  const locale = currentLocale(i18n);
  return (
    <Table.Tr data-filename={row.filename} data-state={row.state}>
      <Table.Td>
        <Checkbox
          aria-label={`${t('sessions.select')} ${row.name}`}
          checked={checked}
          disabled={!row.inAstro}
          onChange={onToggle}
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
  );
}
