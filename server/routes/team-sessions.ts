import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import { parseId } from '../validate';
import { authenticate, caller } from '../auth/guard';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type SummaryRow } from '../sessions/session-rows';
import { teamVisibleSql } from '../sharing/shared-access';
import { driverName } from '../leaderboards/leaderboard-store';
import { readPositions } from '../sessions/position-parts';

/** How many team sessions the Team view lists. */
const TEAM_SESSIONS_LIMIT = 2000;

type WithId = { Params: { id: string } };

/**
 * The Team view's sessions: team-mates' sessions shared with the caller's teams, listed and read whole, read-only.
 * Who sees what: shared-access.ts. A session the caller may not see is a 404, the same as one that does not exist.
 */
export default async function teamSessionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get('/team-sessions', { onRequest: authenticate }, async (request) => {
    const rows = await db.query<SummaryRow & { last_name: string }>(
      `select ${SUMMARY_COLUMNS}, u.last_name from ${SUMMARY_FROM}
       where s.user_id <> $1 and ${teamVisibleSql('$1')} order by s.date desc, s.id desc limit ${TEAM_SESSIONS_LIMIT}`,
      [caller(request).id],
    );
    return { sessions: rows.map((r) => ({ ...toSummary(r), ownerName: driverName(r.user_first_name, r.last_name) })) };
  });

  app.get<WithId>('/team-sessions/:id', { onRequest: authenticate }, async (request) => {
    const id = parseId(request.params.id);
    const [row] = await db.query<SummaryRow & { last_name: string; laps: string }>(
      `select ${SUMMARY_COLUMNS}, u.last_name, s.laps from ${SUMMARY_FROM}
       where s.id = $1 and s.user_id <> $2 and ${teamVisibleSql('$2')}`,
      [id, caller(request).id],
    );
    if (!row) throw notFound('sessionNotFound');
    return { ...toSummary(row), ownerName: driverName(row.user_first_name, row.last_name), coordinates: await readPositions(db, id), laps: row.laps };
  });
}
