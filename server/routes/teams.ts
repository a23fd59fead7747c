import type { FastifyInstance } from 'fastify';
import { invitationAcceptSchema, invitationCreateSchema, teamCreateSchema } from '../../src/contracts/sharing';
import { ApiError, notFound } from '../errors';
import { parseId, parseInput } from '../validate';
import { authenticate, caller } from '../auth/guard';
import { createMailOutbox } from '../auth/mail-outbox';
import { teamInvitationMail } from '../auth/mailer';
import { hashToken, newToken } from '../auth/random-token';
import { driverName } from '../leaderboards/leaderboard-store';
import {
  acceptInvitation,
  createTeam,
  declineInvitation,
  deleteTeam,
  findTeam,
  insertInvitation,
  invitationsSentToday,
  invitationsTo,
  isMember,
  removeMember,
  teamsOf,
  teamsOwnedBy,
} from '../sharing/team-store';

/** Invitations one racer may send in 24 hours (a team is a handful of people; beyond that it is spam). */
const INVITATIONS_PER_DAY = 20;
/** Teams one racer may own, and members a team may have. */
const TEAMS_PER_OWNER = 10;
const MEMBERS_PER_TEAM = 50;

type WithId = { Params: { id: string } };

/** The caller's address as stored now (the one invitations are matched on). */
const emailOf = async (q: FastifyInstance['db'], id: number) =>
  (await q.query<{ email: string }>('select email from users where id = $1', [id]))[0]?.email ?? '';

/**
 * Teams: a racer creates a team and invites others (racers or a coach) by e-mail address; the invitee accepts in
 * the app (by the invitation's id, or the mail's link: either works once, before it expires, and only for the
 * address it was sent to). The owner removes members; a member leaves. A team a caller is not in is a 404.
 */
export default async function teamRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const mails = createMailOutbox(app.log);
  app.addHook('onClose', () => mails.drain());

  app.get('/teams', { onRequest: authenticate }, async (request) => ({ teams: await teamsOf(db, caller(request).id) }));

  app.post('/teams', { onRequest: authenticate }, async (request, reply) => {
    const me = caller(request);
    const { name } = parseInput(teamCreateSchema, request.body);
    const id = await db.tx(async (q) => {
      await q.query('select 1 from users where id = $1 for update', [me.id]);
      if ((await teamsOwnedBy(q, me.id)) >= TEAMS_PER_OWNER) throw new ApiError(409, 'CONFLICT', 'tooManyTeams');
      return createTeam(q, me.id, name);
    });
    return reply.status(201).send({ id });
  });

  app.delete<WithId>('/teams/:id', { onRequest: authenticate }, async (request, reply) => {
    const id = parseId(request.params.id);
    const team = await findTeam(db, id);
    if (!team || team.ownerId !== caller(request).id) throw notFound('teamNotFound');
    await deleteTeam(db, id);
    return reply.status(204).send();
  });

  app.post<WithId>('/teams/:id/invitations', { onRequest: authenticate }, async (request, reply) => {
    const me = caller(request);
    const teamId = parseId(request.params.id);
    const team = await findTeam(db, teamId);
    if (!team || team.ownerId !== me.id) throw notFound('teamNotFound');
    const input = parseInput(invitationCreateSchema, request.body);
    if (team.members >= MEMBERS_PER_TEAM) throw new ApiError(409, 'CONFLICT', 'teamFull');
    const token = newToken();
    const invitationId = await db.tx(async (q) => {
      if ((await invitationsSentToday(q, me.id)) >= INVITATIONS_PER_DAY) {
        throw new ApiError(429, 'RATE_LIMITED', 'tooManyInvitations');
      }
      return insertInvitation(q, { teamId, inviterId: me.id, email: input.email, role: input.role, tokenHash: hashToken(token) });
    });
    const [inviter] = await db.query<{ first_name: string; last_name: string }>('select first_name, last_name from users where id = $1', [me.id]);
    const link = `${config.appUrl}/team-invitation?token=${encodeURIComponent(token)}`;
    mails.post('team-invitation', () => app.mailer.send(teamInvitationMail(input.email, driverName(inviter.first_name, inviter.last_name), input.role, link)));
    return reply.status(201).send({ id: invitationId });
  });

  app.delete<{ Params: { id: string; userId: string } }>('/teams/:id/members/:userId', { onRequest: authenticate }, async (request, reply) => {
    const me = caller(request);
    const teamId = parseId(request.params.id);
    const userId = parseId(request.params.userId);
    const team = await findTeam(db, teamId);
    if (!team || team.ownerId !== me.id) throw notFound('teamNotFound');
    if (userId === me.id) throw new ApiError(409, 'CONFLICT', 'ownerCannotLeave');
    if (!(await removeMember(db, teamId, userId))) throw notFound('memberNotFound');
    return reply.status(204).send();
  });

  app.post<WithId>('/teams/:id/leave', { onRequest: authenticate }, async (request, reply) => {
    const me = caller(request);
    const teamId = parseId(request.params.id);
    const team = await findTeam(db, teamId);
    if (!team || !(await isMember(db, teamId, me.id))) throw notFound('teamNotFound');
    if (team.ownerId === me.id) throw new ApiError(409, 'CONFLICT', 'ownerCannotLeave');
    await removeMember(db, teamId, me.id);
    return reply.status(204).send();
  });

  app.get('/team-invitations', { onRequest: authenticate }, async (request) => ({ invitations: await invitationsTo(db, await emailOf(db, caller(request).id)) }));

  app.post<WithId>('/team-invitations/:id/accept', { onRequest: authenticate }, async (request) => {
    const me = caller(request);
    const id = parseId(request.params.id);
    const email = await emailOf(db, me.id);
    const teamId = await db.tx((q) => acceptInvitation(q, { id }, { id: me.id, email }));
    if (teamId === null) throw notFound('invitationInvalid');
    return { teamId };
  });

  app.post('/team-invitations/accept', { onRequest: authenticate }, async (request) => {
    const me = caller(request);
    const { token } = parseInput(invitationAcceptSchema, request.body);
    const email = await emailOf(db, me.id);
    const teamId = await db.tx((q) => acceptInvitation(q, { tokenHash: hashToken(token) }, { id: me.id, email }));
    if (teamId === null) throw notFound('invitationInvalid');
    return { teamId };
  });

  app.post<WithId>('/team-invitations/:id/decline', { onRequest: authenticate }, async (request, reply) => {
    const me = caller(request);
    if (!(await declineInvitation(db, parseId(request.params.id), await emailOf(db, me.id)))) throw notFound('invitationInvalid');
    return reply.status(204).send();
  });
}
