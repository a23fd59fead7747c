import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** multipart/form-data bodies (the admin's firmware file): one file of at most 16 MiB. */
async function multipartBodies(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: 16 * 1024 * 1024, files: 1, fields: 20 } });
}

export default fp(multipartBodies, { name: 'multipart' });
