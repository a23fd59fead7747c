/** The leaderboard repository wired to the app's API client and database. */
import { leaderboardsApi } from '../../data/api/leaderboards';
import { getDb } from '../../data/db/database';
import { createLeaderboardRepository } from '../../data/repositories/leaderboard-repository';

export const leaderboardRepository = createLeaderboardRepository({ db: getDb, api: leaderboardsApi });
