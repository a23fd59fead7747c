/**
 * The import's results, one line per picked file: its name, a progress bar (waiting, importing, done) and the
 * outcome - imported with its laps, already in the library, or not imported with the reason - with a way into
 * the session's analysis. Stays until cleared, so a batch's failures can be read after the toasts are gone.
 */
import { Badge, Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportLine, ImportLineState } from './use-session-import';
import type { ImportResult } from '../shared';
import type { SessionDetails } from '../../../domain/file-formats/import-types';
import { formatNumber } from '../../../app/i18n/format';
import { currentLocale } from '../../../app/i18n/setup';

type Translate = (key: string, options?: Record<string, unknown>) => string;

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

/** The order the logger's details are shown in. */
const DETAIL_ORDER: readonly (keyof SessionDetails)[] = ['driver', 'vehicle', 'venue', 'session', 'series', 'logger'];

/** The logger's details as one line ('Driver: CMD · Vehicle: SFJ · Track: Fuji'), '' when it gave none. */
function detailsLine(details: SessionDetails | null | undefined, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!details) return '';
  return DETAIL_ORDER.filter((k) => details[k])
    .map((k) => t(`import.details.${k}`, { value: details[k] }))
    .join(' · ');
}

/**
 * When the file's own gates (VBO [laptiming]) did not all time the laps, what timed them instead; '' when they all
 * did or the file had none.
 */
function gatesFellBackLine(result: ImportResult | undefined, t: Translate): string {
  if (!result?.fileGatesIgnored) return '';
  const source = result.lapSource === 'circuit' || result.lapSource === 'file-gates' ? result.lapSource : 'other';
  return t(`import.gatesFellBack.${source}`);
}

/** The logger's own laps beside ours: how many, and how far ours are from them at most; '' for a file with none. */
function loggerLapsLine(result: ImportResult | undefined, t: Translate, locale: ReturnType<typeof currentLocale>): string {
  const logger = result?.loggerLaps;
  if (!logger || logger.count === 0) return '';
  const diff = formatNumber(logger.maxAbsDiffMs / 1000, locale, 3);
  const kind = logger.matched === 0 ? 'alone' : logger.matched < logger.count ? 'partly' : 'compared';
  return t(`import.loggerLaps.${kind}`, { count: logger.count, matched: logger.matched, diff });
}

/** The note under a line timed at a proposed start/finish: where that line came from. */
function proposalNote(result: ImportResult, t: Translate): string {
  const from = result.proposal?.from;
  return t(from === 'logger' ? 'startFinish.noCircuitLogger' : from === 'trace' ? 'startFinish.noCircuitTrace' : 'startFinish.noCircuit');
}

/** A line whose start/finish the racer may still confirm. */
const awaitsConfirmation = (line: ImportLine) => line.state === 'imported' && !!line.result?.proposal && !!line.file && !line.confirmed;

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
  const done = lines.filter((l) => l.state !== 'waiting' && l.state !== 'importing').length;
  const awaiting = lines.filter(awaitsConfirmation);
  const busy = lines.some((l) => l.confirming);
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
          <div key={line.key} data-testid="import-line" data-state={line.state}>
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
        ))}
      </Stack>
    </Paper>
  );
}
