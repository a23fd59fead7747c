/**
 * The one database interface the server uses: plain SQL with positional parameters ($1, $2...), the same on
 * PGlite (embedded, default) and PostgreSQL (DATABASE_URL). Rows come back as plain objects keyed by column
 * alias; timestamps as Date; bigint/numeric columns should be cast in SQL (`::int`, `::float8`).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL error codes the API maps to 4xx answers. */
export const PgCodes = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  restrictViolation: '23001',
  checkViolation: '23514',
  notNullViolation: '23502',
  invalidTextRepresentation: '22P02',
  numericOutOfRange: '22003',
  datetimeFieldOverflow: '22008',
  invalidDatetimeFormat: '22007',
} as const;

export function pgErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
