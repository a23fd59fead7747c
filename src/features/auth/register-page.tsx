/**
 * Register (spec 2, 5): email, first name (required), last name (optional), password, confirm password,
 * a show-password switch and a login link. A password mismatch marks both password fields invalid and stops
 * the submit. Server failures show the server's message (spec 8).
 */
import { Alert, Anchor, Button, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppAuth } from '../../app/auth/auth-react';
import { notifyError } from '../../ui/toast';
import { AuthCard, errorMessage } from './auth-card';
import { hasErrors, validateRegister, type FieldErrors, type RegisterValues } from './validation';

const EMPTY: RegisterValues = { email: '', firstName: '', lastName: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const auth = useAppAuth();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<RegisterValues>>({});
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const field = (name: keyof RegisterValues) => ({
    value: values[name],
    name,
    error: errors[name] ? t(errors[name]!) : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      if (errors[name]) setErrors(validateRegister({ ...values, [name]: value }));
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    if (hasErrors(found) || busy) return;
    setBusy(true);
    try {
      await auth.register({ ...values, email: values.email.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim() });
      setDone(true);
    } catch (err) {
      notifyError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

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

  const type = show ? 'text' : 'password';
  return (
    <AuthCard title={t('register.title')} testId="register-page">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput type="email" label={t('email')} autoComplete="email" required {...field('email')} />
          <TextInput label={t('register.firstName')} autoComplete="given-name" required {...field('firstName')} />
          <TextInput label={t('register.lastName')} autoComplete="family-name" {...field('lastName')} />
          <TextInput type={type} label={t('password')} autoComplete="new-password" required {...field('password')} />
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
