import { z } from 'zod';
import { personNameSchema } from './person-name';
import { sessionSummarySchema } from './entities';
import { visibilitySchema } from './visibility';

/** Sharing: the profile default, teams, invitations and the lap slices other racers compare with (visibility.ts). */

const id = z.number().int().positive();

/** GET/PUT /sharing/settings: the default for sessions uploaded from now on. */
export const sharingSettingsSchema = z.strictObject({ defaultVisibility: visibilitySchema });

/** POST /sessions/private-all: every session of the caller made private in one step. */
export const privateAllResponseSchema = z.object({ changed: z.number().int() });

const teamRoleSchema = z.enum(['racer', 'coach']);
export type TeamRole = z.infer<typeof teamRoleSchema>;

export const teamCreateSchema = z.strictObject({ name: personNameSchema(1) });
export const invitationCreateSchema = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  role: teamRoleSchema.default('racer'),
});
export const invitationAcceptSchema = z.strictObject({ token: z.string().min(10).max(200) });

const teamMemberSchema = z.object({
  userId: id,
  /** By the leaderboard's rule: first name and last initial ('Rui C.'), never an e-mail address. */
  name: z.string(),
  role: teamRoleSchema,
});
const teamSchema = z.object({
  id,
  name: z.string(),
  ownerId: id,
  /** Whether the caller owns the team (invites and removes). */
  mine: z.boolean(),
  members: z.array(teamMemberSchema),
  /** Invitations not used and not expired yet: the owner sees the addresses they typed; others see none. */
  pending: z.array(z.object({ id, email: z.string(), role: teamRoleSchema, expiresAt: z.string() })),
});
export type Team = z.infer<typeof teamSchema>;
export const teamsResponseSchema = z.object({ teams: z.array(teamSchema) });

/** An invitation addressed to the caller's own address (GET /team-invitations), kept by the app for offline use. */
const invitationSchema = z.object({
  id,
  teamId: id,
  teamName: z.string(),
  invitedBy: z.string(),
  role: teamRoleSchema,
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationsResponseSchema = z.object({ invitations: z.array(invitationSchema) });

/** A session another member shared with the team (GET /team-sessions): read-only. */
const teamSessionSchema = sessionSummarySchema.extend({ ownerName: z.string() });
export type TeamSession = z.infer<typeof teamSessionSchema>;
export const teamSessionsResponseSchema = z.object({ sessions: z.array(teamSessionSchema) });

/** GET /shared-laps?circuitId=&vehicleCategoryId=: the fastest shared lap of each other racer on a circuit. */
export const sharedLapsQuerySchema = z.strictObject({
  circuitId: z.coerce.number().int().positive().max(2_147_483_647),
  vehicleCategoryId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
const sharedLapSchema = z.object({
  sessionId: id,
  lapNumber: z.number().int().positive(),
  lapTimeMs: z.number().int().positive(),
  ownerName: z.string(),
  circuitId: id,
  vehicleCategoryId: id.nullable(),
  vehicleCategory: z.string().nullable(),
  /** The day only (YYYY-MM-DD, at the circuit): a shared lap tells no time of day. */
  date: z.string(),
  visibility: visibilitySchema,
});
export type SharedLap = z.infer<typeof sharedLapSchema>;
export const sharedLapsResponseSchema = z.object({ laps: z.array(sharedLapSchema) });

/**
 * GET /shared-laps/{sessionId}/{lapNumber}: one lap's slice: its laps line and its fixes (lap number, time from the
 * lap's first fix, latitude, longitude, speed), and the circuit's gates. Never the rest of the session.
 */
export const lapSliceSchema = sharedLapSchema.extend({
  lapsLine: z.string(),
  coordinates: z.string(),
  circuit: z.object({ id, name: z.string(), coordinates: z.string() }),
});
export type LapSlice = z.infer<typeof lapSliceSchema>;

/** POST /shared-laps/check: which kept reference laps the caller may still see (the others were withdrawn). */
const lapRefSchema = z.strictObject({ sessionId: id, lapNumber: z.number().int().positive().max(100_000) });
export const lapCheckRequestSchema = z.strictObject({ laps: z.array(lapRefSchema).max(200) });
export const lapCheckResponseSchema = z.object({ available: z.array(z.object({ sessionId: id, lapNumber: z.number().int() })) });
