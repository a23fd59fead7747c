import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../errors';
import { parseId, parseInput } from '../validate';
import { authenticate, caller, requireAdmin } from '../auth/guard';
import { parseDataTableRequest } from '../datatable/datatable';
import {
  deleteRow,
  findRow,
  insertRow,
  isRowVisible,
  listRows,
  missingReference,
  referenceResources,
  rowsPage,
  unknownReference,
  updateRow,
  type AnyResource,
} from '../reference/reference-store';

/**
 * Reference data routes (tables and SQL: reference/reference-store.ts): countries, circuit types, circuits, vehicle
 * types, vehicle categories. Reads (GETs and the non-admin data tables) are public, without a token (the signed-out
 * screens and the welcome page read them); writes are admin-only under /admin. Spec asymmetry kept: the countries
 * data table is /admin/countries/datatable, the others are /X/datatable.
 */

/**
 * The signed-in caller's id on a public read, or null: no token, or one that is no longer good (a public list
 * never answers 401; it just lists what everyone sees).
 */
async function optionalCallerId(request: FastifyRequest): Promise<number | null> {
  if (!request.headers.authorization) return null;
  try {
    await authenticate(request, undefined as never);
    return request.auth?.id ?? null;
  } catch {
    return null;
  }
}

function registerResource(app: FastifyInstance, r: AnyResource): void {
  const { db } = app;
  const byId = async (id: number): Promise<unknown> => {
    const row = await findRow(db, r, id);
    if (row === null) throw notFound(r.messages.notFound);
    return row;
  };
  const checkReferences = async (input: Record<string, unknown>) => {
    const field = await missingReference(db, r, input);
    if (field !== null) throw new ApiError(400, 'VALIDATION', unknownReference(field), { [field]: 'Does not exist' });
  };

  app.get(`/${r.path}`, async (request) => listRows(db, r, r.ownRows ? await optionalCallerId(request) : null));
  app.get(`/${r.path}/:id`, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    if (r.ownRows) {
      // A racer's own circuit is theirs alone (and the admins', who review it): to anyone else it does not exist.
      const viewer = await optionalCallerId(request);
      const admin = viewer !== null && request.auth?.role === 'admin';
      if (!(await isRowVisible(db, r, id, viewer, admin))) throw notFound(r.messages.notFound);
    }
    return byId(id);
  });
  const datatable = async (body: unknown) => rowsPage(db, r, parseDataTableRequest(body));
  if (r.datatablePath === 'public') {
    app.post(`/${r.path}/datatable`, async (request) => datatable(request.body));
  } else {
    app.post(`/admin/${r.path}/datatable`, { onRequest: requireAdmin }, async (request) => datatable(request.body));
  }

  app.post(`/admin/${r.path}`, { onRequest: requireAdmin }, async (request, reply) => {
    const input = parseInput(r.write, request.body) as Record<string, unknown>;
    await checkReferences(input);
    const id = await insertRow(db, r, input, caller(request).id);
    return reply.status(201).send(await byId(id));
  });
  const update = (partial: boolean) => async (request: Parameters<typeof caller>[0]) => {
    const id = parseId((request.params as { id?: string }).id);
    const input = parseInput(partial ? r.write.partial() : r.write, request.body) as Record<string, unknown>;
    await checkReferences(input);
    if (!(await updateRow(db, r, id, input))) throw notFound(r.messages.notFound);
    return byId(id);
  };
  app.put(`/admin/${r.path}/:id`, { onRequest: requireAdmin }, update(false));
  app.patch(`/admin/${r.path}/:id`, { onRequest: requireAdmin }, update(true));
  app.delete(`/admin/${r.path}/:id`, { onRequest: requireAdmin }, async (request, reply) => {
    const outcome = await deleteRow(db, r, parseId((request.params as { id?: string }).id));
    if (outcome === 'not-found') throw notFound(r.messages.notFound);
    if (outcome === 'in-use') throw new ApiError(409, 'CONFLICT', r.messages.inUse);
    return reply.status(204).send();
  });
}

export default async function referenceRoutes(app: FastifyInstance): Promise<void> {
  for (const resource of referenceResources) registerResource(app, resource);
}
