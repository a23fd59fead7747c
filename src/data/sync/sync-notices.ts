import type { SyncEvent } from './sync-types';

/**
 * What the user should be told about a sync event, as data (the data layer has no UI): the shell turns a
 * notice into a toast with src/ui/toast.ts. Messages are the product's English texts ('Session uploaded',
 * 'Failed to update session' - also for upload failures) plus the notice of a conflicting edit; `values` fill the
 * {{name}} placeholder. Quiet events (retries that will happen by themselves, idle) give null: the per-session
 * sync state already shows them.
 */
export interface SyncNotice {
  tone: 'success' | 'warning' | 'error';
  message: string;
  /** Extra detail (the server's message for failures). */
  detail?: string;
  values?: Record<string, string>;
}

/** @internal Exported for its tests. */
export const CONFLICT_NOTICE = 'The session {{name}} had also been changed elsewhere; your version was saved.';

export function syncNoticeFor(e: SyncEvent): SyncNotice | null {
  switch (e.type) {
    case 'uploaded':
      return { tone: 'success', message: 'Session uploaded', values: { name: e.name } };
    case 'conflict':
      return { tone: 'warning', message: CONFLICT_NOTICE, values: { name: e.name } };
    case 'failed':
      return e.willRetry ? null : { tone: 'error', message: 'Failed to update session', detail: e.message };
    default:
      return null;
  }
}
