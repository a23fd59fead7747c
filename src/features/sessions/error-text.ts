import { translateMessage } from '../../app/i18n/setup';
import { isStorageError } from '../../data/storage/storage-error';
import { isImportError } from '../../domain/formats/import-errors';

/**
 * A failure of the sessions screens in the user's language: an import's reason, a full disk, else the message
 * through the server-message catalogue.
 */
export function errorText(error: unknown, t: (key: string) => string): string {
  if (isImportError(error)) return t(`import.reason.${error.reason}`);
  if (isStorageError(error) && error.code === 'QUOTA_EXCEEDED') return t('messages.storageFull');
  return translateMessage(error instanceof Error ? error.message : String(error));
}
