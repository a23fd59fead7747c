/**
 * A lossless, column-wise form of a line-and-field text, used to upload a session's position text (a 7 h
 * session must take <= 7 MB on the wire; Chromium's CompressionStream has gzip but no brotli).
 *
 * The position text is one line per fix, fields separated by ';' (`lap;ms;lat;lon;speed`). Row by row, gzip sees
 * every line's ever-changing digits; column by column, each column repeats itself far more (the lap column is
 * one value for thousands of lines). Columns whose every value is a canonical integer (no sign on 0, no leading
 * zeros, <= 15 digits) travel as differences of consecutive values: the 25 Hz time column becomes '40;40;40...'.
 * On the 7 h benchmark session this takes the gzip-compressed upload from 7.07 MB to about 4.3 MB.
 *
 * It is exact for ANY string (not only well-formed position text): lines are what lies between '\n', fields what
 * lies between ';' in a line, so a field never contains either, and '\r', spaces, odd lines and a missing or extra
 * final newline all come back byte for byte. The server decodes it before anything else sees the body, so it
 * stores, hashes and parses exactly the text the device wrote.
 *
 * This module has no zod (the analysis worker encodes upload bodies with it); columnar-text.ts adds the schema.
 *
 * Split by part: columnar-format.ts (the ColumnarText type, media type and error), columnar-encoder.ts,
 * columnar-decoder.ts and columnar-byte-sink.ts (the byte helpers both share). This module is the entry point.
 */
export { COLUMNAR_SESSION_MEDIA_TYPE, ColumnarTextError } from './columnar-format';
export { encodeColumnarText } from './columnar-encoder';
export { decodeColumnarBytes } from './columnar-decoder';
