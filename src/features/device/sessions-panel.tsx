import { Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferEstimate } from '../../device/flows/transfer-rate';
import { AstroSessionRowView } from './astro-session-row';
import { DeleteSessionsDialog } from './delete-sessions-dialog';
import { chosenFiles, selectableFiles, toggled } from './session-selection';
import { newOnDevice, type AstroSessionRow } from './session-rows';
import { TransferProgress } from './transfer-progress';

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
  const { t } = useTranslation('device');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const selectable = useMemo(() => selectableFiles(rows), [rows]);
  const chosen = chosenFiles(selectable, selected);
  const transferring = overallProgress !== null;
  const toggle = (filename: string) => setSelected((s) => toggled(s, filename));
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  const fresh = newOnDevice(rows);

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
        {transferring && <TransferProgress overallProgress={overallProgress} estimate={estimate} onStop={onStop} />}
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
                  <AstroSessionRowView key={row.filename} row={row} checked={selected.has(row.filename) && row.inAstro} onToggle={() => toggle(row.filename)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <DeleteSessionsDialog
        opened={confirming}
        busy={deleting}
        rows={rows}
        chosen={chosen}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setDeleting(true);
          void onDelete(chosen).finally(() => {
            setDeleting(false);
            setConfirming(false);
            setSelected(new Set());
          });
        }}
      />
    </Paper>
  );
}
