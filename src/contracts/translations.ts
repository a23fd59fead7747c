import { z } from 'zod';

export const localeSchema = z.enum(['en-us', 'pt-pt']);
export type Locale = z.infer<typeof localeSchema>;
export const LOCALES: readonly Locale[] = ['en-us', 'pt-pt'];
export const DEFAULT_LOCALE: Locale = 'en-us';

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
});
export type MissingTranslation = z.infer<typeof missingTranslationSchema>;
