import { z } from 'zod';

/**
 * People's names (first and last): what they may hold, and their initial.
 *
 * A name is shown to other racers (leaderboards) and is printed in mails and on screens, so it may not carry
 * characters that change how the text around it reads: control characters (newlines included), bidi controls
 * (U+202E turns the rest of a line around), other invisible format characters, line and paragraph separators,
 * private-use code points and lone surrogates. The zero-width joiner and non-joiner stay allowed: some scripts and
 * emoji sequences need them.
 */
const FORBIDDEN = /[\p{Cc}\p{Cs}\p{Co}\p{Zl}\p{Zp}]|(?![\u200C\u200D])\p{Cf}/u;

/** Longest first or last name (characters). */
const PERSON_NAME_MAX_LENGTH = 100;

export const hasForbiddenNameCharacters = (name: string): boolean => FORBIDDEN.test(name);

/** A first name (`min` 1) or a last name (`min` 0), trimmed. */
export const personNameSchema = (min: 0 | 1) =>
  z
    .string()
    .trim()
    .min(min)
    .max(PERSON_NAME_MAX_LENGTH)
    .refine((s) => !hasForbiddenNameCharacters(s), 'Must not contain control, bidi or other invisible characters');

/** The first character of a name, by code point (never half of a surrogate pair), in capitals; '' for none. */
export function initialOf(name: string): string {
  for (const c of name.trim()) return c.toUpperCase();
  return '';
}
