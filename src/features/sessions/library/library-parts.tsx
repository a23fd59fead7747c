/**
 * The library screen's pieces, laid out (library-screen.tsx wires them): the overlay while files are dragged over
 * it, the title with 'Import' (and the hint that files can be dropped), and a row's actions (set active /
 * deactivate, 'Compare with...', edit, delete, export).
 */
import { ActionIcon, Button, FileButton, Group, Overlay, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../ui/data-table/row-actions';
import { ExportMenu } from '../export';
import { CompareIcon, CompareWithIcon, UploadIcon, type LibraryRow } from '../shared';

export function DropOverlay() {
  const { t } = useTranslation('sessions');
  return (
    <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.85} blur={1} radius="md" zIndex={150} style={{ border: '2px dashed var(--mantine-color-blue-6)', display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
      <Stack align="center" gap={4}>
        <UploadIcon />
        <Text fw={600} c="blue">
          {t('import.drop')}
        </Text>
      </Stack>
    </Overlay>
  );
}

export function LibraryHeader({ importing, onFiles }: { importing: boolean; onFiles: (files: File[]) => void }) {
  const { t } = useTranslation('sessions');
  const resetInput = useRef<() => void>(null);
  return (
    <Group justify="space-between" align="flex-end">
      <Title order={2}>{t('library.title')}</Title>
      <Group gap="xs">
        {/* No `accept` filter: ASTRO's own files have no extension (docs/device-protocol.md, session file names). */}
        {/* Reset after each pick: picking the same file again must fire a change again. */}
        <FileButton
          multiple
          resetRef={resetInput}
          onChange={(files) => {
            resetInput.current?.();
            onFiles(files);
          }}
        >
          {(props) => (
            <Tooltip label={t('import.hint')} openDelay={300}>
              <Button {...props} size="xs" variant="light" leftSection={<UploadIcon />} loading={importing} data-testid="session-import">
                {t('import.button')}
              </Button>
            </Tooltip>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {t('import.dropHint')}
        </Text>
      </Group>
    </Group>
  );
}

interface RowActionsProps {
  row: LibraryRow;
  /** The row's side in the comparison, or null. */
  slot: 'left' | 'right' | null;
  onEdit: (row: LibraryRow) => void;
  onDelete: (row: LibraryRow) => void;
  onToggleActive: (row: LibraryRow) => void;
  onCompareWith: (row: LibraryRow) => void;
}

export function LibraryRowActions({ row: r, slot, onEdit, onDelete, onToggleActive, onCompareWith }: RowActionsProps) {
  const { t } = useTranslation('sessions');
  return (
    <RowActions onEdit={() => onEdit(r)} onDelete={() => onDelete(r)}>
      <Tooltip label={slot ? t('actions.deactivate') : t('actions.setActive')} openDelay={300}>
        <ActionIcon
          size="sm"
          variant={slot ? 'filled' : 'subtle'}
          color={slot === 'right' ? 'grape' : 'blue'}
          aria-label={slot ? t('actions.deactivate') : t('actions.setActive')}
          aria-pressed={slot !== null}
          onClick={() => onToggleActive(r)}
          data-testid={`activate-${r.id}`}
        >
          <CompareIcon />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('actions.compareWith')} openDelay={300}>
        <ActionIcon size="sm" variant="subtle" color="grape" aria-label={t('actions.compareWith')} onClick={() => onCompareWith(r)} data-testid={`compare-with-${r.id}`}>
          <CompareWithIcon />
        </ActionIcon>
      </Tooltip>
      <ExportMenu row={r} />
    </RowActions>
  );
}
