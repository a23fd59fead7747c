import { z } from 'zod';
import { personNameSchema } from './person-name';
import { MAIL_TOKEN_MAX_LENGTH, MAIL_TOKEN_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-limits';

const emailSchema = z.email().max(254).transform((s) => s.trim().toLowerCase());
const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const loginRequestSchema = z.strictObject({ email: emailSchema, password: z.string().min(1).max(200) });
export const registerRequestSchema = z
  .strictObject({
    email: emailSchema,
    firstName: personNameSchema(1),
    lastName: personNameSchema(0).optional().default(''),
    password: passwordSchema,
    confirmPassword: z.string().max(200),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export const emailOnlyRequestSchema = z.strictObject({ email: emailSchema });
export const changePasswordRequestSchema = z.strictObject({ password: passwordSchema });
export const tokenQuerySchema = z.object({ token: z.string().min(MAIL_TOKEN_MIN_LENGTH).max(MAIL_TOKEN_MAX_LENGTH) });

export const accessTokenResponseSchema = z.object({ accessToken: z.string() });

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** Claims of the access token (JWT, HS256, at most 15 min). */
export const accessTokenClaimsSchema = z.object({
  id: z.number().int(),
  sub: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  /** Token version: the server refuses the token once the user's version moved on (password change, deactivation). */
  tv: z.number().int().nonnegative().optional(),
  exp: z.number(),
  iat: z.number(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** A token is valid only if more than this many seconds remain before expiry, so no call starts with a token about to lapse. */
export const TOKEN_REFRESH_MARGIN_S = 60;
/** Name of the httpOnly refresh cookie. */
export const REFRESH_COOKIE = 'astro_refresh';
