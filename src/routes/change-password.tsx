import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ChangePasswordPage } from '../features/auth/change-password-page';

/** ?token= from the reset-password mail. */
const searchSchema = z.object({ token: z.string().min(1).max(400).optional().catch(undefined) });

export const Route = createFileRoute('/change-password')({
  staticData: { access: 'public', hidden: true },
  validateSearch: (search) => searchSchema.parse(search),
  component: ChangePasswordRoute,
});

function ChangePasswordRoute() {
  const { token } = Route.useSearch();
  return <ChangePasswordPage token={token} />;
}
