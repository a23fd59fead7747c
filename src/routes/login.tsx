import { createFileRoute } from '@tanstack/react-router';
import { optionalSearchString } from '../app/search-params';
import { LoginPage } from '../features/auth/login-page';

/** ?redirect= is where the auth guard found the user; only same-origin paths are followed (guards.safeRedirect). */
export const Route = createFileRoute('/login')({
  staticData: { access: 'public', hidden: true },
  validateSearch: (search): { redirect?: string } => ({ redirect: optionalSearchString(search.redirect, 2000) }),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
