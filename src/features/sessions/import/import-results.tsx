/**
 * The import's results, one line per picked file: its name, a progress bar (waiting, importing, done) and the
 * outcome - imported with its laps, already in the library, or not imported with the reason - with a way into
 * the session's analysis. Stays until cleared, so a batch's failures can be read after the toasts are gone.
 */
import { Badge, Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportLine } from './use-session-import';
import type { ImportResult } from '../shared';
import type { Locale } from '../../../contracts/translations';
import { currentLocale } from '../../../app/i18n/setup';
import { awaitsConfirmation, COLOR, detailsLine, gatesFellBackLine, importBatch, loggerLapsLine, outcome, progressValue, proposalNote } from './import-results-model';

export function ImportResults({
  lines,
  onAnalyse,
  onClear,
  onConfirmStartFinish,
  onAdjustStartFinish,
  onConfirmAll,
}: {
  lines: ImportLine[];
  onAnalyse: (result: ImportResult) => void;
  onClear: () => void;
  /** A line whose session was timed at a start/finish proposed from its track: the racer confirms it in one tap... */
  onConfirmStartFinish: (line: ImportLine) => void;
  /** ...or moves it on the map first. */
  onAdjustStartFinish: (line: ImportLine) => void;
  /** Every line awaiting confirmation, confirmed in one tap. */
  onConfirmAll: (lines: ImportLine[]) => void;
}) {
  const { t, i18n } = useTranslation('sessions');
  if (lines.length === 0) return null;
  const locale = currentLocale(i18n);
  const { done, awaiting, busy } = importBatch(lines);
  return (
    <Paper withBorder p="xs" radius="md" data-testid="import-results" aria-live="polite">
      {/* Wraps: on a phone the batch's confirm button goes under the title rather than off the screen. */}
      <Group justify="space-between" wrap="wrap" gap={6} mb={4}>
        <Text fw={600} size="sm">
          {t('import.results.title')} · {t('import.results.progress', { done, total: lines.length })}
        </Text>
        <Group gap={6} wrap="nowrap">
          {awaiting.length > 1 && (
            <Button size="compact-xs" color="orange" onClick={() => onConfirmAll(awaiting)} disabled={busy} data-testid="import-confirm-all">
              {t('startFinish.confirmAll', { count: awaiting.length })}
            </Button>
          )}
          <CloseButton size="sm" aria-label={t('import.results.clear')} onClick={onClear} disabled={done === 0 || busy} data-testid="import-results-clear" />
        </Group>
      </Group>
      <Stack gap={6}>
        {lines.map((line) => (
          <ResultLine key={line.key} line={line} locale={locale} busy={busy} onAnalyse={onAnalyse} onConfirmStartFinish={onConfirmStartFinish} onAdjustStartFinish={onAdjustStartFinish} />
        ))}
      </Stack>
    </Paper>
  );
}

interface ResultLineProps {
  line: ImportLine;
  locale: Locale;
  /** A confirmation is running (on any line). */
  busy: boolean;
  onAnalyse: (result: ImportResult) => void;
  onConfirmStartFinish: (line: ImportLine) => void;
  onAdjustStartFinish: (line: ImportLine) => void;
}

/** One picked file's line: its name, bar and state, what came of it, and its start/finish to confirm. */
function ResultLine({ line, locale, busy, onAnalyse, onConfirmStartFinish, onAdjustStartFinish }: ResultLineProps) {
  const { t } = useTranslation('sessions');
  return (
    <div data-testid="import-line" data-state={line.state}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} truncate="end" style={{ minWidth: 0 }} title={line.fileName}>
          {line.fileName}
        </Text>
        <Group gap={6} wrap="nowrap">
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
      {(line.state === 'imported' || line.state === 'duplicate') && detailsLine(line.result?.details, t) && (
        <Text size="xs" c="dimmed" mt={2} data-testid="import-line-details">
          {detailsLine(line.result?.details, t)}
        </Text>
      )}
      {(line.state === 'imported' || line.state === 'duplicate') && loggerLapsLine(line.result, t, locale) && (
        <Text size="xs" c="dimmed" mt={2} data-testid="import-line-logger">
          {loggerLapsLine(line.result, t, locale)}
        </Text>
      )}
      {line.state === 'imported' && gatesFellBackLine(line.result, t) && (
        <Text size="xs" c="orange.8" mt={2} data-testid="import-line-gates-fell-back">
          {gatesFellBackLine(line.result, t)}
        </Text>
      )}
      {awaitsConfirmation(line) && (
        <>
          <Text size="xs" c="orange.8" mt={2} data-testid="import-line-proposal">
            {proposalNote(line.result!, t)}
          </Text>
          {/* A row of their own: beside the name they would push it off a phone's line. */}
          <Group gap={6} mt={4} justify="flex-end">
            <Button size="compact-xs" variant="subtle" color="orange" onClick={() => onAdjustStartFinish(line)} disabled={busy} data-testid={`import-line-adjust-${line.result!.id}`}>
              {t('startFinish.adjust')}
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              color="orange"
              onClick={() => onConfirmStartFinish(line)}
              loading={line.confirming}
              disabled={busy && !line.confirming}
              data-testid={`import-line-start-finish-${line.result!.id}`}
            >
              {t('startFinish.open')}
            </Button>
          </Group>
        </>
      )}
      {line.confirmError && (
        <Text size="xs" c="red" mt={2} role="alert">
          {line.confirmError}
        </Text>
      )}
      {line.confirmed && (
        <Text size="xs" c="teal.8" mt={2}>
          {t('startFinish.saved', { circuit: line.confirmed.circuitName, laps: line.confirmed.laps })}
        </Text>
      )}
    </div>
  );
}
