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
    onUnsupportedRequestEncoding: (_req, encoding) => new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Unsupported Content-Encoding '${encoding}'.`),
    onInvalidRequestPayload: (_req, encoding) => new ApiError(400, 'BAD_REQUEST', `The request body is not valid ${encoding} data.`),
  });
}

export default fp(compression, { name: 'compression' });
