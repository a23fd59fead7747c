import type { ErrorCode } from '../src/contracts/errors';

/**
 * The one error type route code throws on purpose. The error handler turns it into `{message, code}` with its
 * status; anything else becomes a 500 'Internal Server Error' with the details only in the log.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (what = 'Not Found') => new ApiError(404, 'NOT_FOUND', what);
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);
