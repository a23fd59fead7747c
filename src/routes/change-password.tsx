import { createFileRoute } from '@tanstack/react-router';
import { optionalSearchString } from '../app/search-params';
import { ChangePasswordPage } from '../features/auth/change-password-page';
import { MAIL_TOKEN_MAX_LENGTH, MAIL_TOKEN_MIN_LENGTH } from '../contracts/auth-limits';

/** ?token= from the reset-password mail. */
export const Route = createFileRoute('/change-password')({
  staticData: { access: 'public', hidden: true },
  validateSearch: (search): { token?: string } => ({ token: optionalSearchString(search.token, MAIL_TOKEN_MAX_LENGTH, MAIL_TOKEN_MIN_LENGTH) }),
  component: ChangePasswordRoute,
});

function ChangePasswordRoute() {
  const { token } = Route.useSearch();
  return <ChangePasswordPage token={token} />;
}
