import { formatNumber } from '../../app/i18n/format';
import type { Locale } from '../../contracts/translations';

/** '1 min 25 s' / '40 s': the time left of a download. */
export function formatTimeLeft(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  // 'min' and 's' read the same in both languages.
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}

/** A file size in the user's locale: '152.4 KB' (en-us), '152,4 KB' (pt-pt). */
export function formatBytes(n: number | null, locale: Locale): string {
  if (n === null) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${formatNumber(n / 1024, locale, 1)} KB`;
  return `${formatNumber(n / 1024 / 1024, locale, 1)} MB`;
}
