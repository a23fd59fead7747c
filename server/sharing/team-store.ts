import type { Team, TeamRole, Invitation } from '../../src/contracts/sharing';
import type { Queryable } from '../db/db';
import { driverName } from '../leaderboards/leaderboard-store';
import { iso } from '../validate';

/** The SQL of teams and invitations. Routes decide who may run which. */

/** An invitation link works once, for 7 days. */
const INVITATION_TTL_S = 7 * 24 * 3600;

export async function createTeam(q: Queryable, ownerId: number, name: string): Promise<number> {
  const [team] = await q.query<{ id: number }>('insert into teams (name, owner_id) values ($1, $2) returning id', [name, ownerId]);
  await q.query("insert into team_members (team_id, user_id, role) values ($1, $2, 'racer')", [team.id, ownerId]);
  return team.id;
}

export async function teamsOwnedBy(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('select count(*)::int as n from teams where owner_id = $1', [userId]);
  return row.n;
}

/** The team as a member sees it (null when the caller is no member). */
export async function teamsOf(q: Queryable, userId: number): Promise<Team[]> {
  const teams = await q.query<{ id: number; name: string; owner_id: number }>(
    `select t.id, t.name, t.owner_id from teams t join team_members m on m.team_id = t.id and m.user_id = $1 order by t.name, t.id`,
    [userId],
  );
  if (teams.length === 0) return [];
  const ids = teams.map((t) => t.id);
  const members = await q.query<{ team_id: number; user_id: number; first_name: string; last_name: string; role: TeamRole }>(
    `select m.team_id, m.user_id, u.first_name, u.last_name, m.role from team_members m join users u on u.id = m.user_id
     where m.team_id = any($1::int[]) order by m.joined_at, m.user_id`,
    [ids],
  );
  const pending = await q.query<{ id: number; team_id: number; email: string; role: TeamRole; expires_at: Date }>(
    `select i.id, i.team_id, i.email, i.role, i.expires_at from team_invitations i join teams t on t.id = i.team_id
     where i.team_id = any($1::int[]) and t.owner_id = $2 and i.used_at is null and i.expires_at > now() order by i.id`,
    [ids, userId],
  );
  return teams.map((t) => ({
    id: t.id,
    name: t.name,
    ownerId: t.owner_id,
    mine: t.owner_id === userId,
    members: members.filter((m) => m.team_id === t.id).map((m) => ({ userId: m.user_id, name: driverName(m.first_name, m.last_name), role: m.role })),
    pending: pending.filter((p) => p.team_id === t.id).map((p) => ({ id: p.id, email: p.email, role: p.role, expiresAt: iso(p.expires_at) })),
  }));
}

export async function findTeam(q: Queryable, teamId: number): Promise<{ ownerId: number; members: number } | null> {
  const [row] = await q.query<{ owner_id: number; members: number }>(
    'select t.owner_id, (select count(*)::int from team_members m where m.team_id = t.id) as members from teams t where t.id = $1',
    [teamId],
  );
  return row ? { ownerId: row.owner_id, members: row.members } : null;
}

export async function isMember(q: Queryable, teamId: number, userId: number): Promise<boolean> {
  return (await q.query('select 1 from team_members where team_id = $1 and user_id = $2', [teamId, userId])).length > 0;
}

/** Invitations this racer sent in the last 24 hours (the spam bound), counted under a lock on their row. */
export async function invitationsSentToday(q: Queryable, inviterId: number): Promise<number> {
  await q.query('select 1 from users where id = $1 for update', [inviterId]);
  const [row] = await q.query<{ n: number }>(
    "select count(*)::int as n from team_invitations where inviter_id = $1 and created_at > now() - interval '1 day'",
    [inviterId],
  );
  return row.n;
}

/** A new invitation; an earlier unused one to the same address for the same team stops working. */
export async function insertInvitation(q: Queryable, v: { teamId: number; inviterId: number; email: string; role: TeamRole; tokenHash: string }): Promise<number> {
  await q.query('update team_invitations set used_at = now() where team_id = $1 and lower(email) = lower($2) and used_at is null', [v.teamId, v.email]);
  const [row] = await q.query<{ id: number }>(
    `insert into team_invitations (team_id, inviter_id, email, role, token_hash, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) returning id`,
    [v.teamId, v.inviterId, v.email, v.role, v.tokenHash, INVITATION_TTL_S],
  );
  return row.id;
}

/** Invitations to this address, unused and not expired, with the inviter's name by the leaderboard's rule. */
export async function invitationsTo(q: Queryable, email: string): Promise<Invitation[]> {
  const rows = await q.query<{ id: number; team_id: number; team_name: string; first_name: string; last_name: string; role: TeamRole; expires_at: Date }>(
    `select i.id, i.team_id, t.name as team_name, u.first_name, u.last_name, i.role, i.expires_at
     from team_invitations i join teams t on t.id = i.team_id join users u on u.id = i.inviter_id
     where lower(i.email) = lower($1) and i.used_at is null and i.expires_at > now() order by i.id`,
    [email],
  );
  return rows.map((r) => ({ id: r.id, teamId: r.team_id, teamName: r.team_name, invitedBy: driverName(r.first_name, r.last_name), role: r.role, expiresAt: iso(r.expires_at) }));
}

/**
 * Uses an invitation to this address once (by id, or by the link's token hash): the caller joins the team.
 * Null when there is no such invitation for them (unknown, used, expired, or someone else's).
 */
export async function acceptInvitation(q: Queryable, by: { id: number } | { tokenHash: string }, user: { id: number; email: string }): Promise<number | null> {
  const [row] = await q.query<{ team_id: number; role: TeamRole }>(
    `update team_invitations set used_at = now()
     where ${'id' in by ? 'id = $1' : 'token_hash = $1'} and lower(email) = lower($2) and used_at is null and expires_at > now()
     returning team_id, role`,
    ['id' in by ? by.id : by.tokenHash, user.email],
  );
  if (!row) return null;
  await q.query(
    `insert into team_members (team_id, user_id, role) values ($1, $2, $3)
     on conflict (team_id, user_id) do update set role = excluded.role`,
    [row.team_id, user.id, row.role],
  );
  return row.team_id;
}

export async function declineInvitation(q: Queryable, id: number, email: string): Promise<boolean> {
  const rows = await q.query('update team_invitations set used_at = now() where id = $1 and lower(email) = lower($2) and used_at is null returning id', [id, email]);
  return rows.length > 0;
}

export async function removeMember(q: Queryable, teamId: number, userId: number): Promise<boolean> {
  return (await q.query('delete from team_members where team_id = $1 and user_id = $2 returning user_id', [teamId, userId])).length > 0;
}

export async function deleteTeam(q: Queryable, teamId: number): Promise<void> {
  await q.query('delete from teams where id = $1', [teamId]);
}
