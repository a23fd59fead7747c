import { z } from 'zod';

const optionalId = z.number().int().positive().optional();
/** POST /api/leaderboards: filters country, circuit, circuit type, vehicle category; `limit` is Top 3 or Top 10. */
export const leaderboardRequestSchema = z.strictObject({
  countryId: optionalId,
  circuitId: optionalId,
  circuitTypeId: optionalId,
  vehicleCategoryId: optionalId,
  limit: z.union([z.literal(3), z.literal(10)]).default(10),
});
export type LeaderboardRequest = z.infer<typeof leaderboardRequestSchema>;

export const leaderboardRowSchema = z.object({
  position: z.number().int(),
  /** First name and last initial, e.g. 'Ana S.' */
  driver: z.string(),
  userId: z.number().int(),
  bestLapMs: z.number().int(),
  gapMs: z.number().int(),
  /** The lap's day at the circuit, as noon UTC of that day (no time of day). */
  date: z.string(),
  sessionId: z.number().int(),
  circuitId: z.number().int(),
  circuitName: z.string(),
  vehicleCategory: z.string().nullable(),
  /** The category's id, to show its name in the reader's language (older servers do not send it). */
  vehicleCategoryId: z.number().int().nullable().default(null),
  optimalLapMs: z.number().int().nullable(),
  /** The best lap's number in its session, to fetch it as a reference lap (older servers do not send it). */
  lapNumber: z.number().int().nullable().default(null),
  /** Whether the viewer may compare with this lap (its owner shared it with everyone or with the viewer's team). */
  comparable: z.boolean().default(false),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;
export const leaderboardResponseSchema = z.object({ rows: z.array(leaderboardRowSchema) });
