import type { z } from 'zod';
import { ApiError } from './errors';
import type { MessageRef } from '../src/contracts/messages';

/** What a parsed input is called in its messages ('Request body is missing.'). */
type InputName = 'Request body' | 'Query' | 'Data table request' | 'Leaderboard request' | 'Missing keys report';

/** The message of an input that is missing. */
const missing = (what: InputName): MessageRef =>
  what === 'Request body' ? 'bodyMissing' : what === 'Query' ? 'queryMissing' : { id: 'inputMissing', params: { what } };

/** The message of an input that does not fit its schema, naming the first problem. */
const invalid = (what: InputName, details: string): MessageRef =>
  what === 'Request body'
    ? { id: 'invalidBody', params: { details } }
    : what === 'Query'
      ? { id: 'invalidQuery', params: { details } }
      : { id: 'invalidInput', params: { what: what.toLowerCase(), details } };

/**
 * Parses untrusted input with a zod schema; a failure is a 400 VALIDATION error whose message names the first
 * problem and whose `fields` maps each bad path to its message.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: InputName = 'Request body'): z.output<S> {
  if (value === undefined || value === null) {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    throw new ApiError(400, 'VALIDATION', missing(what));
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
  throw new ApiError(400, 'VALIDATION', invalid(what, `${where}${first.message}`), fields);
}

/** Route parameter `{id}`: a positive integer that fits PostgreSQL's integer. Anything else is a 404. */
export function parseId(raw: unknown): number {
  const s = typeof raw === 'string' ? raw : '';
  if (!/^[1-9]\d{0,9}$/.test(s)) throw new ApiError(404, 'NOT_FOUND', 'notFound');
  const n = Number(s);
  if (n > 2_147_483_647) throw new ApiError(404, 'NOT_FOUND', 'notFound');
  return n;
}

/** ISO string for a Date (or a date-like value) coming from the database. */
export function iso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') return new Date(v).toISOString();
  return '';
}
