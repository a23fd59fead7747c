import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';

/** Compressed responses, and compressed request bodies inflated before parsing. */
async function compression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    // Request bodies with Content-Encoding gzip/deflate/br are inflated before parsing; bodyLimit applies to
    // the inflated size, which also caps decompression bombs.
    requestEncodings: ['gzip', 'deflate', 'br'],
    onUnsupportedRequestEncoding: (encoding) =>
      new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', { id: 'unsupportedEncoding', params: { encoding } }),
    onInvalidRequestPayload: (encoding) => invalidPayload(encoding),
  });
}

/**
 * @fastify/compress does not pass this error on: it copies its enumerable own properties onto zlib's error (whose
 * message is zlib's own, e.g. 'incorrect header check'). An Error's message is not enumerable, so it is made so.
 */
function invalidPayload(encoding: string): ApiError {
  const error = new ApiError(400, 'BAD_REQUEST', { id: 'invalidEncodedBody', params: { encoding } });
  Object.defineProperty(error, 'message', { value: error.message, enumerable: true, writable: true, configurable: true });
  return error;
}

export default fp(compression, { name: 'compression' });
