/**
 * The UI locales, without zod: the app shell (i18n setup, locale picker) needs them on the first load, where zod
 * is not loaded (it would grow the initial bundle). translations.ts builds `localeSchema` from the same list.
 */
export const LOCALE_CODES = ['en-us', 'pt-pt'] as const;
export type Locale = (typeof LOCALE_CODES)[number];
export const DEFAULT_LOCALE: Locale = 'en-us';

/** The value as a Locale, or null when it is not one of ours (exact, lower-case codes). */
export function parseLocale(value: unknown): Locale | null {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value) ? (value as Locale) : null;
}
