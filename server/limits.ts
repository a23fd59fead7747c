/** Request bodies: 1 MB everywhere except session uploads (a 7 h session is ~25 MB of text, inflated size). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const SESSION_BODY_LIMIT = 40 * 1024 * 1024;
