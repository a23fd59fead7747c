/**
 * The comparison selection: up to two active sessions, left and right, from the same circuit (laps of two tracks do not compare).
 * - Selecting into a free slot fills the left one first.
 * - Toggling a selected session removes it; removing the left one promotes the right one to the left.
 * - A third selection is ignored until a slot is free.
 * - A second session from a different circuit is refused ('You can only select sessions from the same circuit').
 * - Deleting a session deselects it (same as toggling it off).
 * Pure: the screens keep the state in active-sessions-store.ts.
 */

export interface SelectedSession {
  /** Local id (IndexedDB) of the session. */
  id: number;
  circuitId: number | null;
}

export interface ComparisonSelection {
  left: SelectedSession | null;
  right: SelectedSession | null;
}

export type ToggleOutcome = 'selected-left' | 'selected-right' | 'deselected' | 'refused-other-circuit' | 'ignored-full';

export const emptySelection: ComparisonSelection = { left: null, right: null };

function isSelected(selection: ComparisonSelection, id: number): boolean {
  return selection.left?.id === id || selection.right?.id === id;
}

/** 'left' | 'right' | null for a session. */
export function slotOf(selection: ComparisonSelection, id: number): 'left' | 'right' | null {
  return selection.left?.id === id ? 'left' : selection.right?.id === id ? 'right' : null;
}

export function deselect(selection: ComparisonSelection, id: number): ComparisonSelection {
  if (selection.left?.id === id) return { left: selection.right, right: null };
  if (selection.right?.id === id) return { left: selection.left, right: null };
  return selection;
}

export function toggleSelection(selection: ComparisonSelection, session: SelectedSession): { selection: ComparisonSelection; outcome: ToggleOutcome } {
  if (isSelected(selection, session.id)) return { selection: deselect(selection, session.id), outcome: 'deselected' };
  if (!selection.left) {
    // Only reachable with a right-only state (never produced here, but stored state is untrusted).
    if (selection.right && selection.right.circuitId !== session.circuitId) return { selection, outcome: 'refused-other-circuit' };
    return { selection: { left: session, right: selection.right }, outcome: 'selected-left' };
  }
  if (selection.right) return { selection, outcome: 'ignored-full' };
  if (selection.left.circuitId !== session.circuitId) return { selection, outcome: 'refused-other-circuit' };
  return { selection: { left: selection.left, right: session }, outcome: 'selected-right' };
}

/** Drops selected sessions that no longer exist (deleted elsewhere, another user's data after a logout). */
export function pruneSelection(selection: ComparisonSelection, existing: ReadonlySet<number>): ComparisonSelection {
  let next = selection;
  for (const slot of [selection.left, selection.right]) if (slot && !existing.has(slot.id)) next = deselect(next, slot.id);
  return next;
}

/** Selected ids in slot order. */
export function selectedIds(selection: ComparisonSelection): number[] {
  return [selection.left?.id, selection.right?.id].filter((id): id is number => id !== undefined);
}
