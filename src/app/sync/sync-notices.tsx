/**
 * Turns the data layer's sync notices into toasts: 'Session uploaded' (success), the conflict
 * notice (warning) and 'Failed to update session' (error). Mounted once by AppProviders; renders nothing.
 * Texts are the spec's English messages, translated through the `messages` namespace with the notice's values.
 */
import { useEffect } from 'react';
import type { i18n as I18n } from 'i18next';
import type { SyncNotice } from '../../data/sync/sync-notices';
import { watchSyncNotices } from '../data-layer';
import { notifyError, notifySuccess, notifyWarning } from '../../ui/toast';
import { currentLocale, i18n as appI18n } from '../i18n/setup';

/** The notice's text in the current locale, with {{placeholders}} filled (en-us shows the spec text itself). */
function syncNoticeText(notice: SyncNotice, instance: I18n = appI18n): string {
  const values = notice.values ?? {};
  const opts = { ns: 'messages', keySeparator: false as const, nsSeparator: false as const };
  if (currentLocale(instance) === 'en-us' && !instance.exists(notice.message, opts)) {
    return notice.message.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => values[k] ?? m);
  }
  return instance.t(notice.message, { ...opts, ...values, defaultValue: notice.message });
}

/** Shows one notice as a toast of its tone. */
function showSyncNotice(notice: SyncNotice): void {
  const text = syncNoticeText(notice);
  if (notice.tone === 'success') notifySuccess(text, { translated: true });
  else if (notice.tone === 'warning') notifyWarning(text, { translated: true });
  else notifyError(text, { translated: true });
}

/** Subscribes to the sync notices while mounted. `watch` is replaceable for tests. */
export function SyncNotices({ watch = watchSyncNotices }: { watch?: typeof watchSyncNotices }) {
  useEffect(() => watch(showSyncNotice), [watch]);
  return null;
}
