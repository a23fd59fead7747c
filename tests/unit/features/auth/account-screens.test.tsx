// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../../src/features/auth/login-page';
import { RegisterPage } from '../../../../src/features/auth/register-page';
import { ResetPasswordPage } from '../../../../src/features/auth/reset-password-page';
import { VerifyPage } from '../../../../src/features/auth/verify-page';
import { ChangePasswordPage } from '../../../../src/features/auth/change-password-page';
import { ApiError } from '../../../../src/data/api/api-error';
import { fakeAuth, renderScreen } from './render-screen';

// Toasts live in a module-wide store: one test's toasts must not fill the visible slots of the next one's.
afterEach(() => {
  cleanup();
  notifications.clean();
});

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

describe('the login screen', () => {
  it('keeps Login disabled until both email and password are filled', async () => {
    await renderScreen(() => <LoginPage />, fakeAuth());
    expect(button('login-submit').disabled).toBe(true);
    type('email', 'rita@example.com');
    expect(button('login-submit').disabled).toBe(true);
    type('password', 'secret');
    expect(button('login-submit').disabled).toBe(false);
    type('email', '');
    expect(button('login-submit').disabled).toBe(true);
  });

  it('uses an email input and a masked password with a reveal toggle', async () => {
    await renderScreen(() => <LoginPage />, fakeAuth());
    expect(input('email').type).toBe('email');
    expect(input('password').type).toBe('password');
    expect(screen.getByText('Forgot password?')).toBeTruthy();
    expect(screen.getByText('Register')).toBeTruthy();
  });

  it("logs in, toasts 'Login successful', preloads and goes to the redirect target", async () => {
    const auth = fakeAuth();
    const { router } = await renderScreen(() => <LoginPage redirect="/about" />, auth);
    type('email', ' rita@example.com ');
    type('password', 'secret');
    await act(async () => fireEvent.click(button('login-submit')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(auth.login).toHaveBeenCalledWith('rita@example.com', 'secret');
    expect(auth.preload).toHaveBeenCalled();
    expect(await screen.findByText('Login successful')).toBeTruthy();
  });

  it("shows the server's message as an error toast when login fails", async () => {
    const auth = fakeAuth({ login: vi.fn(async () => Promise.reject(new ApiError('NOT_VERIFIED', 'Please verify your email before logging in.', 403))) });
    const { router } = await renderScreen(() => <LoginPage />, auth);
    type('email', 'rita@example.com');
    type('password', 'secret');
    await act(async () => fireEvent.click(button('login-submit')));
    expect(await screen.findByText('Please verify your email before logging in.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/screen');
  });
});

describe('the login screen of an account that is not verified', () => {
  it('offers a new verification email for the typed address, and says it is on its way', async () => {
    const auth = fakeAuth({ login: vi.fn(async () => Promise.reject(new ApiError('NOT_VERIFIED', 'Not verified yet.', 403))) });
    await renderScreen(() => <LoginPage />, auth);
    type('email', ' rita@example.com ');
    type('password', 'secret');
    await act(async () => fireEvent.click(button('login-submit')));
    await act(async () => fireEvent.click(await screen.findByTestId('login-resend-verification')));
    expect(auth.resendVerification).toHaveBeenCalledWith('rita@example.com');
    expect((await screen.findByTestId('login-verification-sent')).textContent).toContain('a new email is on its way');
    expect(screen.queryByTestId('login-resend-verification')).toBeNull();
  });

  it('offers no resend for wrong credentials, nor once the address is changed', async () => {
    const reasons = [new ApiError('INVALID_CREDENTIALS', 'Invalid email or password.', 401), new ApiError('NOT_VERIFIED', 'Not verified yet.', 403)];
    const auth = fakeAuth({ login: vi.fn(async () => Promise.reject(reasons.shift())) });
    await renderScreen(() => <LoginPage />, auth);
    type('email', 'rita@example.com');
    type('password', 'secret');
    await act(async () => fireEvent.click(button('login-submit')));
    await screen.findByText('Invalid email or password.');
    expect(screen.queryByTestId('login-resend-verification')).toBeNull();
    await act(async () => fireEvent.click(button('login-submit')));
    await screen.findByTestId('login-resend-verification');
    type('email', 'other@example.com');
    expect(screen.queryByTestId('login-resend-verification')).toBeNull();
  });
});

describe('the register screen', () => {
  it('marks both password fields invalid and does not submit when they differ', async () => {
    const auth = fakeAuth();
    await renderScreen(() => <RegisterPage />, auth);
    type('email', 'rita@example.com');
    type('firstName', 'Rita');
    type('password', 'Secret123');
    type('confirmPassword', 'Secret124');
    await act(async () => fireEvent.click(button('register-submit')));
    expect(input('password').getAttribute('aria-invalid')).toBe('true');
    expect(input('confirmPassword').getAttribute('aria-invalid')).toBe('true');
    expect(auth.register).not.toHaveBeenCalled();
  });

  it('requires the first name but not the last name', async () => {
    const auth = fakeAuth();
    await renderScreen(() => <RegisterPage />, auth);
    type('email', 'rita@example.com');
    type('password', 'Secret123');
    type('confirmPassword', 'Secret123');
    await act(async () => fireEvent.click(button('register-submit')));
    expect(input('firstName').getAttribute('aria-invalid')).toBe('true');
    expect(input('lastName').getAttribute('aria-invalid')).not.toBe('true');
    expect(auth.register).not.toHaveBeenCalled();
    type('firstName', 'Rita');
    await act(async () => fireEvent.click(button('register-submit')));
    expect(auth.register).toHaveBeenCalledWith({ email: 'rita@example.com', firstName: 'Rita', lastName: '', password: 'Secret123', confirmPassword: 'Secret123' });
    expect(await screen.findByTestId('register-done')).toBeTruthy();
  });

  it('reveals both passwords with the show-password switch', async () => {
    await renderScreen(() => <RegisterPage />, fakeAuth());
    expect(input('password').type).toBe('password');
    await act(async () => fireEvent.click(screen.getByLabelText('Show password')));
    expect(input('password').type).toBe('text');
    expect(input('confirmPassword').type).toBe('text');
  });
});

describe('the reset password screen', () => {
  it('keeps Reset disabled until an email is entered', async () => {
    const auth = fakeAuth();
    await renderScreen(() => <ResetPasswordPage />, auth);
    expect(button('reset-form-submit').disabled).toBe(true);
    type('email', 'rita@example.com');
    expect(button('reset-form-submit').disabled).toBe(false);
    await act(async () => fireEvent.click(button('reset-form-submit')));
    expect(auth.resetPassword).toHaveBeenCalledWith('rita@example.com');
    expect(await screen.findByTestId('reset-sent')).toBeTruthy();
  });
});

describe('the verify screen', () => {
  it('shows the wait message while validating, then the success', async () => {
    let finish: () => void = () => undefined;
    const auth = fakeAuth({ verify: vi.fn(() => new Promise<void>((r) => (finish = r))) });
    await renderScreen(() => <VerifyPage token="tok-success-1234567890" />, auth);
    expect(screen.getByText('Please wait, your account is being validated')).toBeTruthy();
    await act(async () => finish());
    expect(await screen.findByTestId('verify-done')).toBeTruthy();
    expect(auth.verify).toHaveBeenCalledTimes(1);
  });

  it('on failure toasts the message and reveals the resend form, disabled until an email is entered', async () => {
    const auth = fakeAuth({ verify: vi.fn(async () => Promise.reject(new ApiError('INVALID_TOKEN', 'Invalid or expired token', 400))) });
    await renderScreen(() => <VerifyPage token="tok-failure-1234567890" />, auth);
    expect(await screen.findByText('Invalid or expired token')).toBeTruthy();
    const send = button('resend-form-submit');
    expect(send.textContent).toContain('Send a new verification email');
    expect(send.disabled).toBe(true);
    type('email', 'rita@example.com');
    expect(send.disabled).toBe(false);
    await act(async () => fireEvent.click(send));
    expect(auth.resendVerification).toHaveBeenCalledWith('rita@example.com');
    expect(screen.getByText('Contact support')).toBeTruthy();
    expect(screen.getByTestId('verify-login-link')).toBeTruthy();
  });
});

describe('the change password screen', () => {
  it('sends the new password with the token when both fields match', async () => {
    const auth = fakeAuth();
    await renderScreen(() => <ChangePasswordPage token="tok-change-1234567890" />, auth);
    type('password', 'NewSecret1');
    type('confirmPassword', 'NewSecret2');
    await act(async () => fireEvent.click(button('change-submit')));
    expect(auth.changePassword).not.toHaveBeenCalled();
    expect(input('confirmPassword').getAttribute('aria-invalid')).toBe('true');
    type('confirmPassword', 'NewSecret1');
    await act(async () => fireEvent.click(button('change-submit')));
    expect(auth.changePassword).toHaveBeenCalledWith('tok-change-1234567890', 'NewSecret1');
    expect(await screen.findByTestId('change-done')).toBeTruthy();
  });
});
