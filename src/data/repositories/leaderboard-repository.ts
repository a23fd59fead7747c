import { leaderboardRequestSchema, leaderboardRowSchema, type LeaderboardRequest, type LeaderboardRow } from '../../contracts/leaderboard';
import { isApiError } from '../api/api-error';
import type { LeaderboardsApi } from '../api/leaderboards';
import type { AstroDb } from '../db/database';

/**
 * Leaderboards with an offline copy (the last results stay viewable offline). Each answer is stored in
 * the Dexie `leaderboards` table under a key made of the filters; when the server cannot be reached the stored
 * answer for the same filters is returned with its fetch time. Other failures (validation, 401) are rethrown.
 */
export interface LeaderboardResult {
  rows: LeaderboardRow[];
  /** ISO time of the server answer. */
  fetchedAt: string;
  /** True when the rows come from the offline copy. */
  fromCache: boolean;
}

/**
 * Stable key for a request: the filters in a fixed order ('c=1|ct=-|co=2|vc=-|n=10').
 * @internal Exported for its tests.
 */
export function leaderboardKey(req: Partial<LeaderboardRequest>): string {
  const v = (n: number | undefined) => (n === undefined ? '-' : String(n));
  return `co=${v(req.countryId)}|c=${v(req.circuitId)}|ct=${v(req.circuitTypeId)}|vc=${v(req.vehicleCategoryId)}|n=${req.limit ?? 10}`;
}

const LAST_KEY = 'leaderboard:last';
const lastRequestSchema = leaderboardRequestSchema.partial();

export function createLeaderboardRepository(deps: { db: () => AstroDb; api: LeaderboardsApi; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function cached(key: string): Promise<LeaderboardResult | null> {
    const row = await deps.db().leaderboards.get(key);
    if (!row) return null;
    const rows: LeaderboardRow[] = [];
    for (const r of row.rows) {
      const parsed = leaderboardRowSchema.safeParse(r);
      if (parsed.success) rows.push(parsed.data);
    }
    return { rows, fetchedAt: row.fetchedAt, fromCache: true };
  }

  return {
    cached: (req: Partial<LeaderboardRequest>) => cached(leaderboardKey(req)),
    /** The filters of the last leaderboard shown (so the screen reopens on it, offline too). */
    async lastRequest(): Promise<Partial<LeaderboardRequest> | null> {
      const parsed = lastRequestSchema.safeParse((await deps.db().kv.get(LAST_KEY))?.value);
      return parsed.success ? parsed.data : null;
    },
    async query(req: Partial<LeaderboardRequest>, signal?: AbortSignal): Promise<LeaderboardResult> {
      const key = leaderboardKey(req);
      try {
        const rows = await deps.api.query(req, signal);
        const fetchedAt = now().toISOString();
        await deps.db().transaction('rw', deps.db().leaderboards, deps.db().kv, async () => {
          await deps.db().leaderboards.put({ key, rows, fetchedAt });
          await deps.db().kv.put({ key: LAST_KEY, value: req });
        });
        return { rows, fetchedAt, fromCache: false };
      } catch (error) {
        if (isApiError(error) && error.offline) {
          const copy = await cached(key);
          if (copy) {
            await deps.db().kv.put({ key: LAST_KEY, value: req });
            return copy;
          }
        }
        throw error;
      }
    },
  };
}
