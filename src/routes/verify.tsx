import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { VerifyPage } from '../features/auth/verify-page';

/** ?token= from the verification mail. */
const searchSchema = z.object({ token: z.string().min(1).max(400).optional().catch(undefined) });

export const Route = createFileRoute('/verify')({
  staticData: { access: 'public', hidden: true },
  validateSearch: (search) => searchSchema.parse(search),
  component: VerifyRoute,
});

function VerifyRoute() {
  const { token } = Route.useSearch();
  return <VerifyPage token={token} />;
}
