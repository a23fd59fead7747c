import { z } from 'zod';

/**
 * Every error the API returns has this body. `message` is safe to show, in English; `messageId` and `params` name
 * it in the message catalogue (src/contracts/messages.ts), by which the client shows it in the user's language;
 * `code` is a coarse kind, stable for programs. Below 500 the message is specific; a 500 says only
 * 'Internal Server Error' and never carries a stack, SQL or internals.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'TOKEN_EXPIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  /** A per-account quota (storage: 413; uploads or circuits per hour/day: 429). */
  | 'QUOTA_EXCEEDED'
  | 'NOT_VERIFIED'
  | 'INACTIVE'
  | 'INVALID_CREDENTIALS'
  | 'INVALID_TOKEN'
  | 'DATATABLE_MISSING'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL';

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  /** The message's id in the catalogue (absent in an answer that did not come from this server). */
  messageId: z.string().optional(),
  /** The values the message's template names ('minutes' in 'Try again in {{minutes}} minute(s).'). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** Field-level details for VALIDATION errors: path -> message. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
