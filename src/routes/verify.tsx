import { createFileRoute } from '@tanstack/react-router';
import { optionalSearchString } from '../app/search-params';
import { VerifyPage } from '../features/auth/verify-page';

/** ?token= from the verification mail. */
export const Route = createFileRoute('/verify')({
  staticData: { access: 'public', hidden: true },
  validateSearch: (search): { token?: string } => ({ token: optionalSearchString(search.token, 400, 1) }),
  component: VerifyRoute,
});

function VerifyRoute() {
  const { token } = Route.useSearch();
  return <VerifyPage token={token} />;
}
