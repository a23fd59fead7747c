/** Request bodies: 1 MB everywhere except session uploads (a 7 h session is ~25 MB of text, inflated size). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const SESSION_BODY_LIMIT = 40 * 1024 * 1024;
/** Session uploads (POST/PUT /sessions) one user may have in progress at once; more are answered 429. */
export const CONCURRENT_UPLOADS_PER_USER = 2;
