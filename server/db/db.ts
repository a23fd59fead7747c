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

/**
 * True when the database could not be reached or the connection broke (PostgreSQL down, restarting, network
 * cut): the API answers 503 so clients retry, instead of a 500 that reads as a bug.
 */
export function isDbUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
  // Class 08 connection exceptions, 57P01-57P03 (shutdown, crash, cannot connect now), 53300 too many connections.
  if (/^08...$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i.test(message);
}
