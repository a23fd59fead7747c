import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { apiContract } from '../../server/openapi/api-contract';

/**
 * GET /api/openapi.json: the API's OpenAPI description, generated from the registered routes and the zod contracts.
 * Every route the server registers is in it, every contract names a registered route, and the request and answer
 * schemas are the contracts' (a login needs email and password; a leaderboard answers rows).
 */
interface Operation {
  parameters: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: { 'application/json': { schema: { properties?: Record<string, unknown>; required?: string[] } } } };
  responses: Record<string, { content?: { 'application/json': { schema: { type?: string; properties?: Record<string, unknown> } } } }>;
}
interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
}

let h: Harness;
let doc: Document;
beforeAll(async () => {
  h = await createHarness();
  const res = await h.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
}, HOOK_TIMEOUT_MS);
afterAll(() => h?.close());

const openApiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, public, with the app version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('describes every route the server registers under /api, and nothing else', () => {
    const registered = h.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(registered.length).toBeGreaterThan(80);
    const missing = registered.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(described).toHaveLength(new Set(registered.map((r) => `${r.method} ${r.url}`)).size);
  });

  it('has no contract for a route that does not exist', () => {
    const registered = new Set(h.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(apiContract).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('takes request and answer schemas from the zod contracts, and path parameters from the route', () => {
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody!.content['application/json'].schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(Object.keys(login.responses['200'].content!['application/json'].schema.properties!)).toEqual(['accessToken']);
    const board = doc.paths['/api/leaderboards'].post;
    expect(board.responses['200'].content!['application/json'].schema.properties).toHaveProperty('rows');
    const session = doc.paths['/api/sessions/{id}'].get;
    expect(session.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    const circuits = doc.paths['/api/circuits'].get;
    expect(circuits.responses['200'].content!['application/json'].schema.type).toBe('array');
    const verify = doc.paths['/api/auth/verify'].get;
    expect(verify.parameters).toContainEqual(expect.objectContaining({ name: 'token', in: 'query', required: true }));
    expect(doc.paths['/api/admin/countries/{id}'].delete.responses).toHaveProperty('204');
  });
});
