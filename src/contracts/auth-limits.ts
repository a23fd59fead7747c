/**
 * Length bounds of the account contract, without zod: route files of the first view import them (zod stays out
 * of the initial bundle); src/contracts/auth.ts builds its schemas from them.
 */

/** Length bounds of the one-time tokens in the verification and reset mails (the links' ?token=). */
export const MAIL_TOKEN_MIN_LENGTH = 16;
export const MAIL_TOKEN_MAX_LENGTH = 200;
