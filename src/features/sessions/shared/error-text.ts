import { translateError } from '../../../app/i18n/setup';
import { isStorageError } from '../../../data/storage/storage-error';
import { isImportError, type ImportErrorDetail, type ImportErrorReason } from '../../../domain/file-formats/import-errors';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An import refusal's reason in the user's language, naming what is missing or which line is damaged. */
function importReasonText(reason: ImportErrorReason, detail: ImportErrorDetail, t: Translate): string {
  if (reason === 'no-fixes' && detail.line !== undefined) {
    const lineReason = detail.lineReason ? t(`import.lineReason.${detail.lineReason}`, { defaultValue: detail.lineReason }) : '';
    return t('import.reason.no-fixes-line', { line: detail.line, lineReason });
  }
  if (reason === 'unsupported-format') {
    // Named in the reader's language; a format this screen has no name for is given by its id.
    const format = t(`import.foreign.${detail.format}`, { defaultValue: detail.format ?? '' });
    const key = detail.kind === 'archive' ? 'unsupported-archive' : detail.kind === 'other' ? 'unsupported-other' : 'unsupported-format';
    return t(`import.reason.${key}`, { format });
  }
  if (reason === 'binary' && detail.extension) return t('import.reason.binary-extension', { extension: detail.extension });
  return t(`import.reason.${reason}`, {
    section: detail.section ?? '',
    columns: (detail.missing ?? []).join(', '),
    found: (detail.found ?? []).join(' '),
    limitMb: detail.limitMb ?? '',
  });
}

/**
 * A failure of the sessions screens in the user's language: an import's reason, a full disk, else the message
 * by its id in the message catalogue.
 */
export function errorText(error: unknown, t: Translate): string {
  if (isImportError(error)) return importReasonText(error.reason, error.detail, t);
  if (isStorageError(error) && error.code === 'QUOTA_EXCEEDED') return t('messages.storageFull');
  return translateError(error);
}
