import { authSession } from '../auth/app-session';
import { createHttpClient } from './http-client';

/**
 * The HTTP client every API module uses by default: base '/api', the auth session as token provider (valid
 * bearer before each call, single-flight refresh, one retry after a 401).
 */
export const apiClient = createHttpClient({ tokenProvider: authSession });
