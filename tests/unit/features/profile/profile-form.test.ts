import { describe, expect, it } from 'vitest';
import { userSelfWriteSchema, type User } from '../../../../src/contracts/entities';
import { nameError, profileFormOf, profileFormValid, profilePatch, savedLabel } from '../../../../src/features/profile/profile-form';

const user: User = {
  id: 7, email: 'ana@example.test', firstName: 'Ana', lastName: 'Silva', birthdate: '1990-02-03', countryId: 1, licenceId: null,
  active: true, verified: true, firmwareVersion: '1.2.3', role: 'user', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
} as User;

describe('profile form', () => {
  it('round-trips the user into a self-service patch the server accepts', () => {
    const form = profileFormOf(user);
    expect(form).toEqual({ firstName: 'Ana', lastName: 'Silva', birthdate: '1990-02-03', countryId: '1', licenceId: '' });
    const patch = profilePatch({ ...form, licenceId: ' L-42 ', firstName: ' Ana ' });
    expect(patch).toEqual({ firstName: 'Ana', lastName: 'Silva', birthdate: '1990-02-03', countryId: 1, licenceId: 'L-42' });
    expect(userSelfWriteSchema.partial().safeParse(patch).success).toBe(true);
  });

  it('clears birthdate, country and licence with nulls', () => {
    expect(profilePatch({ firstName: 'Ana', lastName: '', birthdate: '', countryId: null, licenceId: '  ' })).toEqual({
      firstName: 'Ana', lastName: '', birthdate: null, countryId: null, licenceId: null,
    });
  });

  it('requires a first name and a well-formed birthdate', () => {
    const form = profileFormOf(user);
    expect(profileFormValid(form)).toBe(true);
    expect(profileFormValid({ ...form, firstName: ' ' })).toBe(false);
    expect(profileFormValid({ ...form, birthdate: '03/02/1990' })).toBe(false);
    expect(profileFormValid({ ...form, firstName: 'Ana\u202E' })).toBe(false);
    expect(profileFormValid({ ...form, lastName: 'Silva\nwww.evil.example' })).toBe(false);
    expect(nameError('Ana\u200B')).toBe('profile:nameCharacters');
    expect(nameError('Zoë')).toBeNull();
  });
});

describe('the saved profile toast', () => {
  it('names the user by full name, else by e-mail address', () => {
    expect(savedLabel({ firstName: 'Rui', lastName: 'Costa', email: 'rui@example.com' })).toBe('Rui Costa');
    expect(savedLabel({ firstName: 'Rui', lastName: '', email: 'rui@example.com' })).toBe('Rui');
    expect(savedLabel({ firstName: ' ', lastName: '', email: 'rui@example.com' })).toBe('rui@example.com');
  });
});
