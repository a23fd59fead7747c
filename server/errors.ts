import type { ErrorBody, ErrorCode } from '../src/contracts/errors';
import { messageParts, renderMessage, type MessageId, type MessageParams, type MessageRef } from '../src/contracts/messages';

/**
 * The one error type route code throws on purpose, built from a message of the catalogue (src/contracts/messages.ts):
 * its English text is the error's message, and the error handler answers `{message, code, messageId, params}` with
 * its status; anything else becomes a 500 'Internal Server Error' with the details only in the log.
 */
export class ApiError extends Error {
  readonly messageId: MessageId;
  readonly params: MessageParams | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    /** The message, as the catalogue names it (passed on whole from the upload worker). */
    readonly ref: MessageRef,
    readonly fields?: Record<string, string>,
  ) {
    super(renderMessage(ref));
    this.name = 'ApiError';
    const { id, params } = messageParts(ref);
    this.messageId = id;
    this.params = params;
  }
}

export const notFound = (message: MessageRef = 'notFound') => new ApiError(404, 'NOT_FOUND', message);
export const conflict = (message: MessageRef) => new ApiError(409, 'CONFLICT', message);

/** The error body of an answer (src/contracts/errors.ts): the English text, the coarse code, the message's id and values. */
export function errorBody(code: ErrorCode, ref: MessageRef, fields?: Record<string, string>): ErrorBody {
  const { id, params } = messageParts(ref);
  return { message: renderMessage(ref), code, messageId: id, ...(params ? { params } : {}), ...(fields ? { fields } : {}) };
}
