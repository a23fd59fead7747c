import { z } from 'zod';
import { roleSchema } from './auth';
import { personNameSchema } from './person-name';
import { MAX_COORDINATES_CHARS, MAX_LAPS_CHARS } from './session-bounds';
import { visibilitySchema } from './visibility';

/**
 * Entities as the API returns them. Dates are ISO 8601 strings; ids are positive integers
 * assigned by the server. Write payloads (`*WriteSchema`) are strict: unknown fields are a 400.
 */
const id = z.number().int().positive();
const isoDate = z.string().max(40);
const stamps = { createdAt: isoDate, updatedAt: isoDate };

export const userSchema = z.object({
  id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string().nullable(),
  countryId: id.nullable(),
  licenceId: z.string().nullable(),
  active: z.boolean(),
  verified: z.boolean(),
  firmwareVersion: z.string().nullable(),
  role: roleSchema,
  ...stamps,
});
export type User = z.infer<typeof userSchema>;
/** What a user may change on their own record (PUT/PATCH /users/{id}). */
export const userSelfWriteSchema = z.strictObject({
  firstName: personNameSchema(1),
  lastName: personNameSchema(0),
  birthdate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  countryId: id.nullable(),
  licenceId: z.string().trim().max(50).nullable(),
  firmwareVersion: z.string().max(20).nullable(),
});
/** An admin edits a user's active flag only; the rest of a profile is the user's own. */
export const userAdminWriteSchema = z.strictObject({ active: z.boolean() });
/** POST /admin/users: an admin creates a (verified) account. */
export const userAdminCreateSchema = z.strictObject({
  email: z.email().max(254),
  firstName: personNameSchema(1),
  lastName: personNameSchema(0).optional().default(''),
  password: z.string().min(8).max(200),
  role: roleSchema.optional().default('user'),
  active: z.boolean().optional().default(true),
});

export const countrySchema = z.object({ id, name: z.string(), timezone: z.string(), ...stamps });
export type Country = z.infer<typeof countrySchema>;
export const countryWriteSchema = z.strictObject({ name: z.string().trim().min(1).max(100), timezone: z.string().trim().min(1).max(64) });

export const circuitTypeSchema = z.object({ id, name: z.string(), ...stamps });
export type CircuitType = z.infer<typeof circuitTypeSchema>;
export const namedWriteSchema = z.strictObject({ name: z.string().trim().min(1).max(100) });

export const vehicleTypeSchema = z.object({ id, name: z.string(), ...stamps });
export type VehicleType = z.infer<typeof vehicleTypeSchema>;

export const vehicleCategorySchema = z.object({
  id,
  name: z.string(),
  vehicleTypeId: id,
  vehicleType: z.object({ id, name: z.string() }).nullable(),
  ...stamps,
});
export type VehicleCategory = z.infer<typeof vehicleCategorySchema>;
export const vehicleCategoryWriteSchema = z.strictObject({ name: z.string().trim().min(1).max(100), vehicleTypeId: id });

const circuitConfigurationSchema = z.enum(['Regular', 'Inverted']);
const circuitDirectionSchema = z.enum(['Clockwise', 'Counterclockwise']);
/**
 * Circuit coordinates text: 'lat;lon;lat;lon...' in signed decimal degrees; the start/finish gate centre first,
 * then the sector gates (docs/device-protocol.md, 'Circuits as the device stores them'). `size` is the gate width in metres, `length` the lap
 * length in metres.
 */
export const coordinatesTextSchema = z
  .string()
  .max(20_000)
  .regex(/^(-?\d{1,3}(\.\d+)?;-?\d{1,3}(\.\d+)?)(;-?\d{1,3}(\.\d+)?;-?\d{1,3}(\.\d+)?)*$/, 'Coordinates must be lat;lon pairs');
