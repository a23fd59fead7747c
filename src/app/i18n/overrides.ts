/**
 * Translation overrides (spec 2, admin Translations): strings an admin changed on the server. Fetched from
 * GET /api/translations when online, cached in localStorage (`translation_overrides`) for offline starts, and
 * merged over the bundled strings. Keys are i18next keys 'namespace:path'.
 */
import type { i18n as I18n } from 'i18next';
import { z } from 'zod';
import { localeSchema } from '../../contracts/translations';

export const OVERRIDES_STORAGE_KEY = 'translation_overrides';

const overrideSchema = z.object({ locale: localeSchema, key: z.string().min(1), value: z.string() });
export type TranslationOverride = z.infer<typeof overrideSchema>;

/** Keeps the valid rows of an untrusted list (server answer or storage); one bad row does not drop the rest. */
export function parseOverrides(raw: unknown): TranslationOverride[] {
  const rows = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && Array.isArray((raw as { data?: unknown }).data) ? (raw as { data: unknown[] }).data : [];
  const out: TranslationOverride[] = [];
  for (const row of rows) {
    const parsed = overrideSchema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** Splits 'namespace:path.to.key'; keys without a namespace belong to `app`. */
export function splitKey(key: string): { ns: string; path: string } {
  const i = key.indexOf(':');
  return i > 0 ? { ns: key.slice(0, i), path: key.slice(i + 1) } : { ns: 'app', path: key };
}

export function applyOverrides(i18n: I18n, overrides: readonly TranslationOverride[]): void {
  for (const o of overrides) {
    const { ns, path } = splitKey(o.key);
    // `messages` keys are English sentences ('Invalid email or password.'): never split them on dots.
    const keySeparator = ns === 'messages' ? (false as unknown as string) : undefined;
    i18n.addResource(o.locale, ns, path, o.value, { silent: true, keySeparator });
  }
  if (overrides.length > 0) void i18n.changeLanguage(i18n.language);
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
