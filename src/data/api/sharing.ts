import { z } from 'zod';
import {
  invitationsResponseSchema,
  lapCheckResponseSchema,
  lapSliceSchema,
  privateAllResponseSchema,
  sharedLapsResponseSchema,
  sharingSettingsSchema,
  teamSessionsResponseSchema,
  teamsResponseSchema,
  type Invitation,
  type LapSlice,
  type SharedLap,
  type Team,
  type TeamRole,
  type TeamSession,
} from '../../contracts/sharing';
import type { Visibility } from '../../contracts/visibility';
import { apiClient } from './client';
import type { HttpClient } from './http-client';

/** A team-shared session as the Team view lists it (read-only; its owner's name by the leaderboard's rule). */
const teamSessionSchema = teamSessionsResponseSchema.shape.sessions.element;
/** GET /team-sessions/{id}: the summary and the device texts, for the lap viewer. */
const teamSessionFullSchema = teamSessionSchema.extend({ coordinates: z.string(), laps: z.string() });
type TeamSessionFull = z.infer<typeof teamSessionFullSchema>;
const idAnswer = z.object({ id: z.number().int().positive() });
const teamIdAnswer = z.object({ teamId: z.number().int().positive() });


/**
 * The sharing calls (server/routes/shared-laps.ts and teams.ts): the profile's default visibility, every session
 * private in one step, teams and invitations, the Team view's sessions, other racers' shared laps of a circuit,
 * one lap's slice, and which kept reference laps are still shared. A session or team the caller may not see is a
 * 404 (ApiError NOT_FOUND).
 */
function createSharingApi(http: HttpClient) {
  return {
    settings: (signal?: AbortSignal) => http.get('/sharing/settings', { schema: sharingSettingsSchema, signal }),
    saveSettings: (defaultVisibility: Visibility) => http.put('/sharing/settings', { defaultVisibility }, { schema: sharingSettingsSchema }),
    makeAllPrivate: () => http.post('/sessions/private-all', {}, { schema: privateAllResponseSchema }),
    teams: async (signal?: AbortSignal): Promise<Team[]> => (await http.get('/teams', { schema: teamsResponseSchema, signal })).teams,
    createTeam: async (name: string): Promise<number> => (await http.post('/teams', { name }, { schema: idAnswer })).id,
    deleteTeam: (teamId: number): Promise<void> => http.delete(`/teams/${teamId}`, { responseType: 'none' }),
    invite: async (teamId: number, email: string, role: TeamRole): Promise<number> =>
      (await http.post(`/teams/${teamId}/invitations`, { email, role }, { schema: idAnswer })).id,
    removeMember: (teamId: number, userId: number): Promise<void> => http.delete(`/teams/${teamId}/members/${userId}`, { responseType: 'none' }),
    leave: (teamId: number): Promise<void> => http.post(`/teams/${teamId}/leave`, {}, { responseType: 'none' }),
    invitations: async (signal?: AbortSignal): Promise<Invitation[]> => (await http.get('/team-invitations', { schema: invitationsResponseSchema, signal })).invitations,
    accept: async (invitationId: number): Promise<number> => (await http.post(`/team-invitations/${invitationId}/accept`, {}, { schema: teamIdAnswer })).teamId,
    acceptLink: async (token: string): Promise<number> => (await http.post('/team-invitations/accept', { token }, { schema: teamIdAnswer })).teamId,
    decline: (invitationId: number): Promise<void> => http.post(`/team-invitations/${invitationId}/decline`, {}, { responseType: 'none' }),
    teamSessions: async (signal?: AbortSignal): Promise<TeamSession[]> => (await http.get('/team-sessions', { schema: teamSessionsResponseSchema, signal })).sessions,
    teamSession: (id: number, signal?: AbortSignal): Promise<TeamSessionFull> => http.get(`/team-sessions/${id}`, { schema: teamSessionFullSchema, signal }),
    sharedLaps: async (circuitId: number, vehicleCategoryId: number | null, signal?: AbortSignal): Promise<SharedLap[]> =>
      (await http.get('/shared-laps', { query: { circuitId, vehicleCategoryId }, schema: sharedLapsResponseSchema, signal })).laps,
    lapSlice: (sessionId: number, lapNumber: number, signal?: AbortSignal): Promise<LapSlice> =>
      http.get(`/shared-laps/${sessionId}/${lapNumber}`, { schema: lapSliceSchema, signal }),
    checkLaps: async (laps: { sessionId: number; lapNumber: number }[], signal?: AbortSignal) =>
      (await http.post('/shared-laps/check', { laps }, { schema: lapCheckResponseSchema, signal })).available,
  };
}
export type SharingApi = ReturnType<typeof createSharingApi>;
export const sharingApi = createSharingApi(apiClient);
