import type { FastifyInstance } from 'fastify';
import { leaderboardRequestSchema } from '../../src/contracts/leaderboard';
import { authenticate, caller } from '../auth/guard';
import { parseInput } from '../validate';
import { computeLeaderboard } from '../leaderboards/leaderboard-store';

/**
 * POST /api/leaderboards: signed-in users only (the product lists leaderboards among the authenticated screens).
 * What is ranked and how: leaderboards/leaderboard-store.ts.
 */
export default async function leaderboardRoutes(app: FastifyInstance): Promise<void> {
  app.post('/leaderboards', { onRequest: authenticate }, async (request) => {
    const req = parseInput(leaderboardRequestSchema, request.body ?? {}, 'Leaderboard request');
    return { rows: await computeLeaderboard(app.db, req, caller(request).id) };
  });
}
