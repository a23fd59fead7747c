/**
 * The API's contract for its published description (GET /api/openapi.json): per route ('METHOD /api/path', the
 * path as Fastify registers it), the zod schemas from src/contracts that the route parses its input with and, where
 * the app reads the answer through one, the answer's schema. Routes not listed here are still in the document (it
 * is built from the routes registered), with their path parameters and the error body; tests/server/openapi.test.ts
 * fails on an entry here that names no registered route.
 */
import type { z } from 'zod';
import {
  accessTokenResponseSchema,
  changePasswordRequestSchema,
  emailOnlyRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  tokenQuerySchema,
} from '../../src/contracts/auth';
import { dataTableRequestSchema, dataTableResponseSchema } from '../../src/contracts/datatable';
import {
  circuitSchema,
  circuitTypeSchema,
  circuitWriteSchema,
  countrySchema,
  countryWriteSchema,
  namedWriteSchema,
  sessionPatchSchema,
  sessionSchema,
  sessionSummarySchema,
  sessionWriteSchema,
  userAdminCreateSchema,
  userAdminWriteSchema,
  userCircuitWriteSchema,
  userSchema,
  userSelfWriteSchema,
  vehicleCategorySchema,
  vehicleCategoryWriteSchema,
  vehicleTypeSchema,
} from '../../src/contracts/entities';
import { firmwareVersionSchema } from '../../src/contracts/firmware';
import { leaderboardRequestSchema, leaderboardResponseSchema } from '../../src/contracts/leaderboard';
import {
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationsResponseSchema,
  lapCheckRequestSchema,
  lapCheckResponseSchema,
  lapSliceSchema,
  privateAllResponseSchema,
  sharedLapsQuerySchema,
  sharedLapsResponseSchema,
  sharingSettingsSchema,
  teamCreateSchema,
  teamSessionsResponseSchema,
  teamsResponseSchema,
} from '../../src/contracts/sharing';
import { missingBulkDeleteSchema, missingKeysReportSchema, missingTranslationSchema, translationSchema, translationWriteSchema } from '../../src/contracts/translations';

export interface RouteContract {
  /** What the route does, in one line. */
  summary?: string;
  /** The JSON body it parses. */
  body?: z.ZodType;
  /** The query string it parses. */
  query?: z.ZodType;
  /** Its success answer's JSON. */
  response?: z.ZodType;
  /** The success status when it is not 200. */
  status?: number;
}

const list = <T extends z.ZodType>(row: T) => row.array();

/** The five reference tables, alike: public reads, admin writes (data tables public except countries'). */
const reference: Array<{ path: string; row: z.ZodType; write: z.ZodType; adminTable: boolean }> = [
  { path: 'countries', row: countrySchema, write: countryWriteSchema, adminTable: true },
  { path: 'circuit-types', row: circuitTypeSchema, write: namedWriteSchema, adminTable: false },
  { path: 'circuits', row: circuitSchema, write: circuitWriteSchema, adminTable: false },
  { path: 'vehicle-types', row: vehicleTypeSchema, write: namedWriteSchema, adminTable: false },
  { path: 'vehicle-categories', row: vehicleCategorySchema, write: vehicleCategoryWriteSchema, adminTable: false },
];

const referenceContracts: Record<string, RouteContract> = Object.fromEntries(
  reference.flatMap(({ path, row, write, adminTable }) => [
    [`GET /api/${path}`, { summary: `Every row of ${path}`, response: list(row) }],
    [`GET /api/${path}/:id`, { summary: `One row of ${path}`, response: row }],
    [`POST /api/${adminTable ? 'admin/' : ''}${path}/datatable`, { summary: `A page of ${path}`, body: dataTableRequestSchema, response: dataTableResponseSchema(row) }],
    [`POST /api/admin/${path}`, { summary: `Creates a row of ${path}`, body: write, response: row, status: 201 }],
    [`PUT /api/admin/${path}/:id`, { summary: `Replaces a row of ${path}`, body: write, response: row }],
    [`PATCH /api/admin/${path}/:id`, { summary: `Changes fields of a row of ${path}`, body: write, response: row }],
    [`DELETE /api/admin/${path}/:id`, { summary: `Deletes a row of ${path}`, status: 204 }],
  ]),
);

