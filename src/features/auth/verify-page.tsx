/**
 * Account verification: with a token it shows 'Please wait, your account is being validated' and
 * calls GET /auth/verify once; on failure the server's message is toasted and the resend form appears (email
 * field, 'Send a new verification email' disabled until filled) with links to login and support.
 */
import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppAuth } from '../../app/auth/auth-react';
import type { AppAuth } from '../../app/auth/auth-port';
import { notifyError, notifySuccess } from '../../ui/toast';
import { SUPPORT_EMAIL } from '../../app/contact';
import { AuthCard, errorMessage } from './auth-card';
import { EmailForm } from './email-form';
// Registers the area's texts before it renders.
import './i18n';

/**
 * Tokens are single use: one request per token for the page's lifetime, even when React runs effects twice
 * (StrictMode) or the page re-mounts.
 */
const attempts = new Map<string, Promise<void>>();
function verifyOnce(auth: AppAuth, token: string): Promise<void> {
  let p = attempts.get(token);
  if (!p) {
    p = auth.verify(token);
    attempts.set(token, p);
  }
  return p;
}

type State = 'pending' | 'verified' | 'failed';

export function VerifyPage({ token }: { token?: string }) {
  const { t } = useTranslation('auth');
  const auth = useAppAuth();
  const [state, setState] = useState<State>(token ? 'pending' : 'failed');
  const [resent, setResent] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyOnce(auth, token).then(
      () => live && setState('verified'),
      (e: unknown) => {
        if (!live) return;
        notifyError(errorMessage(e));
        setState('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [auth, token]);

  return (
    <AuthCard title={t('verify.title')} testId="verify-page">
      <Stack>
        {state === 'pending' && (
          <Group data-testid="verify-pending">
            <Loader size="sm" />
            <Text>{t('verify.wait')}</Text>
          </Group>
        )}
        {state === 'verified' && (
          <Alert color="green" data-testid="verify-done">
            {t('verify.success')}
          </Alert>
        )}
        {state === 'failed' && (
          <>
            <Alert color="red" data-testid="verify-failed">
              {token ? t('verify.failed') : t('verify.noToken')}
            </Alert>
            {resent ? (
              <Alert color="green" data-testid="verify-resent">
                {t('verify.resent')}
              </Alert>
            ) : (
              <EmailForm
                testId="resend-form"
                submitLabel={t('verify.resend')}
                onSubmit={async (email) => {
                  try {
                    await auth.resendVerification(email);
                    notifySuccess(t('verify.resent'));
                    setResent(true);
                  } catch (e) {
                    notifyError(errorMessage(e));
                  }
                }}
              />
            )}
          </>
        )}
        <Group justify="space-between">
          <Anchor component={Link} to="/login" size="sm" data-testid="verify-login-link">
            {t('verify.login')}
          </Anchor>
          {state === 'failed' && (
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
              {t('verify.support')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </AuthCard>
  );
}
