import { describe, expect, it } from 'vitest';
import {
  canSubmitEmailOnly,
  canSubmitLogin,
  hasErrors,
  validateChangePassword,
  validateRegister,
} from '../../../../src/features/auth/validation';

const valid = { email: 'rita@example.com', firstName: 'Rita', lastName: '', password: 'Secret123', confirmPassword: 'Secret123' };

describe('the login form rule', () => {
  it('allows submitting only when both email and password are filled', () => {
    expect(canSubmitLogin({ email: '', password: '' })).toBe(false);
    expect(canSubmitLogin({ email: 'a@b.co', password: '' })).toBe(false);
    expect(canSubmitLogin({ email: '', password: 'x' })).toBe(false);
    expect(canSubmitLogin({ email: '   ', password: 'x' })).toBe(false);
    expect(canSubmitLogin({ email: 'a@b.co', password: 'x' })).toBe(true);
  });
});

describe('the reset and resend forms rule', () => {
  it('allows submitting only with an email', () => {
    expect(canSubmitEmailOnly('')).toBe(false);
    expect(canSubmitEmailOnly('  ')).toBe(false);
    expect(canSubmitEmailOnly('a@b.co')).toBe(true);
  });
});

describe('the register form rules', () => {
  it('accepts a complete form with no last name (last name is optional)', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('requires email, first name and password', () => {
    const errors = validateRegister({ email: '', firstName: ' ', lastName: '', password: '', confirmPassword: '' });
    expect(errors).toMatchObject({ email: 'auth:required', firstName: 'auth:required', password: 'auth:required' });
    expect(errors.lastName).toBeUndefined();
  });

  it('marks BOTH password fields invalid when they differ, and stops the submit', () => {
    const errors = validateRegister({ ...valid, confirmPassword: 'Secret124' });
    expect(errors).toEqual({ password: 'auth:passwordsMismatch', confirmPassword: 'auth:passwordsMismatch' });
    expect(hasErrors(errors)).toBe(true);
  });

  it('rejects an address an email input would reject', () => {
    expect(validateRegister({ ...valid, email: 'not-an-email' }).email).toBe('auth:invalidEmail');
  });

  it('marks names with line breaks, bidi controls or invisible characters, as the server refuses them', () => {
    expect(validateRegister({ ...valid, firstName: 'Ana\nVisit evil.example', lastName: 'Silva\u202E' })).toEqual({
      firstName: 'auth:nameCharacters',
      lastName: 'auth:nameCharacters',
    });
    expect(validateRegister({ ...valid, firstName: "Zoë O'Brien 👩\u200D🚀", lastName: '李' })).toEqual({});
  });
});

describe('the password length rule', () => {
  it('marks a new password shorter than the server minimum before any call', () => {
    expect(validateRegister({ ...valid, password: 'Ab1cdef', confirmPassword: 'Ab1cdef' })).toEqual({ password: 'auth:passwordTooShort' });
    expect(validateChangePassword({ password: 'short', confirmPassword: 'short' })).toEqual({ password: 'auth:passwordTooShort' });
    expect(validateChangePassword({ password: 'long enough', confirmPassword: 'long enough' })).toEqual({});
  });

  it('still marks both fields when a short password and its confirmation differ', () => {
    expect(validateChangePassword({ password: 'short', confirmPassword: 'shorter' })).toEqual({
      password: 'auth:passwordsMismatch',
      confirmPassword: 'auth:passwordsMismatch',
    });
  });
});

describe('the change password form rules', () => {
  it('requires a password and an equal confirmation', () => {
    expect(validateChangePassword({ password: 'abc12345', confirmPassword: 'abc12345' })).toEqual({});
    expect(validateChangePassword({ password: '', confirmPassword: '' })).toEqual({ password: 'auth:required' });
    expect(validateChangePassword({ password: 'abc12345', confirmPassword: 'abc' })).toEqual({
      password: 'auth:passwordsMismatch',
      confirmPassword: 'auth:passwordsMismatch',
    });
  });
});
