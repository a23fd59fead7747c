import { z } from 'zod';
import { LOCALE_CODES } from './locales';

export { LOCALE_CODES, type Locale } from './locales';
const localeSchema = z.enum(LOCALE_CODES);

/** An admin's override of one UI string in one locale. `key` is the i18next key ('namespace:path'). */
export const translationSchema = z.object({
  id: z.number().int().positive(),
  locale: localeSchema,
  key: z.string(),
  value: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Translation = z.infer<typeof translationSchema>;
export const translationWriteSchema = z.strictObject({
  locale: localeSchema,
  key: z.string().trim().min(1).max(200),
  value: z.string().max(2000),
});
/** POST /api/admin/translations/missing/delete: the rows to delete, or every row clients reported. */
export const missingBulkDeleteSchema = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(5000).optional(),
});

/** POST /api/translations/missing: keys a client could not resolve. */
export const missingKeysReportSchema = z.strictObject({
  locale: localeSchema,
  keys: z.array(z.string().min(1).max(200)).min(1).max(200),
});
export const missingTranslationSchema = z.object({
  id: z.number().int().positive(),
  locale: localeSchema,
  key: z.string(),
  count: z.number().int(),
  lastSeenAt: z.string(),
  /** For a reference data key ('ref:country.12.name'): the stored English text to translate; null for UI keys. */
  source: z.string().nullable().default(null),
});
export type MissingTranslation = z.infer<typeof missingTranslationSchema>;
