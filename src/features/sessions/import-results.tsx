/**
 * The import's results, one line per picked file: its name, a progress bar (waiting, importing, done) and the
 * outcome - imported with its laps, already in the library, or not imported with the reason - with a way into
 * the session's analysis. Stays until cleared, so a batch's failures can be read after the toasts are gone.
 */
import { Badge, Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportLine, ImportLineState } from './use-session-import';
import type { ImportResult } from './sessions-port';

const COLOR: Record<ImportLineState, string> = { waiting: 'gray', importing: 'blue', imported: 'teal', duplicate: 'yellow', failed: 'red' };
const PROGRESS: Record<ImportLineState, number> = { waiting: 0, importing: 0, imported: 100, duplicate: 100, failed: 100 };

/** The bar's value, 0 to 100: while importing, the share the worker reported (by bytes read and parsed). */
function progressValue(line: Pick<ImportLine, 'state' | 'progress'>): number {
  return line.state === 'importing' ? Math.round(Math.min(1, Math.max(0, line.progress ?? 0)) * 100) : PROGRESS[line.state];
}

function outcome(line: ImportLine, t: (key: string, options?: Record<string, unknown>) => string): string {
  switch (line.state) {
    case 'imported':
      return t('import.done', { name: line.result?.name ?? line.fileName, laps: line.result?.laps ?? 0 });
    case 'duplicate':
      return t('import.alreadyStored', { name: line.result?.name ?? line.fileName });
    case 'failed':
      return line.reason ?? '';
    default:
      return '';
  }
}

export function ImportResults({
  lines,
  onAnalyse,
  onClear,
  onConfirmStartFinish,
}: {
  lines: ImportLine[];
  onAnalyse: (result: ImportResult) => void;
  onClear: () => void;
  /** A line whose session was timed at a start/finish proposed from its track: the racer confirms it on the map. */
  onConfirmStartFinish: (line: ImportLine) => void;
}) {
  const { t } = useTranslation('sessions');
  if (lines.length === 0) return null;
  const done = lines.filter((l) => l.state !== 'waiting' && l.state !== 'importing').length;
  return (
    <Paper withBorder p="xs" radius="md" data-testid="import-results" aria-live="polite">
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={600} size="sm">
          {t('import.results.title')} · {t('import.results.progress', { done, total: lines.length })}
        </Text>
        <CloseButton size="sm" aria-label={t('import.results.clear')} onClick={onClear} disabled={done === 0} data-testid="import-results-clear" />
      </Group>
      <Stack gap={6}>
        {lines.map((line) => (
          <div key={line.key} data-testid="import-line" data-state={line.state}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={500} truncate="end" style={{ minWidth: 0 }} title={line.fileName}>
                {line.fileName}
              </Text>
              <Group gap={6} wrap="nowrap">
                {line.state === 'imported' && line.result?.proposal && line.file && (
                  <Button size="compact-xs" variant="light" color="orange" onClick={() => onConfirmStartFinish(line)} data-testid={`import-line-start-finish-${line.result.id}`}>
                    {t('startFinish.open')}
                  </Button>
                )}
                {line.result && (line.state === 'imported' || line.state === 'duplicate') && (
                  <Button size="compact-xs" variant="subtle" onClick={() => onAnalyse(line.result!)} data-testid={`import-line-analyse-${line.result.id}`}>
                    {t('library.analyse')}
                  </Button>
                )}
                <Badge size="sm" variant="light" color={COLOR[line.state]}>
                  {t(`import.state.${line.state}`)}
                </Badge>
              </Group>
            </Group>
            <Progress
              size="xs"
              mt={2}
              value={progressValue(line)}
              color={COLOR[line.state]}
              striped={line.state === 'importing'}
              animated={line.state === 'importing'}
              aria-label={`${line.fileName}: ${t(`import.state.${line.state}`)}`}
            />
            {outcome(line, t) && (
              <Text size="xs" c={line.state === 'failed' ? 'red' : 'dimmed'} mt={2}>
                {outcome(line, t)}
              </Text>
            )}
            {line.state === 'imported' && line.result?.proposal && (
              <Text size="xs" c="orange.8" mt={2}>
                {t('startFinish.noCircuit')}
              </Text>
            )}
            {line.confirmed && (
              <Text size="xs" c="teal.8" mt={2}>
                {t('startFinish.saved', { circuit: line.confirmed.circuitName, laps: line.confirmed.laps })}
              </Text>
            )}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
