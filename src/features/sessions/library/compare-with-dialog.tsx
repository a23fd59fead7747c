/**
 * 'Compare with...': picks the second session for one session in one step. Only the other sessions of its
 * circuit are offered (the same-circuit rule, comparison-selection.ts); none offered says so.
 */
import { Button, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CircuitTime } from '../../../ui/circuit-time';
import { compareCandidates } from '../shared';
import type { LibraryRow } from '../shared';

export interface CompareWithDialogProps {
  /** The session to compare (left); null when closed. */
  row: LibraryRow | null;
  rows: readonly LibraryRow[];
  zoneOf: (row: Pick<LibraryRow, 'circuitId' | 'timeZone'>) => string | undefined;
  onPick: (left: LibraryRow, right: LibraryRow) => void;
  onCancel: () => void;
}

export function CompareWithDialog({ row, rows, zoneOf, onPick, onCancel }: CompareWithDialogProps) {
  const { t } = useTranslation('sessions');
  const candidates = row ? compareCandidates(rows, row) : [];
  return (
    <Modal opened={row !== null} onClose={onCancel} title={row ? t('compare.title', { name: row.name }) : ''} size="md" data-testid="compare-with-dialog">
      <Stack gap={4}>
        {candidates.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('compare.none', { circuit: row?.circuitName || t('compare.noCircuit') })}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" mb={4}>
              {t('compare.hint', { circuit: row?.circuitName || t('compare.noCircuit') })}
            </Text>
            {candidates.map((c) => (
              <UnstyledButton
                key={c.id}
                onClick={() => row && onPick(row, c)}
                p="xs"
                className="mantine-focus-auto"
                style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-default-border)' }}
                data-testid={`compare-pick-${c.id}`}
              >
                <Text size="sm" fw={500} lineClamp={2}>
                  {c.name}
                </Text>
                <Text size="xs" c="dimmed" component="div">
                  <CircuitTime value={c.date} timeZone={zoneOf(c)} circuitName={c.circuitName} focusable={false} />
                </Text>
              </UnstyledButton>
            ))}
          </>
        )}
        <Button variant="default" size="xs" mt="sm" onClick={onCancel} style={{ alignSelf: 'flex-end' }}>
          {t('edit.cancel')}
        </Button>
      </Stack>
    </Modal>
  );
}
