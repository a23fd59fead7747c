/** Reset password: an email field; Reset is disabled until it is filled. The answer is the same whether or not the account exists. */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppAuth } from '../../app/auth/auth-react';
import { notifyError } from '../../ui/toast';
import { AuthCard, errorMessage } from './auth-card';
import { EmailForm } from './email-form';
// Registers the area's texts before it renders.
import './i18n';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const auth = useAppAuth();
  const [sent, setSent] = useState(false);
  return (
    <AuthCard title={t('reset.title')} testId="reset-page">
      <Stack>
        {sent ? (
          <Alert color="green" data-testid="reset-sent">
            {t('reset.sent')}
          </Alert>
        ) : (
          <>
            <Text size="sm">{t('reset.intro')}</Text>
            <EmailForm
              testId="reset-form"
              submitLabel={t('reset.submit')}
              onSubmit={async (email) => {
                try {
                  await auth.resetPassword(email);
                  setSent(true);
                } catch (e) {
                  notifyError(errorMessage(e));
                }
              }}
            />
          </>
        )}
        <Anchor component={Link} to="/login" size="sm">
          {t('reset.back')}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
