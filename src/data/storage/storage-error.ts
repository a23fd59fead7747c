/**
 * Typed failures of local storage. QUOTA_EXCEEDED is detected explicitly (Excalidraw's LocalData does the same):
 * the write that hit the quota is rolled back by its IndexedDB transaction, so everything stored before is kept,
 * and the screens tell the user to free space.
 */
import type { MessageId } from '../../contracts/messages';

export type StorageErrorCode = 'QUOTA_EXCEEDED' | 'UNAVAILABLE' | 'NOT_SIGNED_IN' | 'NOT_FOUND' | 'CORRUPT' | 'INTEGRITY' | 'WRITE_FAILED';

export class StorageError extends Error {
  override readonly name = 'StorageError';
  /** The message's id in the catalogue (src/contracts/messages.ts), when the app shows it to the user. */
  readonly messageId: MessageId | undefined;
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: { cause?: unknown; messageId?: MessageId },
  ) {
    super(message, options);
    this.messageId = options?.messageId;
  }
}

export function isStorageError(e: unknown): e is StorageError {
  return e instanceof StorageError;
}

/** True for the browser's and Dexie's forms of 'the disk quota is full' (also when wrapped as `inner`/`cause`). */
export function isQuotaError(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    const err = cur as { name?: unknown; code?: unknown; inner?: unknown; cause?: unknown };
    if (err.name === 'QuotaExceededError' || err.name === 'NS_ERROR_DOM_QUOTA_REACHED' || err.code === 22) return true;
    cur = err.inner ?? err.cause;
  }
  return false;
}

/** Wraps a storage failure as a StorageError (quota -> QUOTA_EXCEEDED), passing StorageErrors through. */
export function toStorageError(e: unknown, what: string): StorageError {
  if (e instanceof StorageError) return e;
  if (isQuotaError(e)) return new StorageError('QUOTA_EXCEEDED', `Not enough storage space to save ${what}. Free some space and try again.`, { cause: e });
  const name = (e as { name?: string } | null)?.name;
  if (name === 'InvalidStateError' || name === 'MissingAPIError' || name === 'DatabaseClosedError' || name === 'OpenFailedError') {
    return new StorageError('UNAVAILABLE', `Local storage is not available: ${(e as Error).message}`, { cause: e });
  }
  return new StorageError('WRITE_FAILED', `Could not save ${what}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
}
