/**
 * Length bounds of the account contract (tokens, passwords), without zod: route files of the first view import them (zod stays out
 * of the initial bundle); src/contracts/auth.ts builds its schemas from them.
 */

/** Length bounds of the one-time tokens in the verification and reset mails (the links' ?token=). */
export const MAIL_TOKEN_MIN_LENGTH = 16;
export const MAIL_TOKEN_MAX_LENGTH = 200;

/** Shortest password the server accepts (the account forms check it too); the strength meter is informational only. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password the server accepts (the account forms state the rule under the password field). */
export const PASSWORD_MAX_LENGTH = 200;