export const circuitSchema = z.object({
  id,
  userId: id.nullable(),
  name: z.string(),
  typeId: id,
  countryId: id,
  description: z.string(),
  configuration: circuitConfigurationSchema,
  direction: circuitDirectionSchema,
  length: z.number(),
  coordinates: z.string(),
  size: z.number(),
  /** False for a racer's own circuit (saved from a session; only they see it) until an admin promotes it. */
  isPublic: z.boolean().optional(),
  type: z.object({ id, name: z.string() }).nullable(),
  country: z.object({ id, name: z.string(), timezone: z.string() }).nullable(),
  ...stamps,
});
export type Circuit = z.infer<typeof circuitSchema>;
export const circuitWriteSchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  typeId: id,
  countryId: id,
  description: z.string().max(2000).default(''),
  configuration: circuitConfigurationSchema.default('Regular'),
  direction: circuitDirectionSchema.default('Clockwise'),
  length: z.number().min(0).max(100_000),
  coordinates: coordinatesTextSchema,
  size: z.number().min(1).max(100),
});

/**
 * A racer's own circuit, saved from a session whose start/finish they confirmed on the map: the start/finish
 * centre (and any sector gates) with the gate width; its length comes from the session's laps when known.
 */
export const userCircuitWriteSchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  typeId: id,
  countryId: id,
  length: z.number().min(0).max(100_000).default(0),
  coordinates: coordinatesTextSchema,
  size: z.number().min(1).max(100),
});

export const weatherConditionsSchema = z.enum(['Dry', 'Damp', 'Wet', 'Unknown']);
/** List and datatable rows: never the position text (it can be 25 MB). */
export const sessionSummarySchema = z.object({
  id,
  name: z.string(),
  filename: z.string(),
  userId: id,
  circuitId: id.nullable(),
  vehicleCategoryId: id.nullable(),
  date: isoDate,
  favorite: z.boolean(),
  weatherConditions: z.string().nullable(),
  /** Byte sizes of the stored texts, so a client knows what a full fetch costs. */
  lapsBytes: z.number().int(),
  coordinatesBytes: z.number().int(),
  bestLapMs: z.number().int().nullable(),
  lapCount: z.number().int(),
  circuit: z
    .object({ id, name: z.string(), countryName: z.string().nullable(), typeName: z.string().nullable(), coordinates: z.string(), size: z.number() })
    .nullable(),
  vehicleCategory: z.object({ name: z.string() }).nullable(),
  user: z.object({ firstName: z.string() }),
  /** Who sees it (older servers do not send it: their sessions are all private). */
  visibility: visibilitySchema.default('private'),
  ...stamps,
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;
/** GET /sessions/{id}: the summary plus the device texts. */
export const sessionSchema = sessionSummarySchema.extend({ coordinates: z.string(), laps: z.string() });
export type Session = z.infer<typeof sessionSchema>;

/** Session file names: YYYYMMDD_HHMM_<circuit name> (docs/device-protocol.md). */
const sessionFilenameSchema = z.string().min(1).max(200);
/** POST /sessions and PUT /sessions/{id}. The server deduplicates POSTs on (user, filename). */
export const sessionWriteSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  filename: sessionFilenameSchema,
  circuitId: id.nullable().default(null),
  vehicleCategoryId: id.nullable().default(null),
  date: isoDate,
  coordinates: z.string().max(MAX_COORDINATES_CHARS),
  laps: z.string().max(MAX_LAPS_CHARS),
  favorite: z.boolean().default(false),
  weatherConditions: weatherConditionsSchema.nullable().default(null),
});
/**
 * PATCH /sessions/{id} (edit dialog, offline edits; `date`: a client correcting the start of a session an older build
 * dated wrongly). `baseUpdatedAt` lets the server tell the client it overwrote a newer copy.
 */
export const sessionPatchSchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  date: isoDate.optional(),
  circuitId: id.nullable().optional(),
  vehicleCategoryId: id.nullable().optional(),
  favorite: z.boolean().optional(),
  weatherConditions: weatherConditionsSchema.nullable().optional(),
  visibility: visibilitySchema.optional(),
  baseUpdatedAt: isoDate.optional(),
});
