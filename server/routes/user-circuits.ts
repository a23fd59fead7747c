/**
 * Racers' own circuits. A racer who imported a session near no known circuit confirms (or moves) the proposed
 * start/finish on the map and saves it: POST /circuits/mine stores it as theirs (not public: GET /circuits lists
 * it to them alone, reference-data.ts). Admins list those awaiting review (GET /admin/circuits/user) and promote
 * one to reference data everyone sees (POST /admin/circuits/:id/promote); editing or deleting it is the usual
 * admin circuit routes.
 */
import type { FastifyInstance } from 'fastify';
import { userCircuitWriteSchema, type Circuit } from '../../src/contracts/entities';
import { ApiError, notFound } from '../errors';
import { iso, parseId, parseInput } from '../validate';
import { authenticate, caller, requireAdmin } from '../auth/guard';

interface Row {
  id: number;
  user_id: number | null;
  name: string;
  type_id: number;
  country_id: number;
  description: string;
  configuration: Circuit['configuration'];
  direction: Circuit['direction'];
  length: number;
  coordinates: string;
  size: number;
  is_public: boolean;
  type_name: string | null;
  country_name: string | null;
  country_timezone: string | null;
  created_at: Date;
  updated_at: Date;
}

const SELECT = `select t.id, t.user_id, t.name, t.type_id, t.country_id, t.description, t.configuration, t.direction,
  t.length::float8 as length, t.coordinates, t.size::float8 as size, t.is_public, ct.name as type_name, co.name as country_name,
  co.timezone as country_timezone, t.created_at, t.updated_at
  from circuits t left join circuit_types ct on ct.id = t.type_id left join countries co on co.id = t.country_id`;

const toCircuit = (r: Row): Circuit => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  typeId: r.type_id,
  countryId: r.country_id,
  description: r.description,
  configuration: r.configuration,
  direction: r.direction,
  length: r.length,
  coordinates: r.coordinates,
  size: r.size,
  isPublic: r.is_public,
  type: r.type_name === null ? null : { id: r.type_id, name: r.type_name },
  country: r.country_name === null ? null : { id: r.country_id, name: r.country_name, timezone: r.country_timezone ?? '' },
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export default async function userCircuitRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const byId = async (id: number) => {
    const [row] = await db.query<Row>(`${SELECT} where t.id = $1`, [id]);
    if (!row) throw notFound('Circuit not found.');
    return toCircuit(row);
  };

  app.post('/circuits/mine', { onRequest: authenticate }, async (request, reply) => {
    const input = parseInput(userCircuitWriteSchema, request.body);
    for (const [field, table] of [['typeId', 'circuit_types'], ['countryId', 'countries']] as const) {
      const [found] = await db.query(`select 1 from ${table} where id = $1`, [input[field]]);
      if (!found) throw new ApiError(400, 'VALIDATION', `Unknown ${field}.`, { [field]: 'Does not exist' });
    }
    const [row] = await db.query<{ id: number }>(
      `insert into circuits (name, type_id, country_id, length, coordinates, size, user_id, is_public)
       values ($1, $2, $3, $4, $5, $6, $7, false) returning id`,
      [input.name, input.typeId, input.countryId, input.length, input.coordinates, input.size, caller(request).id],
    );
    return reply.status(201).send(await byId(row.id));
  });

  app.get('/admin/circuits/user', { onRequest: requireAdmin }, async () => {
    const rows = await db.query<Row>(`${SELECT} where not t.is_public order by t.created_at desc, t.id desc`);
    return rows.map(toCircuit);
  });

  app.post('/admin/circuits/:id/promote', { onRequest: requireAdmin }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    const rows = await db.query('update circuits set is_public = true, updated_at = now() where id = $1 returning id', [id]);
    if (!rows.length) throw notFound('Circuit not found.');
    return byId(id);
  });
}
