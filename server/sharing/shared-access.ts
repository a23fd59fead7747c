import type { Queryable } from '../db/db';

/**
 * Who may see another racer's session, in one place (SQL over `sessions s`, the viewer's id a parameter).
 *
 * - A team member: a session the owner shared with the team (`team`) or with everyone (`public`), when the owner
 *   races in one of the viewer's teams. A coach is a member who shares nothing: their sessions are never a team's.
 * - Anyone signed in: one lap at a time of a `public` session (lap-slice route), never the whole session.
 * - The owner's account must be active (a deactivated racer's sessions are nobody's to see, as on leaderboards).
 * Membership is read on every request (no cache): leaving or removal ends access at the next request.
 */
const teammateSql = (viewer: string) =>
  `exists (select 1 from team_members mo join team_members mv on mv.team_id = mo.team_id
           where mo.user_id = s.user_id and mo.role = 'racer' and mv.user_id = ${viewer} and mv.user_id <> s.user_id)`;

/** The viewer sees the whole session read-only (Team view). */
export const teamVisibleSql = (viewer: string) =>
  `(s.visibility in ('team', 'public') and ${teammateSql(viewer)} and exists (select 1 from users ou where ou.id = s.user_id and ou.active))`;

/** The viewer may compare with the session's laps, one at a time. */
export const lapVisibleSql = (viewer: string) =>
  `(s.visibility <> 'private' and exists (select 1 from users ou where ou.id = s.user_id and ou.active)
    and (s.visibility = 'public' or ${teammateSql(viewer)}))`;

export interface Viewer {
  id: number;
  role: string;
}

/**
 * Whether the viewer may read this session's laps: their own, any for an admin (who reads every session already),
 * or another racer's shared one. False for a missing session (the route answers 404 either way).
 */
export async function mayReadLaps(q: Queryable, viewer: Viewer, sessionId: number): Promise<boolean> {
  const [row] = await q.query<{ ok: boolean }>(
    `select (s.user_id = $2 or $3 or ${lapVisibleSql('$2')}) as ok from sessions s where s.id = $1`,
    [sessionId, viewer.id, viewer.role === 'admin'],
  );
  return row?.ok === true;
}
