/** The columnar upload format's types, media type and error (columnar-codec.ts describes the format). */
export interface ColumnarText {
  format: 'columns-v1';
  /** Field counts of the lines, run-length encoded: `[fields, lines, fields, lines, ...]` (every line has >= 1 field). */
  shape: number[];
  /** Column j: field j of every line that has more than j fields, in line order, joined by ';'. */
  columns: string[];
  /** Indexes of the columns sent as differences of consecutive integers (the first against 0); 0 <= values < 10^15. */
  deltas: number[];
}

/** Media type of a session upload (POST/PUT /sessions) whose `coordinates` is a ColumnarText instead of a string. */
export const COLUMNAR_SESSION_MEDIA_TYPE = 'application/vnd.astro.session-columns+json';

/** Why a ColumnarText could not be decoded: malformed, or decoding to more than the allowed length. */
export class ColumnarTextError extends Error {
  constructor(
    readonly code: 'COLUMNAR_INVALID' | 'COLUMNAR_TOO_LARGE',
    message: string,
  ) {
    super(message);
    this.name = 'ColumnarTextError';
  }
}
