import { z } from 'zod';
import { MAX_COLUMNS, MAX_COORDINATES_CHARS, MAX_SHAPE_RUNS } from './session-bounds';

/**
 * The columnar upload format (columnar-codec.ts: `encodeColumnarText`, `decodeColumnarBytes`, the media type and
 * errors) plus its zod schema for the server. The codec lives apart so the analysis worker can use it without zod.
 */
export * from './columnar-codec';

export const columnarTextSchema = z.strictObject({
  format: z.literal('columns-v1'),
  // The array bounds are checked by boundedArray before any element is (zod checks .max() only after every
  // element): a 20-million-element shape costs one length check.
  shape: boundedArray(2 * MAX_SHAPE_RUNS, z.number().int().positive().max(MAX_COORDINATES_CHARS)),
  columns: boundedArray(MAX_COLUMNS, z.string().max(MAX_COORDINATES_CHARS)),
  deltas: boundedArray(MAX_COLUMNS, z.number().int().nonnegative().max(MAX_COLUMNS - 1)),
});

/** An array of at most `max` elements, its length checked before its elements. */
function boundedArray<T extends z.ZodType>(max: number, element: T) {
  return z
    .custom<unknown[]>((v) => Array.isArray(v) && v.length <= max, { error: `Must be an array of at most ${max} items` })
    .pipe(z.array(element).max(max));
}
