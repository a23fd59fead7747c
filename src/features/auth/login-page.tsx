/**
 * Login: email + password (masked, reveal toggle, no strength feedback), Forgot password and
 * Register links; the button is disabled until both fields are filled. Success: 'Login successful', reference
 * data preloaded in the background, then the redirect target or the welcome route.
 */
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppAuth } from '../../app/auth/auth-react';
import { safeRedirect } from '../../app/auth/guards';
import { takePrerenderedForm } from '../../app/prerender/handoff';
import { translateError, translateMessage } from '../../app/i18n/setup';
import { notifyError, notifySuccess } from '../../ui/toast';
import { AuthCard, errorMessage } from './auth-card';
import { canSubmitLogin } from './validation';
// Registers the area's texts before it renders.
import './i18n';

export function LoginPage({ redirect }: { redirect?: string }) {
  const { t } = useTranslation('auth');
  const auth = useAppAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // The account exists but its address is not verified: the way to a new verification mail, for the typed address.
  const [unverified, setUnverified] = useState<'ask' | 'sending' | 'sent' | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const sendHandedOver = useRef(false);

  // The prerendered login form (index.html) was usable before the app rendered: take over what was typed there,
  // the focus, and a submit, before the browser paints this form in its place.
  useLayoutEffect(() => {
    const handed = takePrerenderedForm();
    if (!handed) return;
    setEmail(handed.values.email ?? '');
    setPassword(handed.values.password ?? '');
    const field = handed.focused ? form.current?.elements.namedItem(handed.focused) : null;
    if (field instanceof HTMLElement) field.focus();
    sendHandedOver.current = handed.submitted;
  }, []);
  // A submit made on the prerendered form is sent once the handed-over values are in place.
  useEffect(() => {
    if (!sendHandedOver.current || !canSubmitLogin({ email, password })) return;
    sendHandedOver.current = false;
    form.current?.requestSubmit();
  }, [email, password]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmitLogin({ email, password }) || busy) return;
    setBusy(true);
    try {
      await auth.login(email.trim(), password);
      notifySuccess(translateMessage('loginSuccessful'));
      void auth.preload();
      await navigate({ href: safeRedirect(redirect) });
    } catch (err) {
      notifyError(err instanceof Error && err.message ? translateError(err) : translateMessage('loginFailed'));
      if (isNotVerified(err)) setUnverified('ask');
      setBusy(false);
    }
  };

  const resend = async () => {
    setUnverified('sending');
    try {
      await auth.resendVerification(email.trim());
      setUnverified('sent');
    } catch (err) {
      notifyError(errorMessage(err));
      setUnverified('ask');
    }
  };

  const changeEmail = (value: string) => {
    setEmail(value);
    // Another address may not be the unverified one.
    if (unverified !== 'sending') setUnverified(null);
  };

  return (
    <AuthCard title={t('login.title')} testId="login-page">
      <form ref={form} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput type="email" label={t('email')} autoComplete="username" required value={email} onChange={(e) => changeEmail(e.currentTarget.value)} name="email" />
          <PasswordInput label={t('password')} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} name="password" />
          <Group justify="flex-end">
            <Anchor component={Link} to="/reset-password" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" disabled={!canSubmitLogin({ email, password })} loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          {unverified === 'sent' && (
            <Alert color="green" data-testid="login-verification-sent">
              {t('verify.resent')}
            </Alert>
          )}
          {(unverified === 'ask' || unverified === 'sending') && (
            <>
              <Alert color="orange" data-testid="login-unverified">
                {t('login.unverified')}
              </Alert>
              {/* Full width, its label wrapping: the pt-pt label is wider than a phone's card. */}
              <Button
                variant="default"
                fullWidth
                h="auto"
                py={8}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } }}
                loading={unverified === 'sending'}
                onClick={() => void resend()}
                data-testid="login-resend-verification"
              >
                {t('verify.resend')}
              </Button>
            </>
          )}
          <Text size="sm" ta="center">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to="/register">
              {t('login.register')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** The server refused the login because the account's address is not verified yet (error code NOT_VERIFIED). */
function isNotVerified(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'NOT_VERIFIED';
}
