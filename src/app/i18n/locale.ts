/**
 * The UI locale: en-us (default) or pt-pt, kept in localStorage under `locale`, so the choice survives a reload.
 * Anything else found in storage is ignored, so a tampered value cannot break start-up.
 */
import { DEFAULT_LOCALE, parseLocale, type Locale } from '../../contracts/locales';

const LOCALE_STORAGE_KEY = 'locale';

export function readStoredLocale(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): Locale {
  return parseLocale(storage?.getItem(LOCALE_STORAGE_KEY)?.toLowerCase()) ?? DEFAULT_LOCALE;
}

export function storeLocale(locale: Locale, storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage full or disabled (private mode): the choice lasts for this page only.
  }
}

/** localStorage, or undefined where it does not exist or throws on access (sandboxed iframes). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
