/**
 * The API's OpenAPI 3.1 description, built from the routes Fastify registered (so no route is left out) and the
 * zod contracts in api-contract.ts (turned into JSON Schema by zod's own z.toJSONSchema: request bodies and queries
 * as the input they accept, answers as the output they produce). Every operation also names the one error body
 * (src/contracts/errors.ts).
 */
import { z } from 'zod';
import { errorBodySchema } from '../../src/contracts/errors';
import type { RouteContract } from './api-contract';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** A zod schema as JSON Schema; what JSON cannot say (a transform, a Date) is left open rather than refused. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Fastify's '/api/sessions/:id' as OpenAPI's '/api/sessions/{id}', with the parameter names. */
function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

/** The query parameters of an object schema, one per property. */
function queryParameters(query: z.ZodType): JsonSchema[] {
  const schema = jsonSchema(query, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }));
}

/**
 * The document for `routes` (method and Fastify URL; only those under /api are described, HEAD left out) with the
 * contracts keyed 'METHOD url'.
 */
export function openApiDocument(routes: ReadonlyArray<{ method: string; url: string }>, contracts: Record<string, RouteContract>, version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const seen = new Set<string>();
  for (const { method, url } of routes) {
    if (!url.startsWith('/api/') || method === 'HEAD' || seen.has(`${method} ${url}`)) continue;
    seen.add(`${method} ${url}`);
    const contract = contracts[`${method} ${url}`] ?? {};
    const { path, params } = openApiPath(url);
    const status = String(contract.status ?? 200);
    const operation: JsonSchema = {
      operationId: `${method.toLowerCase()} ${url}`,
      tags: [url.split('/')[2] === 'admin' ? 'admin' : url.split('/')[2]],
      ...(contract.summary ? { summary: contract.summary } : {}),
      parameters: [
        ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        ...(contract.query ? queryParameters(contract.query) : []),
      ],
      ...(contract.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(contract.body, 'input') } } } } : {}),
      responses: {
        [status]: {
          description: status === '204' ? 'Done, no body' : 'Success',
          ...(contract.response ? { content: { 'application/json': { schema: jsonSchema(contract.response, 'output') } } } : {}),
        },
        default: { description: 'An error (typed code, an English message safe to show, its message id and values)', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
      },
    };
    (paths[path] ??= {})[method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ASTRO Companion API',
      version,
      description: 'Sessions, reference data, leaderboards, sharing and accounts of the ASTRO Companion app. Access tokens go in `Authorization: Bearer`; the refresh token is an httpOnly cookie.',
    },
    paths,
    components: { schemas: { ErrorBody: jsonSchema(errorBodySchema, 'output') } },
  };
}
