import type { AccessTokenClaims, Role } from '../../contracts/auth';
import { initialOf } from '../../contracts/person-name';

/** The signed-in user as screens see it (fullName, initials and isAdmin are derived). */
export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isAdmin: boolean;
  /** First plus last name, else the email. */
  fullName: string;
  /** Up to two capital letters: first and last name initials, else the email's first letter. */
  initials: string;
}

export function makeAuthUser(f: { id: number; email: string; firstName: string; lastName: string; role: Role }): AuthUser {
  const first = f.firstName.trim();
  const last = f.lastName.trim();
  const fullName = [first, last].filter(Boolean).join(' ') || f.email;
  // By code point: charAt(0) of a name starting with an emoji or a rare CJK character is half a surrogate pair.
  const initials = first || last ? `${initialOf(first)}${initialOf(last)}` : initialOf(f.email);
  return { id: f.id, email: f.email, firstName: first, lastName: last, role: f.role, isAdmin: f.role === 'admin', fullName, initials };
}

export function authUserFromClaims(c: AccessTokenClaims): AuthUser {
  return makeAuthUser({ id: c.id, email: c.sub, firstName: c.first_name, lastName: c.last_name, role: c.role });
}
