import { createFileRoute } from '@tanstack/react-router';
import { optionalSearchString } from '../app/search-params';
import { ChangePasswordPage } from '../features/auth/change-password-page';

/** ?token= from the reset-password mail. */
export const Route = createFileRoute('/change-password')({
  staticData: { access: 'public', hidden: true },
  validateSearch: (search): { token?: string } => ({ token: optionalSearchString(search.token, 400, 1) }),
  component: ChangePasswordRoute,
});

function ChangePasswordRoute() {
  const { token } = Route.useSearch();
  return <ChangePasswordPage token={token} />;
}
