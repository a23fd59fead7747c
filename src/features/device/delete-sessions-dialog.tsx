import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { onlyCopies, type AstroSessionRow } from './session-rows';

/** The question before deleting sessions from ASTRO: which go, and a warning for those only ASTRO holds. */
export function DeleteSessionsDialog({
  opened,
  busy,
  rows,
  chosen,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  busy: boolean;
  rows: readonly AstroSessionRow[];
  chosen: readonly string[];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('device');
  const lost = opened ? onlyCopies(rows, chosen) : [];
  return (
    <ConfirmDialog
      opened={opened}
      value={t('sessions.deleteWhat', { count: chosen.length })}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
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
  );
}
