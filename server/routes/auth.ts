import type { FastifyInstance } from 'fastify';
import { createAuthContext } from './auth-context';
import { registerLoginRoutes } from './auth-login';
import { registerAccountRoutes } from './auth-accounts';

/** Auth routes under /api/auth: logging in and out, and accounts by mail, sharing one set of limiters and one mail queue. */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const ctx = createAuthContext(app);
  registerLoginRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
}
