import { firmwareVersionSchema, type FirmwareVersion } from '../../contracts/firmware';
import { apiClient } from './client';
import type { HttpClient } from './http-client';

/**
 * GET /firmware/version (what the server offers), GET /firmware (the binary) and the admin's upload of a new image.
 * @internal Exported for its tests.
 */
export function createFirmwareApi(http: HttpClient) {
  return {
    version: (signal?: AbortSignal): Promise<FirmwareVersion> => http.get('/firmware/version', { schema: firmwareVersionSchema, signal }),
    download: (signal?: AbortSignal): Promise<ArrayBuffer> =>
      http.get('/firmware', { responseType: 'arrayBuffer', timeoutMs: 5 * 60_000, signal, headers: { Accept: 'application/octet-stream' } }),
    /** POST /admin/firmware as multipart (`notes`, then the `file`); the server answers with the stored image's version. */
    upload: (file: File, notes: string): Promise<FirmwareVersion> => {
      const body = new FormData();
      body.append('notes', notes);
      body.append('file', file, file.name);
      return http.post('/admin/firmware', body, { schema: firmwareVersionSchema, timeoutMs: 5 * 60_000 });
    },
  };
}
export type FirmwareApi = ReturnType<typeof createFirmwareApi>;
export const firmwareApi = createFirmwareApi(apiClient);
