/**
 * The comparison selection: up to two active sessions, left and right, from the same circuit (laps of two tracks do not compare).
 * - Selecting into a free slot fills the left one first.
 * - Toggling a selected session removes it; removing the left one promotes the right one to the left.
 * - A third selection is ignored until a slot is free.
 * - A second session from a different circuit is refused ('You can only select sessions from the same circuit').
 * - Deleting a session deselects it (same as toggling it off).
 * - Editing a selected session's circuit keeps it only while both sides stay on one circuit.
 * One-tap ways in sit on the same rules: opening a session makes it the only active one (unless it already is
 * active); 'Compare with...' sets both sides at once, same circuit only.
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

/** The most sessions compared at once (spec: up to two, left and right). */
export const MAX_COMPARED = 2;

/**
 * Opening one session (a tap on its library row, 'Analyse' after a download): an active session stays as it is,
 * with its partner; any other becomes the only active one, on the left.
 */
export function openSession(selection: ComparisonSelection, session: SelectedSession): ComparisonSelection {
  if (isSelected(selection, session.id)) return selection;
  return { left: session, right: null };
}

export type CompareOutcome = 'compared' | 'refused-other-circuit' | 'refused-same-session';

/** 'Compare with...': `left` against `right` at once, whatever was active before; same circuit only. */
export function compareWith(selection: ComparisonSelection, left: SelectedSession, right: SelectedSession): { selection: ComparisonSelection; outcome: CompareOutcome } {
  if (left.id === right.id) return { selection, outcome: 'refused-same-session' };
  if (left.circuitId !== right.circuitId) return { selection, outcome: 'refused-other-circuit' };
  return { selection: { left, right }, outcome: 'compared' };
}

/** The sessions 'Compare with...' offers for `session`: the others recorded on its circuit. */
export function compareCandidates<T extends SelectedSession>(rows: readonly T[], session: SelectedSession): T[] {
  return rows.filter((r) => r.id !== session.id && r.circuitId === session.circuitId);
}

/**
 * A selected session's circuit was edited: it keeps its slot with the new circuit while its partner (if any) is
 * on that circuit too, else it leaves the comparison (the same-circuit rule). Unselected sessions change nothing.
 */
export function afterCircuitEdit(selection: ComparisonSelection, id: number, circuitId: number | null): ComparisonSelection {
  const slot = slotOf(selection, id);
  if (!slot) return selection;
  const other = slot === 'left' ? selection.right : selection.left;
  if (other && other.circuitId !== circuitId) return deselect(selection, id);
  return { ...selection, [slot]: { id, circuitId } };
}

/** Drops selected sessions that no longer exist (deleted elsewhere, another user's data after a logout). */
export function pruneSelection(selection: ComparisonSelection, existing: ReadonlySet<number>): ComparisonSelection {
  let next = selection;
  for (const slot of [selection.left, selection.right]) if (slot && !existing.has(slot.id)) next = deselect(next, slot.id);
  return next;
}
