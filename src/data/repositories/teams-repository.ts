import { z } from 'zod';
import { teamSessionsResponseSchema, teamsResponseSchema, type Team, type TeamSession } from '../../contracts/sharing';
import { isApiError } from '../api/api-error';
import type { SharingApi } from '../api/sharing';
import type { AstroDb } from '../db/database';

/**
 * The Team view's lists, offline first: the racer's teams and the sessions team-mates share, as last fetched, are
 * kept on this device (kv 'teams:<user>') so the Team view shows them offline, marked as such. Only these lists are
 * kept, never a team-mate's session itself: opening one asks the server each time.
 */
const teamsKey = (userId: number) => `teams:${userId}`;

const keptTeamsSchema = z.object({
  teams: teamsResponseSchema.shape.teams,
  sessions: teamSessionsResponseSchema.shape.sessions,
  fetchedAt: z.string(),
});

export interface TeamsView {
  teams: Team[];
  sessions: TeamSession[];
  /** When the lists were fetched (ISO); null when never on this device. */
  fetchedAt: string | null;
  /** True when these are the lists kept here, the server out of reach. */
  offline: boolean;
}

export interface TeamsRepositoryDeps {
  db: () => AstroDb;
  api: Pick<SharingApi, 'teams' | 'teamSessions'>;
  currentUserId: () => number | null;
  now?: () => Date;
}

export function createTeamsRepository(deps: TeamsRepositoryDeps) {
  const now = deps.now ?? (() => new Date());

  async function kept(userId: number): Promise<TeamsView> {
    const parsed = keptTeamsSchema.safeParse((await deps.db().kv.get(teamsKey(userId)))?.value);
    return parsed.success ? { ...parsed.data, offline: true } : { teams: [], sessions: [], fetchedAt: null, offline: true };
  }

  return {
    /** The lists kept on this device (offline), without asking the server. */
    async kept(userId: number | null = deps.currentUserId()): Promise<TeamsView> {
      return userId === null ? { teams: [], sessions: [], fetchedAt: null, offline: true } : kept(userId);
    },

    /**
     * The server's lists (and kept here), or, offline or with the server down, the ones kept here. A refusal
     * (signed out...) is the caller's to show.
     */
    async load(signal?: AbortSignal): Promise<TeamsView> {
      const userId = deps.currentUserId();
      if (userId === null) throw new Error('Not signed in.');
      try {
        const [teams, sessions] = await Promise.all([deps.api.teams(signal), deps.api.teamSessions(signal)]);
        const fetchedAt = now().toISOString();
        await deps
          .db()
          .kv.put({ key: teamsKey(userId), value: { teams, sessions, fetchedAt } })
          .catch(() => undefined);
        return { teams, sessions, fetchedAt, offline: false };
      } catch (e) {
        if (isApiError(e) && (e.offline || e.status >= 500)) return kept(userId);
        throw e;
      }
    },
  };
}
