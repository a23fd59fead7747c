import type { z } from 'zod';

/**
 * Worst-case request bodies built from a route's zod body schema (src/contracts): for each field, the values that
 * make a server work hardest within a body cap - the longest strings (at the schema's bound and at the cap, plain
 * and in shapes that make a regular expression backtrack), the biggest arrays (at the bound with each item at its
 * own worst, and at the cap), the deepest nesting, the longest number - plus, for the whole body, the most keys and
 * the deepest nesting. Each body is JSON text at most `capBytes` long (built as text: a value nested 500,000 deep
 * cannot be built by JSON.stringify).
 */

export interface WorstCase {
  /** What is worst about it: 'name: string at its bound (a x 120)', 'filterBy: deepest nesting'. */
  label: string;
  body: string;
  /**
   * Within the schema's bounds (a string or array at its bound): it passes validation and reaches the route's own
   * work. The others are refused by the schema, which costs the same on every route with that schema.
   */
  withinBounds: boolean;
}

type Def = { type: string; [k: string]: unknown };
type Schema = z.ZodType;

const defOf = (s: Schema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, default, readonly, catch and pipes (their input side). */
function unwrap(s: Schema): Schema {
  for (;;) {
    const d = defOf(s);
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(d.type)) s = d.innerType as Schema;
    else if (d.type === 'pipe') s = d.in as Schema;
    else return s;
  }
}

/** The schema's `max_length` check (strings and arrays), if any. */
function maxLength(s: Schema): number | undefined {
  const checks = (defOf(s).checks ?? []) as Array<{ _zod: { def: { check: string; maximum?: number } } }>;
  const max = checks.map((c) => c._zod.def).find((c) => c.check === 'max_length')?.maximum;
  return typeof max === 'number' ? max : undefined;
}

/** A value the schema accepts where it can (smallest), used for array items and missing fields. */
function sampleOf(schema: Schema, longest = false): unknown {
  const s = unwrap(schema);
  const d = defOf(s);
  switch (d.type) {
    case 'string': {
      const format = (d as { format?: string }).format;
      if (format === 'email') return longest ? `${'a'.repeat(Math.max(1, (maxLength(s) ?? 254) - 13))}@example.test` : 'a@example.test';
      return 'a'.repeat(longest ? (maxLength(s) ?? 1) : 1);
    }
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0];
    case 'literal':
      return (d.values as unknown[])[0];
    case 'union':
      return sampleOf((d.options as Schema[])[0], longest);
    case 'array': {
      const n = longest ? (maxLength(s) ?? 1) : 0;
      return Array.from({ length: n }, () => sampleOf(d.element as Schema, longest));
    }
    case 'object': {
      const shape = d.shape as Record<string, Schema>;
      return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, sampleOf(v, longest)]));
    }
    case 'null':
      return null;
    default:
      return null;
  }
}

interface Field {
  path: string[];
  schema: Schema;
}

/** Every field of an object schema, nested objects' fields too (array items are covered by their array's cases). */
function fieldsOf(schema: Schema, path: string[] = []): Field[] {
  const s = unwrap(schema);
  const d = defOf(s);
  if (d.type !== 'object') return [];
  return Object.entries(d.shape as Record<string, Schema>).flatMap(([k, v]) => [{ path: [...path, k], schema: v }, ...fieldsOf(v, [...path, k])]);
}

const HOLE = '\u0000HOLE\u0000';

/** The example body with `raw` JSON text at `path`. */
function withRaw(example: Record<string, unknown>, path: string[], raw: string): string {
  const copy = structuredClone(example);
  let at: Record<string, unknown> = copy;
  for (const k of path.slice(0, -1)) {
    if (typeof at[k] !== 'object' || at[k] === null) at[k] = {};
    at = at[k] as Record<string, unknown>;
  }
  at[path[path.length - 1]] = HOLE;
  return JSON.stringify(copy).replace(JSON.stringify(HOLE), raw);
}

/** `unit` repeated to `chars` characters. */
const fill = (unit: string, chars: number) => unit.repeat(Math.ceil(chars / unit.length)).slice(0, Math.max(0, chars));

/**
 * Strings that make regular expressions work: runs of one letter, 'lat;lon' pairs that go wrong at the very end,
 * and punctuation that e-mail and name patterns branch on.
 */
const STRING_SHAPES: Array<[string, (chars: number) => string]> = [
  ['a', (n) => fill('a', n)],
  ['1;1;...x', (n) => `${fill('1.1;', n - 1)}x`],
  ['a.@-', (n) => fill('a.1-@_', n)],
];

export function worstCaseBodies(schema: Schema, example: Record<string, unknown>, capBytes: number): WorstCase[] {
  const cases: WorstCase[] = [];
  const base = JSON.stringify(example).length;
  // What one field may take: the cap less the rest of the body and some room for the field's own quoting.
  const room = capBytes - base - 64;
  const add = (label: string, body: string, withinBounds = false) => {
    if (body.length <= capBytes) cases.push({ label, body, withinBounds });
  };

  add('whole body: most keys', `{${Array.from({ length: Math.floor(room / 8) }, (_, i) => `"k${i}":0`).join(',')}}`);
  add('whole body: deepest nesting', `${'['.repeat(Math.floor(capBytes / 2) - 1)}${']'.repeat(Math.floor(capBytes / 2) - 1)}`);

  for (const { path, schema: fieldSchema } of fieldsOf(schema)) {
    const name = path.join('.');
    const s = unwrap(fieldSchema);
    const d = defOf(s);
    const max = maxLength(s);
    const put = (label: string, raw: string, withinBounds = false) => add(`${name}: ${label}`, withRaw(example, path, raw), withinBounds);
    if (d.type === 'string') {
      for (const [shape, make] of STRING_SHAPES) {
        if (max !== undefined && max < room) put(`string at its bound (${shape} x ${max})`, JSON.stringify(make(max)), true);
        put(`string at the cap (${shape})`, JSON.stringify(make(room - 2)));
      }
    } else if (d.type === 'array') {
      if (max !== undefined) put(`array at its bound (${max} items, each at its longest)`, JSON.stringify(sampleOf(s, true)), true);
      const item = JSON.stringify(sampleOf(d.element as Schema));
      put(`array at the cap (items ${item.slice(0, 30)})`, `[${Array.from({ length: Math.floor(room / (item.length + 1)) }, () => item).join(',')}]`);
      put('biggest array of numbers', `[${'0,'.repeat(Math.floor((room - 3) / 2))}0]`);
      put('deepest nesting', `${'['.repeat(Math.floor(room / 2))}${']'.repeat(Math.floor(room / 2))}`);
    } else if (d.type === 'number' || d.type === 'int') {
      put('longest number', fill('9', room));
    } else if (d.type === 'object' || d.type === 'record' || d.type === 'unknown' || d.type === 'any' || d.type === 'union') {
      put('deepest nesting', `${'['.repeat(Math.floor(room / 2))}${']'.repeat(Math.floor(room / 2))}`);
      put('most keys', `{${Array.from({ length: Math.floor(room / 10) }, (_, i) => `"k${i}":0`).join(',')}}`);
    } else {
      // Booleans, enums, literals: any long value is refused at once; one long string shows it.
      put('string at the cap', JSON.stringify(fill('a', room - 2)));
    }
  }
  return cases;
}
