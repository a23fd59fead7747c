import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';

/** Cookie parsing and setting (the refresh token travels in an httpOnly cookie). */
async function cookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}

export default fp(cookies, { name: 'cookies' });
