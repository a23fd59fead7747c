import { leaderboardResponseSchema, type LeaderboardRequest, type LeaderboardRow } from '../../contracts/leaderboard';
import { apiClient } from './client';
import type { HttpClient } from './http-client';

/** POST /leaderboards: the server ranks stored valid laps; see server/leaderboards/leaderboard-store.ts for the rules. */
function createLeaderboardsApi(http: HttpClient) {
  return {
    query: async (request: Partial<LeaderboardRequest>, signal?: AbortSignal): Promise<LeaderboardRow[]> =>
      (await http.post('/leaderboards', request, { schema: leaderboardResponseSchema, signal })).rows,
  };
}
export type LeaderboardsApi = ReturnType<typeof createLeaderboardsApi>;
export const leaderboardsApi = createLeaderboardsApi(apiClient);
