/**
 * Form rules of the account screens, pure so they are unit-tested:
 * - login: the button is disabled while email or password is empty;
 * - reset password and resend verification: disabled while the email is empty;
 * - register: email, first name and password required, last name optional; names without control, bidi or other
 *   invisible characters (the server refuses them too); password must equal confirm password, else BOTH password
 *   fields are invalid and submit stops;
 * - change password: both fields required and equal (same rule as register);
 * - a new password shorter than the server's minimum (PASSWORD_MIN_LENGTH) marks the password field before any
 *   call, so the user sees it on the field in their language rather than as the server's technical reply.
 * The password strength meter exists (medium/strong) but its feedback is off on these forms.
 */
import { PASSWORD_MIN_LENGTH } from '../../contracts/auth-limits';
import { hasForbiddenNameCharacters } from '../../contracts/person-name';

export interface LoginValues {
  email: string;
  password: string;
}

export interface RegisterValues {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

export interface ChangePasswordValues {
  password: string;
  confirmPassword: string;
}

/** Field -> i18n key of the message ('auth:required', 'auth:passwordsMismatch', ...). */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

const filled = (s: string) => s.trim().length > 0;

/** A light syntax check matching what type="email" inputs accept: something@something.tld. */
function looksLikeEmail(s: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim());
}

export function canSubmitLogin(v: LoginValues): boolean {
  return filled(v.email) && v.password.length > 0;
}

export function canSubmitEmailOnly(email: string): boolean {
  return filled(email);
}

export function validateRegister(v: RegisterValues): FieldErrors<RegisterValues> {
  const errors: FieldErrors<RegisterValues> = {};
  if (!filled(v.email)) errors.email = 'auth:required';
  else if (!looksLikeEmail(v.email)) errors.email = 'auth:invalidEmail';
  if (!filled(v.firstName)) errors.firstName = 'auth:required';
  else if (hasForbiddenNameCharacters(v.firstName)) errors.firstName = 'auth:nameCharacters';
  if (hasForbiddenNameCharacters(v.lastName)) errors.lastName = 'auth:nameCharacters';
  passwordRules(v, errors);
  return errors;
}

/** Required, long enough, and equal to its confirmation (a mismatch marks both fields). */
function passwordRules(v: ChangePasswordValues, errors: FieldErrors<ChangePasswordValues>): void {
  if (v.password.length === 0) errors.password = 'auth:required';
  else if (v.password.length < PASSWORD_MIN_LENGTH) errors.password = 'auth:passwordTooShort';
  if (v.password !== v.confirmPassword) {
    errors.password = 'auth:passwordsMismatch';
    errors.confirmPassword = 'auth:passwordsMismatch';
  }
}

export function validateChangePassword(v: ChangePasswordValues): FieldErrors<ChangePasswordValues> {
  const errors: FieldErrors<ChangePasswordValues> = {};
  passwordRules(v, errors);
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
