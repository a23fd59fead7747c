/**
 * The import results' model as pure functions (import-results.tsx lays them out): each line's colour, bar and
 * sentences (the outcome, the logger's details, its own laps beside ours, the gates that did not time the laps, the
 * proposed start/finish's origin), and the batch's count of finished lines and lines awaiting confirmation. Texts
 * come from the `t` passed in, so all of it runs under Vitest.
 */
import type { ImportLine, ImportLineState } from './use-session-import';
import type { ImportResult } from '../shared';
import type { SessionDetails } from '../../../domain/file-formats/import-types';
import { formatNumber } from '../../../app/i18n/format';
import type { Locale } from '../../../contracts/translations';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const COLOR: Record<ImportLineState, string> = { waiting: 'gray', importing: 'blue', imported: 'teal', duplicate: 'yellow', failed: 'red' };
const PROGRESS: Record<ImportLineState, number> = { waiting: 0, importing: 0, imported: 100, duplicate: 100, failed: 100 };

/** The bar's value, 0 to 100: while importing, the share the worker reported (by bytes read and parsed). */
export function progressValue(line: Pick<ImportLine, 'state' | 'progress'>): number {
  return line.state === 'importing' ? Math.round(Math.min(1, Math.max(0, line.progress ?? 0)) * 100) : PROGRESS[line.state];
}

export function outcome(line: ImportLine, t: (key: string, options?: Record<string, unknown>) => string): string {
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
export function detailsLine(details: SessionDetails | null | undefined, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!details) return '';
  return DETAIL_ORDER.filter((k) => details[k])
    .map((k) => t(`import.details.${k}`, { value: details[k] }))
    .join(' · ');
}

/**
 * When the file's own gates (VBO [laptiming]) did not all time the laps, what timed them instead; '' when they all
 * did or the file had none.
 */
export function gatesFellBackLine(result: ImportResult | undefined, t: Translate): string {
  if (!result?.fileGatesIgnored) return '';
  const source = result.lapSource === 'circuit' || result.lapSource === 'file-gates' ? result.lapSource : 'other';
  return t(`import.gatesFellBack.${source}`);
}

/** The logger's own laps beside ours: how many, and how far ours are from them at most; '' for a file with none. */
export function loggerLapsLine(result: ImportResult | undefined, t: Translate, locale: Locale): string {
  const logger = result?.loggerLaps;
  if (!logger || logger.count === 0) return '';
  const diff = formatNumber(logger.maxAbsDiffMs / 1000, locale, 3);
  const kind = logger.matched === 0 ? 'alone' : logger.matched < logger.count ? 'partly' : 'compared';
  return t(`import.loggerLaps.${kind}`, { count: logger.count, matched: logger.matched, diff });
}

/** The note under a line timed at a proposed start/finish: where that line came from. */
export function proposalNote(result: ImportResult, t: Translate): string {
  const from = result.proposal?.from;
  return t(from === 'logger' ? 'startFinish.noCircuitLogger' : from === 'trace' ? 'startFinish.noCircuitTrace' : 'startFinish.noCircuit');
}

/** A line whose start/finish the racer may still confirm. */
export const awaitsConfirmation = (line: ImportLine) => line.state === 'imported' && !!line.result?.proposal && !!line.file && !line.confirmed;


/** The batch: lines finished (imported, already stored or failed), lines awaiting a start/finish, a confirmation running. */
export function importBatch(lines: readonly ImportLine[]): { done: number; awaiting: ImportLine[]; busy: boolean } {
  return { done: lines.filter((l) => l.state !== 'waiting' && l.state !== 'importing').length, awaiting: lines.filter(awaitsConfirmation), busy: lines.some((l) => l.confirming) };
}
