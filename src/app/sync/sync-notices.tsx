/**
 * Turns the data layer's sync notices into toasts: 'Session uploaded' (success), the conflict
 * notice (warning) and 'Failed to update session' (error). Mounted once by AppProviders; renders nothing.
 * Texts are messages of the catalogue, shown in the user's language (translateMessage).
 */
import { useEffect } from 'react';
import type { SyncNotice } from '../../data/sync/sync-notices';
import { watchSyncNotices } from '../data-layer';
import { notifyError, notifySuccess, notifyWarning } from '../../ui/toast';
import { translateMessage } from '../i18n/setup';

/** Shows one notice as a toast of its tone. */
function showSyncNotice(notice: SyncNotice): void {
  const text = translateMessage(notice.message);
  if (notice.tone === 'success') notifySuccess(text);
  else if (notice.tone === 'warning') notifyWarning(text);
  else notifyError(text);
}

/** Subscribes to the sync notices while mounted. `watch` is replaceable for tests. */
export function SyncNotices({ watch = watchSyncNotices }: { watch?: typeof watchSyncNotices }) {
  useEffect(() => watch(showSyncNotice), [watch]);
  return null;
}
