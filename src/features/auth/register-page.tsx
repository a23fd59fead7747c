/**
 * Register: email, first name (required), last name (optional), password, confirm password,
 * a show-password switch and a login link. A password mismatch marks both password fields invalid and stops
 * the submit. Server failures show the server's message.
 */
import { Alert, Anchor, Button, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAppAuth } from '../../app/auth/auth-react';
import { AuthCard } from './auth-card';
import { useValidatedForm } from './use-validated-form';
import { validateRegister, type RegisterValues } from './validation';
// Registers the area's texts before it renders.
import './i18n';

const EMPTY: RegisterValues = { email: '', firstName: '', lastName: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const auth = useAppAuth();
  const { field, passwordRule, submit, busy, done, show, setShow, passwordType: type } = useValidatedForm(EMPTY, validateRegister, (values) =>
    auth.register({ ...values, email: values.email.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim() }),
  );

  if (done) {
    return (
      <AuthCard title={t('register.title')} testId="register-page">
        <Stack>
          <Alert color="green" data-testid="register-done">
            {t('register.success')}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('register.login')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} testId="register-page">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput type="email" label={t('email')} autoComplete="email" required {...field('email')} />
          <TextInput label={t('register.firstName')} autoComplete="given-name" required {...field('firstName')} />
          <TextInput label={t('register.lastName')} autoComplete="family-name" {...field('lastName')} />
          <TextInput type={type} label={t('password')} autoComplete="new-password" required {...passwordRule} {...field('password')} />
          <TextInput type={type} label={t('confirmPassword')} autoComplete="new-password" required {...field('confirmPassword')} />
          <Switch label={t('showPassword')} checked={show} onChange={(e) => setShow(e.currentTarget.checked)} data-testid="show-password" />
          <Button type="submit" loading={busy} data-testid="register-submit">
            {t('register.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('register.haveAccount')}{' '}
            <Anchor component={Link} to="/login">
              {t('register.login')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
