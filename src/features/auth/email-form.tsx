/** One email field and one button, disabled while the email is empty (reset password, resend verification). */
import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { canSubmitEmailOnly } from './validation';

export function EmailForm({ submitLabel, onSubmit, testId }: { submitLabel: string; onSubmit: (email: string) => Promise<void>; testId: string }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmitEmailOnly(email) || busy) return;
    setBusy(true);
    try {
      await onSubmit(email.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid={testId}>
      <Stack>
        <TextInput type="email" label={t('email')} autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} name="email" />
        <Button type="submit" disabled={!canSubmitEmailOnly(email)} loading={busy} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
