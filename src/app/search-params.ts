/**
 * Search-param checks for the public routes (login, verify, change-password), by hand: those routes are part of
 * the first load, where zod is not (it would grow the initial bundle).
 */

/**
 * An optional string parameter: the value when it is a string of `min`..`max` characters, otherwise undefined
 * (a missing, malformed or oversized value is dropped, never an error page).
 */
export function optionalSearchString(value: unknown, max: number, min = 0): string | undefined {
  return typeof value === 'string' && value.length >= min && value.length <= max ? value : undefined;
}
