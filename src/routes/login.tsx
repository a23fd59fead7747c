import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '../features/auth/login-page';

/** ?redirect= is where the auth guard found the user; only same-origin paths are followed (guards.safeRedirect). */
const searchSchema = z.object({ redirect: z.string().max(2000).optional().catch(undefined) });

export const Route = createFileRoute('/login')({
  staticData: { access: 'public', hidden: true },
  validateSearch: (search) => searchSchema.parse(search),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
