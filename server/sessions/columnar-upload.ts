import type { FastifyInstance } from 'fastify';
import { COLUMNAR_SESSION_MEDIA_TYPE, ColumnarTextError, columnarTextSchema, decodeColumnarText } from '../../src/contracts/columnar-text';
import { ApiError } from '../errors';
import { SESSION_BODY_LIMIT } from '../limits';

/**
 * Big session writes from the app arrive with `coordinates` column by column (src/contracts/columnar-text.ts),
 * usually gzip-compressed (inflated by @fastify/compress first, under the route's bodyLimit). The text is rebuilt
 * here, before validation, so the routes see - and store, hash and parse - exactly the text the device wrote.
 * The rebuilt text is capped at the route's body limit as it is built (a small body of differences could
 * otherwise expand far beyond what a plain body may carry). Only the plugin it is added to knows the media type;
 * its routes other than POST/PUT /sessions then refuse the body through their own strict schemas.
 */
export function addColumnarUploadParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(COLUMNAR_SESSION_MEDIA_TYPE, { parseAs: 'string' }, (request, raw, done) => {
    // The rebuilt text may not exceed what the route accepts as a plain body (SESSION_BODY_LIMIT on uploads).
    const maxLength = request.routeOptions.bodyLimit ?? SESSION_BODY_LIMIT;
    parseJson(request, typeof raw === 'string' ? raw : raw.toString('utf8'), (err: Error | null, value?: unknown) => {
      if (err) return done(err);
      if (typeof value !== 'object' || value === null || Array.isArray(value) || !('coordinates' in value)) {
        return done(new ApiError(400, 'VALIDATION', 'Invalid request body: coordinates: Required', { coordinates: 'Required' }));
      }
      const columns = columnarTextSchema.safeParse(value.coordinates);
      if (!columns.success) {
        return done(new ApiError(400, 'VALIDATION', 'Invalid request body: coordinates: not a columnar text', { coordinates: 'Not a columnar text' }));
      }
      try {
        done(null, { ...value, coordinates: decodeColumnarText(columns.data, maxLength) });
      } catch (e) {
        done(columnarError(e));
      }
    });
  });
}

function columnarError(e: unknown): Error {
  if (!(e instanceof ColumnarTextError)) return e instanceof Error ? e : new Error(String(e));
  return e.code === 'COLUMNAR_TOO_LARGE'
    ? new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.')
    : new ApiError(400, 'VALIDATION', `Invalid request body: coordinates: ${e.message}`, { coordinates: e.message });
}
