import { errorBodySchema, type ErrorBody, type ErrorCode } from '../../contracts/errors';
import { messageParts, renderMessage, type MessageParams, type MessageRef } from '../../contracts/messages';

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
 *
 * `messageId` and `params` name the message in the catalogue (src/contracts/messages.ts): the server's (from its
 * error body) or the client's own; screens show it in the user's language by them, and `message` (English) when
 * the failure has no id (a foreign proxy's answer).
 */
type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'ABORTED' | 'BAD_RESPONSE' | 'HTTP';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** The message used when a failed call carries no message of its own. */
const NO_MESSAGE = renderMessage('noMessage');

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The message's id in the catalogue: the error body's, or the one given in `options`. */
  readonly messageId: string | undefined;
  readonly params: MessageParams | undefined;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** HTTP status; 0 when the server never answered. */
    readonly status: number = 0,
    /** The error body of the failed call, passed on as it came, so screens can show the server's reason. */
    readonly body: ErrorBody | undefined = undefined,
    options?: { cause?: unknown; messageId?: string; params?: MessageParams },
  ) {
    super(message, options);
    this.messageId = options?.messageId ?? body?.messageId;
    this.params = options?.params ?? body?.params;
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

/** A failure of the client's own (no answer, a time limit, a cancel, a bad answer), its message from the catalogue. */
export function clientError(code: ApiErrorCode, ref: MessageRef, status = 0, cause?: unknown): ApiError {
  const { id, params } = messageParts(ref);
  return new ApiError(code, renderMessage(ref), status, undefined, { cause, messageId: id, ...(params ? { params } : {}) });
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
  if (body?.message) return new ApiError(code, body.message, status, body);
  // No error body of ours: the status line's text as it came, else 'No message available' (with its id).
  return statusText ? new ApiError(code, statusText, status, body) : new ApiError(code, NO_MESSAGE, status, body, { messageId: 'noMessage' });
}
