/**
 * Change password from a reset link: new password and confirm, a show-password switch and Confirm.
 * A mismatch marks both fields invalid and stops the submit; server failures are toasted with its message.
 */
import { Alert, Anchor, Button, Stack, Switch, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAppAuth } from '../../app/auth/auth-react';
import { AuthCard } from './auth-card';
import { useValidatedForm } from './use-validated-form';
import { validateChangePassword, type ChangePasswordValues } from './validation';
// Registers the area's texts before it renders.
import './i18n';

const EMPTY: ChangePasswordValues = { password: '', confirmPassword: '' };

export function ChangePasswordPage({ token }: { token?: string }) {
  const { t } = useTranslation('auth');
  const auth = useAppAuth();
  const { field, passwordRule, submit, busy, done, show, setShow, passwordType: type } = useValidatedForm(EMPTY, validateChangePassword, (values) =>
    auth.changePassword(token ?? '', values.password),
  );

  if (!token) {
    return (
      <AuthCard title={t('change.title')} testId="change-page">
        <Stack>
          <Alert color="red">{t('change.noToken')}</Alert>
          <Anchor component={Link} to="/reset-password">
            {t('change.requestNew')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('change.title')} testId="change-page">
      {done ? (
        <Stack>
          <Alert color="green" data-testid="change-done">
            {t('change.success')}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('verify.login')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <TextInput type={type} label={t('change.password')} autoComplete="new-password" required {...passwordRule} {...field('password')} />
            <TextInput type={type} label={t('confirmPassword')} autoComplete="new-password" required {...field('confirmPassword')} />
            <Switch label={t('showPassword')} checked={show} onChange={(e) => setShow(e.currentTarget.checked)} />
            <Button type="submit" loading={busy} data-testid="change-submit">
              {t('change.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
