import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/register-page';

export const Route = createFileRoute('/register')({
  staticData: { access: 'public', hidden: true },
  component: RegisterPage,
});
