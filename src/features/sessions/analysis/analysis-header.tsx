/**
 * The lap viewer's head: its title, the performance legend, 'Add video', 'Shared laps' and the reference picker;
 * below it, the shared lap in use as the reference (with its remove button), or why it could not be loaded.
 */
import { ActionIcon, Alert, Badge, Button, Group, Select, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLapTime } from '../../../app/preferences/lap-time-digits';
import type { LoadedSession } from '../shared';
import { PerformanceLegend } from './lap-table';

export interface AnalysisHeaderProps {
  /** 'Add video' offered (no video shown yet): what it does. */
  onAddVideo: (() => void) | null;
  /** 'Shared laps' offered (a circuit and no second session): what it does. */
  onOpenSharedLaps: (() => void) | null;
  referenceChoices: { value: string; label: string }[];
  reference: string | null;
  onReferenceLap: (key: string | null) => void;
}

export function AnalysisHeader({ onAddVideo, onOpenSharedLaps, referenceChoices, reference, onReferenceLap }: AnalysisHeaderProps) {
  const { t } = useTranslation('sessions');
  return (
    <Group justify="space-between" align="flex-end">
      <Title order={2}>{t('analysis.title')}</Title>
      <Group gap="sm" align="flex-end">
        <PerformanceLegend />
        {onAddVideo && (
          <Button size="xs" variant="default" onClick={onAddVideo} data-testid="video-add">
            {t('video:add')}
          </Button>
        )}
        {onOpenSharedLaps && (
          <Button size="xs" variant="default" onClick={onOpenSharedLaps} data-testid="shared-laps-open">
            {t('shared.open')}
          </Button>
        )}
        <Select
          size="xs"
          label={t('analysis.reference')}
          data={referenceChoices}
          value={reference}
          onChange={(value) => onReferenceLap(value)}
          allowDeselect={false}
          w={180}
          data-testid="reference-lap"
        />
      </Group>
    </Group>
  );
}

export interface SharedReferenceNoteProps {
  sharedBy: NonNullable<LoadedSession['sharedBy']> | null;
  /** Why the shared lap could not be loaded, or null. */
  error: string | null;
  onRemove: () => void;
  onDismissError: () => void;
}

/** Another racer's lap in use as the reference, or why it could not be loaded. */
export function SharedReferenceNote({ sharedBy, error, onRemove, onDismissError }: SharedReferenceNoteProps) {
  const { t } = useTranslation('sessions');
  const formatLapTime = useLapTime();
  return (
    <>
      {sharedBy && (
        <Group gap="xs" data-testid="shared-reference">
          <Badge variant="light" color="teal" size="lg" tt="none">
            {t('shared.reference', { name: sharedBy.ownerName, time: formatLapTime(sharedBy.lapTimeMs), date: sharedBy.date })}
          </Badge>
          <ActionIcon variant="subtle" color="gray" aria-label={t('shared.remove', { name: sharedBy.ownerName })} onClick={onRemove} data-testid="shared-reference-remove">
            ×
          </ActionIcon>
        </Group>
      )}
      {error && (
        <Alert color="red" variant="light" withCloseButton closeButtonLabel={t('app:toast.close')} onClose={onDismissError} data-testid="shared-reference-error">
          {t('shared.loadFailed', { message: error })}
        </Alert>
      )}
    </>
  );
}
