import { firmwareVersionSchema, type FirmwareVersion } from '../../contracts/firmware';
import { apiClient } from './client';
import type { HttpClient } from './http-client';

/** GET /firmware/version (what the server offers) and GET /firmware (the binary). */
export function createFirmwareApi(http: HttpClient) {
  return {
    version: (signal?: AbortSignal): Promise<FirmwareVersion> => http.get('/firmware/version', { schema: firmwareVersionSchema, signal }),
    download: (signal?: AbortSignal): Promise<ArrayBuffer> =>
      http.get('/firmware', { responseType: 'arrayBuffer', timeoutMs: 5 * 60_000, signal, headers: { Accept: 'application/octet-stream' } }),
  };
}
export type FirmwareApi = ReturnType<typeof createFirmwareApi>;
export const firmwareApi = createFirmwareApi(apiClient);
