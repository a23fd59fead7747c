import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userAdminCreateSchema, userAdminWriteSchema, userSelfWriteSchema, type User } from '../../src/contracts/entities';
import { ApiError, notFound } from '../errors';
import { parseId, parseInput } from '../validate';
import { authenticate, caller, requireAdmin } from '../auth/guard';
import { hashPassword } from '../auth/passwords';
import { revokeAllForUser } from '../auth/refresh-tokens';
import { bumpTokenVersion, forgetAccessState } from '../auth/access-state';
import { USER_COLUMNS, findUserById, findUserByEmail, insertUser, toUser, type UserRow } from '../users/user-store';
import { parseDataTableRequest, runDataTable, type TableDef } from '../datatable/datatable';

/** Users data table: API field -> SQL (default sort: firstName). */
const usersTable: TableDef<UserRow, User> = {
  from: 'users u',
  select: USER_COLUMNS,
  fields: {
    id: { sql: 'u.id', type: 'numeric' },
    email: { sql: 'u.email', type: 'text' },
    firstName: { sql: 'u.first_name', type: 'text' },
    lastName: { sql: 'u.last_name', type: 'text' },
    birthdate: { sql: 'u.birthdate', type: 'date' },
    countryId: { sql: 'u.country_id', type: 'numeric' },
    licenceId: { sql: 'u.licence_id', type: 'text' },
    active: { sql: 'u.active', type: 'boolean' },
    verified: { sql: 'u.verified', type: 'boolean' },
    firmwareVersion: { sql: 'u.firmware_version', type: 'text' },
    role: { sql: 'u.role', type: 'text' },
    createdAt: { sql: 'u.created_at', type: 'date' },
    updatedAt: { sql: 'u.updated_at', type: 'date' },
  },
  defaultSort: { field: 'firstName', order: 'asc' },
  tieBreaker: 'u.id asc',
  map: toUser,
};

const selfPatchSchema = userSelfWriteSchema.partial();
const adminPatchSchema = userAdminWriteSchema.partial();

/** Users: own record under /users/{id}; everything else under /admin/users (a racer sees only their own record). */
export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  /** Self-service update of the whitelisted profile fields. */
  async function updateSelf(id: number, fields: Partial<z.output<typeof userSelfWriteSchema>>): Promise<User> {
    const columns: Record<keyof z.output<typeof userSelfWriteSchema>, string> = {
      firstName: 'first_name',
      lastName: 'last_name',
      birthdate: 'birthdate',
      countryId: 'country_id',
      licenceId: 'licence_id',
      firmwareVersion: 'firmware_version',
    };
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const [k, v] of Object.entries(fields) as [keyof typeof columns, unknown][]) {
      if (v === undefined) continue;
      params.push(v);
      sets.push(`${columns[k]} = $${params.length}`);
    }
    if (fields.countryId) {
      const [c] = await db.query('select 1 from countries where id = $1', [fields.countryId]);
      if (!c) throw new ApiError(400, 'VALIDATION', 'unknownCountryId', { countryId: 'Unknown country' });
    }
    const [row] = await db.query<UserRow>(
      `update users u set ${[...sets, 'updated_at = now()'].join(', ')} where u.id = $1 returning ${USER_COLUMNS}`,
      params,
    );
    if (!row) throw notFound();
    return toUser(row);
  }

  async function setActive(id: number, active: boolean | undefined, actorId: number): Promise<User> {
    if (active === false && id === actorId) throw new ApiError(409, 'CONFLICT', 'cannotDeactivateSelf');
    const row = await db.tx(async (q) => {
      const [r] = await q.query<UserRow>(
        `update users u set active = coalesce($2, active), updated_at = now() where u.id = $1 returning ${USER_COLUMNS}`,
        [id, active ?? null],
      );
      // Deactivation ends every login at once: refresh tokens revoked, access tokens refused by their version.
      if (r && active === false) {
        await revokeAllForUser(q, id);
        await bumpTokenVersion(q, id);
      }
      return r;
    });
    if (!row) throw notFound();
    forgetAccessState(db, id);
    return toUser(row);
  }

  async function createByAdmin(body: unknown, reply: { status(code: number): { send(v: unknown): unknown } }) {
    const input = parseInput(userAdminCreateSchema, body);
    if (await findUserByEmail(db, input.email)) throw new ApiError(409, 'CONFLICT', 'emailTaken');
    const user = await insertUser(db, {
      email: input.email.trim().toLowerCase(),
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      active: input.active,
      verified: true,
    });
    return reply.status(201).send(user);
  }

  /** A racer sees only their own record (another's is a 404); an admin may read any. */
  const ownOr404 = (request: Parameters<typeof caller>[0], id: number, adminToo: boolean) => {
    const me = caller(request);
    if (me.id !== id && !(adminToo && me.role === 'admin')) throw notFound();
  };

  app.get('/users/:id', { onRequest: authenticate }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    ownOr404(request, id, true);
    return (await findUserById(db, id)) ?? Promise.reject(notFound());
  });
  app.put('/users/:id', { onRequest: authenticate }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    ownOr404(request, id, false);
    return updateSelf(id, parseInput(userSelfWriteSchema, request.body));
  });
  app.patch('/users/:id', { onRequest: authenticate }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    ownOr404(request, id, false);
    return updateSelf(id, parseInput(selfPatchSchema, request.body));
  });
  // Accounts are created by registering; POST /users is the admin's create (the API offers both paths).
  app.post('/users', { onRequest: requireAdmin }, async (request, reply) => createByAdmin(request.body, reply));

  app.get('/admin/users', { onRequest: requireAdmin }, async () => {
    const rows = await db.query<UserRow>(`select ${USER_COLUMNS} from users u order by u.first_name, u.id`);
    return rows.map(toUser);
  });
  app.post('/admin/users/datatable', { onRequest: requireAdmin }, async (request) => runDataTable(db, usersTable, parseDataTableRequest(request.body)));
  app.get('/admin/users/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    return (await findUserById(db, id)) ?? Promise.reject(notFound());
  });
  app.post('/admin/users', { onRequest: requireAdmin }, async (request, reply) => createByAdmin(request.body, reply));
  app.put('/admin/users/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    return setActive(id, parseInput(userAdminWriteSchema, request.body).active, caller(request).id);
  });
  app.patch('/admin/users/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    return setActive(id, parseInput(adminPatchSchema, request.body).active, caller(request).id);
  });
  app.delete('/admin/users/:id', { onRequest: requireAdmin }, async (request, reply) => {
    const id = parseId((request.params as { id?: string }).id);
    if (id === caller(request).id) throw new ApiError(409, 'CONFLICT', 'cannotDeleteSelf');
    const rows = await db.query('delete from users where id = $1 returning id', [id]);
    if (!rows.length) throw notFound();
    forgetAccessState(db, id);
    return reply.status(204).send();
  });
}
