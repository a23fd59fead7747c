import type { z } from 'zod';
import { ApiError } from './errors';

/**
 * Parses untrusted input with a zod schema; a failure is a 400 VALIDATION error whose message names the first
 * problem and whose `fields` maps each bad path to its message.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what = 'Request body'): z.output<S> {
  if (value === undefined || value === null) {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    throw new ApiError(400, 'VALIDATION', `${what} is missing.`);
  }
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const path = issue.path.length ? issue.path.join('.') : '(root)';
    if (!(path in fields)) fields[path] = issue.message;
  }
  const [first] = r.error.issues;
  const where = first.path.length ? `${first.path.join('.')}: ` : '';
  throw new ApiError(400, 'VALIDATION', `Invalid ${what.toLowerCase()}: ${where}${first.message}`, fields);
}

/** Route parameter `{id}`: a positive integer that fits PostgreSQL's integer. Anything else is a 404. */
export function parseId(raw: unknown): number {
  const s = typeof raw === 'string' ? raw : '';
  if (!/^[1-9]\d{0,9}$/.test(s)) throw new ApiError(404, 'NOT_FOUND', 'Not Found');
  const n = Number(s);
  if (n > 2_147_483_647) throw new ApiError(404, 'NOT_FOUND', 'Not Found');
  return n;
}

/** ISO string for a Date (or a date-like value) coming from the database. */
export function iso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') return new Date(v).toISOString();
  return '';
}
