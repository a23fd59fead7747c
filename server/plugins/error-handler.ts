import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody, ErrorCode } from '../../src/contracts/errors';
import { isMessageId, type MessageRef } from '../../src/contracts/messages';
import { ApiError, errorBody } from '../errors';
import { isDbUnavailable, pgErrorCode, PgCodes } from '../db/db';

/** The one error handler: `{message, code, messageId, params?}` with a safe status; details of a 500 only in the log. */
async function errorHandler(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const { status, body } = errorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code }, 'request rejected');
    void reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}

export default fp(errorHandler, { name: 'error-handler' });

/** Maps any thrown error to a safe status and body: specific below 500, generic at 500. */
function errorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) return { status: error.statusCode, body: errorBody(error.code, error.ref, error.fields) };
  const e = error as Partial<FastifyError> & { validation?: unknown };
  if (isDbUnavailable(error)) return { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'serviceUnavailable') };
  const pg = pgErrorCode(error);
  if (pg === PgCodes.uniqueViolation) return { status: 409, body: errorBody('CONFLICT', 'duplicateValue') };
  if (pg === PgCodes.foreignKeyViolation || pg === PgCodes.restrictViolation) return { status: 409, body: errorBody('CONFLICT', 'referenceViolation') };
  if (pg && ['22P02', '22003', '22008', '22007', '23514', '23502', '22001', '22021'].includes(pg)) {
    return { status: 400, body: errorBody('VALIDATION', 'valueMalformed') };
  }
  const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  if (status >= 500) return { status, body: status === 503 ? errorBody('SERVICE_UNAVAILABLE', 'serviceUnavailable') : errorBody('INTERNAL', 'internalError') };
  const code: ErrorCode = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : 'BAD_REQUEST';
  // An ApiError's own properties copied onto another error (@fastify/compress does so onto zlib's): its message stands.
  const carried = e as { ref?: MessageRef; messageId?: unknown };
  if (carried.ref !== undefined && isMessageId(carried.messageId)) return { status, body: errorBody(code, carried.ref) };
  const message = typeof e.message === 'string' && e.message ? e.message : '';
  if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { status, body: errorBody(code, 'emptyJson') };
  if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(message)) return { status, body: errorBody(code, 'invalidJson') };
  if (status === 413) return { status, body: errorBody(code, 'bodyTooLarge') };
  if (status === 415) return { status, body: errorBody(code, 'unsupportedContentType') };
  // Fastify's (or a plugin's) own reason, in English only: its id says so, and the text is shown as it came.
  return { status, body: message ? errorBody(code, { id: 'requestRejected', params: { reason: message } }) : errorBody(code, 'badRequest') };
}
