import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { isDbUnavailable, pgErrorCode, PgCodes } from '../db/db';

/** The one error handler: `{message, code}` with a safe status; details of a 500 only in the log. */
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
function errorResponse(error: unknown): { status: number; body: { message: string; code: string; fields?: Record<string, string> } } {
  if (error instanceof ApiError) {
    return { status: error.statusCode, body: { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) } };
  }
  const e = error as Partial<FastifyError> & { validation?: unknown };
  if (isDbUnavailable(error)) return { status: 503, body: { message: 'Service Unavailable', code: 'SERVICE_UNAVAILABLE' } };
  const pg = pgErrorCode(error);
  if (pg === PgCodes.uniqueViolation) return { status: 409, body: { message: 'A record with the same unique value already exists.', code: 'CONFLICT' } };
  if (pg === PgCodes.foreignKeyViolation || pg === PgCodes.restrictViolation) return { status: 409, body: { message: 'The record is referenced by other records or refers to a missing one.', code: 'CONFLICT' } };
  if (pg && ['22P02', '22003', '22008', '22007', '23514', '23502', '22001', '22021'].includes(pg)) {
    return { status: 400, body: { message: 'A value is out of range or malformed.', code: 'VALIDATION' } };
  }
  const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  if (status >= 500) return { status, body: { message: status === 503 ? 'Service Unavailable' : 'Internal Server Error', code: status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL' } };
  const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : 'BAD_REQUEST';
  let message = typeof e.message === 'string' && e.message ? e.message : 'Bad Request';
  if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || /JSON/.test(message)) {
    message = e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The JSON request body is empty.' : 'The request body is not valid JSON.';
  } else if (status === 413) message = 'The request body is too large.';
  else if (status === 415) message = 'Unsupported content type.';
  return { status, body: { message, code } };
}
