import type { AstroSessionRow } from './session-rows';

/** The sessions that may be selected: those still on ASTRO. */
export function selectableFiles(rows: readonly Pick<AstroSessionRow, 'filename' | 'inAstro'>[]): string[] {
  return rows.filter((r) => r.inAstro).map((r) => r.filename);
}

/** The selected sessions that are still selectable: only what is still on the device can stay selected. */
export function chosenFiles(selectable: readonly string[], selected: ReadonlySet<string>): string[] {
  return selectable.filter((f) => selected.has(f));
}

/** The selection with one session ticked or unticked. */
export function toggled(selected: ReadonlySet<string>, filename: string): Set<string> {
  const next = new Set(selected);
  if (next.has(filename)) next.delete(filename);
  else next.add(filename);
  return next;
}
