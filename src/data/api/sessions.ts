import { apiClient } from './client';
import { createSessionsApi } from './sessions-api';

/** The sessions API over the app's client. The factory, types and limits live in sessions-api.ts (no singletons: the service worker imports it). */
export * from './sessions-api';
export const sessionsApi = createSessionsApi(apiClient);
