import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { apiContract } from '../openapi/api-contract';
import { openApiDocument, type OpenApiDocument } from '../openapi/openapi-document';

/**
 * GET /api/openapi.json: the API's OpenAPI description, public. Built once, on the first request, when every route
 * has been registered (server/openapi/).
 */
export default async function openApiRoutes(app: FastifyInstance): Promise<void> {
  let document: OpenApiDocument | null = null;
  const build = () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    return openApiDocument(app.routeTable, apiContract, version);
  };
  app.get('/openapi.json', async () => (document ??= build()));
}
