/**
 * The library table's cells that are more than a value (library-columns.tsx lays them in columns): the session's
 * name as the way into its analysis, with its sharing badge and, on a phone, its figures; the favourite star; the
 * upload state, a retry button when it failed.
 */
import { ActionIcon, Badge, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../app/i18n/setup';
import { formatSessionDuration } from '../../../domain/value-format/session-duration';
import { StarIcon } from '../shared';
import type { LibraryRow } from '../shared';
import { sharingBadgeOf, syncColorOf, syncTooltipOf } from './library-view-model';

export function SessionNameCell({ row: r, onOpen, formatLapTime }: { row: LibraryRow; onOpen: (row: LibraryRow) => void; formatLapTime: (ms: number) => string }) {
  const { t } = useTranslation('sessions');
  const badge = sharingBadgeOf(r.visibility);
  return (
    <>
      <Tooltip label={r.name} openDelay={500} multiline maw={320}>
        <UnstyledButton onClick={() => onOpen(r)} aria-label={t('library.openSession', { name: r.name })} data-testid={`open-${r.id}`} miw={{ base: 120, sm: 220 }}>
          <Text size="sm" c="blue" lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {r.name}
          </Text>
        </UnstyledButton>
      </Tooltip>
      {badge && (
        <Badge size="xs" variant="light" color={badge.color} data-testid={`visibility-${r.id}`}>
          {t(badge.key)}
        </Badge>
      )}
      {/* A phone has no room for the figures' columns: they go under the name, on one short line. */}
      {r.lapCount !== null && (
        <Text size="xs" c="dimmed" hiddenFrom="sm" data-testid={`stats-line-${r.id}`}>
          <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{formatLapTime(r.bestLapMs ?? NaN)}</span> · {t('columns.lapsCount', { count: r.lapCount })}
          {r.durationMs !== null && ` · ${formatSessionDuration(r.durationMs)}`}
        </Text>
      )}
    </>
  );
}

export function FavoriteCell({ row: r, onToggle }: { row: LibraryRow; onToggle: (row: LibraryRow) => void }) {
  const { t } = useTranslation('sessions');
  return (
    <ActionIcon variant="subtle" color="yellow" size="sm" aria-label={r.favorite ? t('actions.unfavorite') : t('actions.favorite')} aria-pressed={r.favorite} onClick={() => onToggle(r)} data-testid={`favorite-${r.id}`}>
      <StarIcon filled={r.favorite} />
    </ActionIcon>
  );
}

export function SyncCell({ row: r, onRetry }: { row: LibraryRow; onRetry: (row: LibraryRow) => void }) {
  const { t } = useTranslation('sessions');
  const tip = syncTooltipOf(r);
  return (
    <Tooltip label={tip.kind === 'error' ? translateMessage(tip.message) : t(tip.key)} openDelay={300}>
      {r.syncState === 'Failed' ? (
        // A failed upload is retried from here: a real button (keyboard, screen readers) with the badge's look.
        <Badge
          component="button"
          type="button"
          className="mantine-focus-auto"
          size="xs"
          variant="light"
          color={syncColorOf('Failed')}
          miw="max-content"
          style={{ cursor: 'pointer' }}
          onClick={() => onRetry(r)}
          aria-label={t('sync.retry')}
          data-sync-state={r.syncState}
          data-testid={`retry-sync-${r.id}`}
        >
          {t('sync.Failed')}
        </Badge>
      ) : (
        <Badge size="xs" variant="light" color={syncColorOf(r.syncState)} miw="max-content" data-sync-state={r.syncState}>
          {t(`sync.${r.syncState}`)}
        </Badge>
      )}
    </Tooltip>
  );
}
