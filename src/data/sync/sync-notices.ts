import type { Message, MessageRef } from '../../contracts/messages';
import type { SyncEvent } from './sync-types';

/**
 * What the user should be told about a sync event, as data (the data layer has no UI): the shell turns a
 * notice into a toast with src/ui/toast.ts. Messages are ids of the message catalogue ('Session uploaded',
 * 'Failed to update session' - also for upload failures - and the notice of a conflicting edit, with the session's
 * name). Quiet events (retries that will happen by themselves, idle) give null: the per-session
 * sync state already shows them.
 */
export interface SyncNotice {
  tone: 'success' | 'warning' | 'error';
  message: MessageRef;
  /** Extra detail (the server's message for failures). */
  detail?: Message;
}


export function syncNoticeFor(e: SyncEvent): SyncNotice | null {
  switch (e.type) {
    case 'uploaded':
      return { tone: 'success', message: 'sessionUploaded' };
    case 'conflict':
      return { tone: 'warning', message: { id: 'syncConflict', params: { name: e.name } } };
    case 'failed':
      return e.willRetry ? null : { tone: 'error', message: 'sessionUpdateFailed', detail: e.message };
    default:
      return null;
  }
}
