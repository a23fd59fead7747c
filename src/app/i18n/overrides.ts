/**
 * Translation overrides (edited by admins under Translations): strings an admin changed on the server. Fetched from
 * GET /api/translations when online, cached in localStorage (`translation_overrides`) for offline starts, and
 * merged over the bundled strings. Keys are i18next keys 'namespace:path'.
 */
import type { i18n as I18n } from 'i18next';
import { startTransition } from 'react';
import { LOCALE_CODES, parseLocale, type Locale } from '../../contracts/locales';
import { REFERENCE_TEXT_NS } from '../../contracts/reference-text-keys';

/** @internal Exported for its tests. */
export const OVERRIDES_STORAGE_KEY = 'translation_overrides';

export interface TranslationOverride {
  locale: Locale;
  key: string;
  value: string;
}

/** One row checked by hand (zod is not part of the first load): { locale, key (non-empty), value }; other fields dropped. */
function parseOverride(row: unknown): TranslationOverride | null {
  if (!row || typeof row !== 'object') return null;
  const { locale, key, value } = row as { locale?: unknown; key?: unknown; value?: unknown };
  const parsed = parseLocale(locale);
  if (!parsed || typeof key !== 'string' || key.length < 1 || typeof value !== 'string') return null;
  return { locale: parsed, key, value };
}

/** Keeps the valid rows of an untrusted list (server answer or storage); one bad row does not drop the rest. */
export function parseOverrides(raw: unknown): TranslationOverride[] {
  const rows = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && Array.isArray((raw as { data?: unknown }).data) ? (raw as { data: unknown[] }).data : [];
  const out: TranslationOverride[] = [];
  for (const row of rows) {
    const parsed = parseOverride(row);
    if (parsed) out.push(parsed);
  }
  return out;
}

/**
 * Splits 'namespace:path.to.key'; keys without a namespace belong to `app`.
 * @internal Exported for its tests.
 */
export function splitKey(key: string): { ns: string; path: string } {
  const i = key.indexOf(':');
  return i > 0 ? { ns: key.slice(0, i), path: key.slice(i + 1) } : { ns: 'app', path: key };
}

/**
 * Merges the overrides into the instance. Reference data texts (namespace `ref`, flat keys 'country.12.name')
 * are replaced as a whole on every call: the list is the server's complete set, so a translation an admin deleted,
 * or one of a deleted row, does not linger until the next reload.
 */
export function applyOverrides(i18n: I18n, overrides: readonly TranslationOverride[]): void {
  const refs = new Map<Locale, Record<string, string>>();
  for (const o of overrides) {
    const { ns, path } = splitKey(o.key);
    if (ns === REFERENCE_TEXT_NS) {
      refs.set(o.locale, { ...refs.get(o.locale), [path]: o.value });
      continue;
    }
    i18n.addResource(o.locale, ns, path, o.value, { silent: true });
  }
  let hadRefs = false;
  for (const locale of LOCALE_CODES) {
    if (i18n.hasResourceBundle(locale, REFERENCE_TEXT_NS)) {
      hadRefs ||= Object.keys(i18n.getResourceBundle(locale, REFERENCE_TEXT_NS) ?? {}).length > 0;
      i18n.removeResourceBundle(locale, REFERENCE_TEXT_NS);
    }
    const texts = refs.get(locale);
    if (texts) i18n.addResourceBundle(locale, REFERENCE_TEXT_NS, texts, false, true, { silent: true, skipCopy: true });
  }
  // Every translated component renders again: as a transition, which React renders in slices that yield to the
  // browser, instead of one long task (the reference texts alone make this a whole-screen render).
  if (overrides.length > 0 || hadRefs) startTransition(() => void i18n.changeLanguage(i18n.language));
}

/** Whether two lists hold the same overrides in the same order (the server sends them in a stable order). */
export function sameOverrides(a: readonly TranslationOverride[], b: readonly TranslationOverride[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i].locale !== b[i].locale || a[i].key !== b[i].key || a[i].value !== b[i].value) return false;
  }
  return true;
}

export function readCachedOverrides(storage: Pick<Storage, 'getItem'> | undefined): TranslationOverride[] {
  try {
    return parseOverrides(JSON.parse(storage?.getItem(OVERRIDES_STORAGE_KEY) ?? '[]'));
  } catch {
    return [];
  }
}

export function cacheOverrides(storage: Pick<Storage, 'setItem'> | undefined, overrides: readonly TranslationOverride[]): void {
  try {
    storage?.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(overrides));
  } catch {
    // Quota exceeded: overrides still apply for this page.
  }
}
