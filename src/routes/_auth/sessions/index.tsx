import { createFileRoute, redirect } from '@tanstack/react-router';

/** /sessions itself has no screen: it opens the library. */
export const Route = createFileRoute('/_auth/sessions/')({
  beforeLoad: () => {
    throw redirect({ to: '/sessions/library', replace: true });
  },
});
