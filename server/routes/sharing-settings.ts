import type { FastifyInstance } from 'fastify';
import { sharingSettingsSchema } from '../../src/contracts/sharing';
import type { Visibility } from '../../src/contracts/visibility';
import { parseInput } from '../validate';
import { authenticate, caller } from '../auth/guard';

/** The profile's sharing: the default visibility of sessions uploaded from then on, and making every session private at once. */
export default async function sharingSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get('/sharing/settings', { onRequest: authenticate }, async (request) => {
    const [row] = await db.query<{ default_visibility: Visibility }>('select default_visibility from users where id = $1', [caller(request).id]);
    return { defaultVisibility: row?.default_visibility ?? 'private' };
  });

  app.put('/sharing/settings', { onRequest: authenticate }, async (request) => {
    const { defaultVisibility } = parseInput(sharingSettingsSchema, request.body);
    await db.query('update users set default_visibility = $2, updated_at = now() where id = $1', [caller(request).id, defaultVisibility]);
    return { defaultVisibility };
  });

  // Every session of the caller private in one step; each changed one moves its updated_at, so other devices see it.
  app.post('/sessions/private-all', { onRequest: authenticate }, async (request) => {
    const rows = await db.query(
      `update sessions set visibility = 'private', updated_at = greatest(now(), updated_at + interval '1 millisecond')
       where user_id = $1 and visibility <> 'private' returning id`,
      [caller(request).id],
    );
    return { changed: rows.length };
  });
}
