import { z } from 'zod';

/**
 * The columnar upload format (columnar-codec.ts: `encodeColumnarText`, `decodeColumnarText`, the media type and
 * errors) plus its zod schema for the server. The codec lives apart so the analysis worker can use it without zod.
 */
export * from './columnar-codec';

export const columnarTextSchema = z.strictObject({
  format: z.literal('columns-v1'),
  shape: z.array(z.number().int().positive()),
  columns: z.array(z.string()),
  deltas: z.array(z.number().int().nonnegative()),
});
