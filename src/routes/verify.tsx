import { createFileRoute } from '@tanstack/react-router';
import { optionalSearchString } from '../app/search-params';
import { VerifyPage } from '../features/auth/verify-page';
import { MAIL_TOKEN_MAX_LENGTH, MAIL_TOKEN_MIN_LENGTH } from '../contracts/auth-limits';

/** ?token= from the verification mail. */
export const Route = createFileRoute('/verify')({
  staticData: { access: 'public', hidden: true },
  validateSearch: (search): { token?: string } => ({ token: optionalSearchString(search.token, MAIL_TOKEN_MAX_LENGTH, MAIL_TOKEN_MIN_LENGTH) }),
  component: VerifyRoute,
});

function VerifyRoute() {
  const { token } = Route.useSearch();
  return <VerifyPage token={token} />;
}