export const apiContract: Record<string, RouteContract> = {
  'POST /api/auth/login': { summary: 'Signs in: an access token, and the refresh cookie', body: loginRequestSchema, response: accessTokenResponseSchema },
  'POST /api/auth/register': { summary: 'Creates an account and mails its verification link', body: registerRequestSchema, status: 201 },
  'GET /api/auth/verify': { summary: 'Verifies an e-mail address from its mailed token', query: tokenQuerySchema },
  'POST /api/auth/resend-verification': { summary: 'Mails the verification link again', body: emailOnlyRequestSchema },
  'POST /api/auth/reset-password': { summary: 'Mails a password reset link', body: emailOnlyRequestSchema },
  'POST /api/auth/change-password': { summary: 'Sets a new password from a mailed token', query: tokenQuerySchema, body: changePasswordRequestSchema },
  'POST /api/auth/refresh': { summary: 'A new access token from the refresh cookie (rotated)', response: accessTokenResponseSchema },
  'POST /api/auth/logout': { summary: 'Signs out: the refresh cookie is revoked' },
  'GET /api/auth/check-admin': { summary: 'Answers 200 to an admin only' },
  'GET /api/users/:id': { summary: 'The signed-in user’s own record', response: userSchema },
  'PUT /api/users/:id': { summary: 'Replaces the own profile', body: userSelfWriteSchema, response: userSchema },
  'PATCH /api/users/:id': { summary: 'Changes fields of the own profile', body: userSelfWriteSchema, response: userSchema },
  'POST /api/users': { summary: 'Creates a user (admin)', body: userAdminCreateSchema, response: userSchema, status: 201 },
  'GET /api/admin/users': { summary: 'Every user (admin)', response: list(userSchema) },
  'GET /api/admin/users/:id': { summary: 'One user (admin)', response: userSchema },
  'POST /api/admin/users': { summary: 'Creates a user (admin)', body: userAdminCreateSchema, response: userSchema, status: 201 },
  'PUT /api/admin/users/:id': { summary: 'Activates or deactivates a user (admin)', body: userAdminWriteSchema, response: userSchema },
  'PATCH /api/admin/users/:id': { summary: 'Activates or deactivates a user (admin)', body: userAdminWriteSchema, response: userSchema },
  'DELETE /api/admin/users/:id': { summary: 'Deletes a user (admin)', status: 204 },
  'POST /api/admin/users/datatable': { summary: 'A page of users (admin)', body: dataTableRequestSchema, response: dataTableResponseSchema(userSchema) },
  ...referenceContracts,
  'POST /api/circuits/mine': { summary: 'Adds a circuit of the racer’s own (seen by them until promoted)', body: userCircuitWriteSchema, response: circuitSchema, status: 201 },
  'GET /api/sessions': { summary: 'The signed-in racer’s sessions, as list rows', response: list(sessionSummarySchema) },
  'POST /api/sessions': { summary: 'Uploads a session (JSON, columnar text or multipart)', body: sessionWriteSchema, response: sessionSummarySchema, status: 201 },
  'PUT /api/sessions/:id': { summary: 'Replaces a session’s texts', body: sessionWriteSchema, response: sessionSummarySchema },
  'GET /api/sessions/:id': { summary: 'One session with its texts', response: sessionSchema },
  'PATCH /api/sessions/:id': { summary: 'Changes a session’s fields', body: sessionPatchSchema },
  'DELETE /api/sessions/:id': { summary: 'Deletes a session', status: 204 },
  'POST /api/sessions/datatable': { summary: 'A page of the racer’s sessions', body: dataTableRequestSchema },
  'POST /api/admin/sessions/datatable': { summary: 'A page of every session (admin)', body: dataTableRequestSchema },
  'POST /api/leaderboards': { summary: 'Best laps ranked for a circuit and filters', body: leaderboardRequestSchema, response: leaderboardResponseSchema },
  'GET /api/translations': { summary: 'Every translation override', response: list(translationSchema) },
  'POST /api/translations/missing': { summary: 'Reports keys the app had no text for', body: missingKeysReportSchema, status: 204 },
  'POST /api/admin/translations/datatable': { summary: 'A page of translation overrides (admin)', body: dataTableRequestSchema, response: dataTableResponseSchema(translationSchema) },
  'GET /api/admin/translations/:id': { summary: 'One translation override (admin)', response: translationSchema },
  'POST /api/admin/translations': { summary: 'Adds a translation override (admin)', body: translationWriteSchema, response: translationSchema, status: 201 },
  'PUT /api/admin/translations/:id': { summary: 'Replaces a translation override (admin)', body: translationWriteSchema, response: translationSchema },
  'DELETE /api/admin/translations/:id': { summary: 'Deletes a translation override (admin)', status: 204 },
  'GET /api/admin/translations/missing': { summary: 'Keys reported missing (admin)', response: list(missingTranslationSchema) },
  'POST /api/admin/translations/missing/datatable': { summary: 'A page of keys reported missing (admin)', body: dataTableRequestSchema, response: dataTableResponseSchema(missingTranslationSchema) },
  'POST /api/admin/translations/missing/delete': { summary: 'Deletes missing-key reports in bulk (admin)', body: missingBulkDeleteSchema },
  'DELETE /api/admin/translations/missing/:id': { summary: 'Deletes one missing-key report (admin)', status: 204 },
  'GET /api/firmware/version': { summary: 'The newest firmware’s version, size and digest', response: firmwareVersionSchema },
  'GET /api/firmware': { summary: 'The newest firmware image (bytes)' },
  'GET /api/sharing/settings': { summary: 'The racer’s default visibility for new sessions', response: sharingSettingsSchema },
  'PUT /api/sharing/settings': { summary: 'Sets the default visibility for new sessions', body: sharingSettingsSchema, response: sharingSettingsSchema },
  'POST /api/sessions/private-all': { summary: 'Makes every session of the racer private', response: privateAllResponseSchema },
  'GET /api/team-sessions': { summary: 'Sessions the racer’s teams share', response: teamSessionsResponseSchema },
  'GET /api/shared-laps': { summary: 'Laps shared with the racer on a circuit', query: sharedLapsQuerySchema, response: sharedLapsResponseSchema },
  'GET /api/shared-laps/:id/:lap': { summary: 'One shared lap’s slice (fixes, laps line, gates)', response: lapSliceSchema },
  'POST /api/shared-laps/check': { summary: 'Which kept reference laps are still shared', body: lapCheckRequestSchema, response: lapCheckResponseSchema },
  'GET /api/teams': { summary: 'The racer’s teams', response: teamsResponseSchema },
  'POST /api/teams': { summary: 'Creates a team', body: teamCreateSchema, status: 201 },
  'POST /api/teams/:id/invitations': { summary: 'Invites someone to a team by e-mail', body: invitationCreateSchema, status: 201 },
  'GET /api/team-invitations': { summary: 'Invitations to the racer', response: invitationsResponseSchema },
  'POST /api/team-invitations/accept': { summary: 'Accepts an invitation from its mailed token', body: invitationAcceptSchema },
};
