import { errorBodySchema, type ErrorBody, type ErrorCode } from '../../contracts/errors';

/**
 * Every failure of an API call is an `ApiError` value: the client never shows a toast or navigates by itself
 * (bulletproof-react's lesson for offline apps: the sync queue and the screens decide what to do with it).
 *
 * Codes: the server's codes (src/contracts/errors.ts) plus the client's own:
 * - NETWORK: no answer at all (offline, DNS, connection refused, CORS);
 * - TIMEOUT: no answer within the request's time limit;
 * - ABORTED: the caller cancelled through its AbortSignal;
 * - BAD_RESPONSE: the server answered 2xx with a body that does not match the contract;
 * - HTTP: an error status without a recognisable error body.
 */
type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'ABORTED' | 'BAD_RESPONSE' | 'HTTP';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** The message used when a failed call carries no message of its own. */
export const NO_MESSAGE = 'No message available';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** HTTP status; 0 when the server never answered. */
    readonly status: number = 0,
    /** The error body of the failed call, passed on as it came, so screens can show the server's reason. */
    readonly body: ErrorBody | undefined = undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** True when retrying later may succeed: no connection, a timeout, a 5xx, 408 or a rate limit. */
  get transient(): boolean {
    return (
      this.code === 'NETWORK' ||
      this.code === 'TIMEOUT' ||
      this.status >= 500 ||
      this.status === 408 ||
      this.status === 429
    );
  }

  /** True when the failure says the connection is gone (as opposed to the server refusing). */
  get offline(): boolean {
    return this.code === 'NETWORK' || this.code === 'TIMEOUT';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * True for a failure that only says there is no connection (or the caller gave up): a background refresh then
 * keeps the local data without telling the user anything, unlike a server that answered with an error.
 */
export function isOfflineFailure(e: unknown): boolean {
  if (isApiError(e) && (e.offline || e.code === 'ABORTED')) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

const statusCodes: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  503: 'SERVICE_UNAVAILABLE',
};

/** Builds the error for a non-2xx response from its (already read) body text. */
export function apiErrorFromResponse(status: number, statusText: string, text: string): ApiError {
  let body: ErrorBody | undefined;
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) body = parsed.data;
  } catch {
    body = undefined;
  }
  const code = (body?.code as ApiErrorCode | undefined) ?? statusCodes[status] ?? 'HTTP';
  const message = body?.message || statusText || NO_MESSAGE;
  return new ApiError(code, message, status, body);
}
