import { z } from 'zod';
import { dataTableResponseSchema, type DataTableRequest, type DataTableResponse } from '../../contracts/datatable';
import { missingTranslationSchema, translationSchema, type MissingTranslation, type Translation, type translationWriteSchema } from '../../contracts/translations';
import { apiClient } from './client';
import type { HttpClient } from './http-client';

/**
 * Translation overrides and missing keys. The public GET /translations and the missing-key report are
 * wired by the shell (src/main.tsx); these are the admin calls.
 */
type TranslationWrite = z.input<typeof translationWriteSchema>;

const table = dataTableResponseSchema(translationSchema) as unknown as z.ZodType<DataTableResponse<Translation>>;
const missingTable = dataTableResponseSchema(missingTranslationSchema) as unknown as z.ZodType<DataTableResponse<MissingTranslation>>;

function createTranslationsApi(http: HttpClient) {
  return {
    list: (): Promise<Translation[]> => http.get('/translations', { schema: z.array(translationSchema) }),
    datatable: (request: DataTableRequest, signal?: AbortSignal): Promise<DataTableResponse<Translation>> =>
      http.post('/admin/translations/datatable', request, { schema: table, signal }),
    create: (body: TranslationWrite): Promise<Translation> => http.post('/admin/translations', body, { schema: translationSchema }),
    update: (id: number, body: TranslationWrite): Promise<Translation> => http.put(`/admin/translations/${id}`, body, { schema: translationSchema }),
    remove: (id: number): Promise<void> => http.delete(`/admin/translations/${id}`, { responseType: 'none' }),
    missing: (): Promise<MissingTranslation[]> => http.get('/admin/translations/missing', { schema: z.array(missingTranslationSchema) }),
    missingDatatable: (request: DataTableRequest, signal?: AbortSignal): Promise<DataTableResponse<MissingTranslation>> =>
      http.post('/admin/translations/missing/datatable', request, { schema: missingTable, signal }),
    removeMissing: (id: number): Promise<void> => http.delete(`/admin/translations/missing/${id}`, { responseType: 'none' }),
    /** Deletes every key clients reported (reference data rows stay until translated); answers how many went. */
    removeAllReported: (): Promise<{ deleted: number }> =>
      http.post('/admin/translations/missing/delete', {}, { schema: z.object({ deleted: z.number().int().min(0) }) }),
  };
}
export const translationsApi = createTranslationsApi(apiClient);
