import type { User } from '../../contracts/entities';

/** The value shown in the user toasts and the delete question: full name, else e-mail (the derived fullName). */
export function userLabel(u: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const full = `${u.firstName} ${u.lastName}`.trim();
  return full || u.email;
}
