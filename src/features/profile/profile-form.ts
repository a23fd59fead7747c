/** Pure parts of the profile screen: the form from the stored user and the PATCH body back. */
import type { User } from '../../contracts/entities';
import { hasForbiddenNameCharacters } from '../../contracts/person-name';

export interface ProfileForm {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD or '' */
  birthdate: string;
  countryId: string | null;
  licenceId: string;
}

export function profileFormOf(u: User): ProfileForm {
  return { firstName: u.firstName, lastName: u.lastName, birthdate: u.birthdate ?? '', countryId: u.countryId === null ? null : String(u.countryId), licenceId: u.licenceId ?? '' };
}

/** The i18n key of what is wrong with a name (control, bidi or other invisible characters), else null. */
export function nameError(name: string): string | null {
  return hasForbiddenNameCharacters(name) ? 'profile:nameCharacters' : null;
}

export function profileFormValid(f: ProfileForm): boolean {
  return f.firstName.trim() !== '' && !nameError(f.firstName) && !nameError(f.lastName) && (f.birthdate === '' || /^\d{4}-\d{2}-\d{2}$/.test(f.birthdate));
}

/** The self-service PATCH /users/{id} body (the fields a user may change on their own record: names, birthdate, country, licence). */
export function profilePatch(f: ProfileForm) {
  return {
    firstName: f.firstName.trim(),
    lastName: f.lastName.trim(),
    birthdate: f.birthdate === '' ? null : f.birthdate,
    countryId: f.countryId === null ? null : Number(f.countryId),
    licenceId: f.licenceId.trim() === '' ? null : f.licenceId.trim(),
  };
}

/** How a saved profile is named in its toast: the full name, else the e-mail address. */
export function savedLabel(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}
