/**
 * Racers' own circuits. A racer who imported a session near no known circuit confirms (or moves) the proposed
 * start/finish on the map and saves it: POST /circuits/mine stores it as theirs (not public: GET /circuits lists
 * it to them alone, reference-data.ts). Admins list those awaiting review (GET /admin/circuits/user) and promote
 * one to reference data everyone sees (POST /admin/circuits/:id/promote); editing or deleting it is the usual
 * admin circuit routes.
 */
import type { FastifyInstance } from 'fastify';
import { userCircuitWriteSchema } from '../../src/contracts/entities';
import { ApiError, notFound } from '../errors';
import { parseId, parseInput } from '../validate';
import { authenticate, caller, requireAdmin } from '../auth/guard';
import { accountQuotas } from '../quotas/account-quotas';
import { CIRCUIT_COLUMNS, CIRCUIT_FROM, circuitFromRow, unknownReference, type CircuitRow } from '../reference/reference-store';

const SELECT = `select ${CIRCUIT_COLUMNS} from ${CIRCUIT_FROM}`;

export default async function userCircuitRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const byId = async (id: number) => {
    const [row] = await db.query<CircuitRow>(`${SELECT} where t.id = $1`, [id]);
    if (!row) throw notFound('circuitNotFound');
    return circuitFromRow(row);
  };

  const quotas = accountQuotas(app);
  app.post('/circuits/mine', { onRequest: [authenticate, quotas.ownCircuit] }, async (request, reply) => {
    const input = parseInput(userCircuitWriteSchema, request.body);
    for (const [field, table] of [['typeId', 'circuit_types'], ['countryId', 'countries']] as const) {
      const [found] = await db.query(`select 1 from ${table} where id = $1`, [input[field]]);
      if (!found) throw new ApiError(400, 'VALIDATION', unknownReference(field), { [field]: 'Does not exist' });
    }
    const [row] = await db.query<{ id: number }>(
      `insert into circuits (name, type_id, country_id, length, coordinates, size, user_id, is_public)
       values ($1, $2, $3, $4, $5, $6, $7, false) returning id`,
      [input.name, input.typeId, input.countryId, input.length, input.coordinates, input.size, caller(request).id],
    );
    return reply.status(201).send(await byId(row.id));
  });

  app.get('/admin/circuits/user', { onRequest: requireAdmin }, async () => {
    const rows = await db.query<CircuitRow>(`${SELECT} where not t.is_public order by t.created_at desc, t.id desc`);
    return rows.map(circuitFromRow);
  });

  app.post('/admin/circuits/:id/promote', { onRequest: requireAdmin }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    const rows = await db.query('update circuits set is_public = true, updated_at = now() where id = $1 returning id', [id]);
    if (!rows.length) throw notFound('circuitNotFound');
    return byId(id);
  });
}
