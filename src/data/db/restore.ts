import type { z } from 'zod';

/**
 * Restoring rows read from IndexedDB (after Excalidraw's restore.ts): each row is parsed on its own inside
 * try/catch, so one corrupt row is dropped - and reported - instead of failing the whole load.
 * @internal Exported for its tests.
 */
export interface DroppedRow {
  table: string;
  /** The row's primary key when it could be read. */
  key: unknown;
  reason: string;
}

type DropListener = (d: DroppedRow) => void;
const listeners = new Set<DropListener>();

/**
 * Observe dropped rows (the storage panel shows how many; tests assert on them).
 * @internal Exported for its tests.
 */
export function onRowDropped(listener: DropListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function restoreRow<S extends z.ZodType>(table: string, row: unknown, schema: S, keyOf?: (row: unknown) => unknown): z.infer<S> | null {
  try {
    const parsed = schema.safeParse(row);
    if (parsed.success) return parsed.data;
    report({ table, key: safeKey(row, keyOf), reason: parsed.error.issues.map((i) => `${i.path.join('.') || '(row)'}: ${i.message}`).join('; ') });
  } catch (e) {
    report({ table, key: safeKey(row, keyOf), reason: e instanceof Error ? e.message : String(e) });
  }
  return null;
}

/** Parses every row, keeping the valid ones in order and dropping (and reporting) the corrupt ones. */
export function restoreRows<S extends z.ZodType>(table: string, rows: readonly unknown[], schema: S, keyOf?: (row: unknown) => unknown): z.infer<S>[] {
  const out: z.infer<S>[] = [];
  for (const row of rows) {
    const restored = restoreRow(table, row, schema, keyOf);
    if (restored !== null) out.push(restored);
  }
  return out;
}

function safeKey(row: unknown, keyOf?: (row: unknown) => unknown): unknown {
  try {
    if (keyOf) return keyOf(row);
    if (row && typeof row === 'object') {
      const r = row as Record<string, unknown>;
      return r.localId ?? r.id ?? r.key ?? r.version ?? r.locale ?? r.userId ?? null;
    }
  } catch {
    // The key itself is unreadable.
  }
  return null;
}

function report(d: DroppedRow): void {
  for (const l of listeners) {
    try {
      l(d);
    } catch {
      // A listener's failure must not break restoring.
    }
  }
}
