/**
 * Change password from a reset link (spec 2, 5): new password and confirm, a show-password switch and Confirm.
 * A mismatch marks both fields invalid and stops the submit; server failures are toasted with its message.
 */
import { Alert, Anchor, Button, Stack, Switch, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppAuth } from '../../app/auth/auth-react';
import { notifyError } from '../../ui/toast';
import { AuthCard, errorMessage } from './auth-card';
import { hasErrors, validateChangePassword, type ChangePasswordValues, type FieldErrors } from './validation';

export function ChangePasswordPage({ token }: { token?: string }) {
  const { t } = useTranslation('auth');
  const auth = useAppAuth();
  const [values, setValues] = useState<ChangePasswordValues>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<ChangePasswordValues>>({});
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

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

  const field = (name: keyof ChangePasswordValues) => ({
    value: values[name],
    name,
    error: errors[name] ? t(errors[name]!) : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      if (errors[name]) setErrors(validateChangePassword({ ...values, [name]: value }));
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateChangePassword(values);
    setErrors(found);
    if (hasErrors(found) || busy) return;
    setBusy(true);
    try {
      await auth.changePassword(token, values.password);
      setDone(true);
    } catch (err) {
      notifyError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const type = show ? 'text' : 'password';
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
            <TextInput type={type} label={t('change.password')} autoComplete="new-password" required {...field('password')} />
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
