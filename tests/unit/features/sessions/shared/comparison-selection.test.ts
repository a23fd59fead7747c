import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  afterCircuitEdit,
  compareCandidates,
  compareWith,
  deselect,
  emptySelection,
  openSession,
  pruneSelection,
  toggleSelection,
  type ComparisonSelection,
} from '../../../../../src/features/sessions/shared/comparison-selection';
import { ACTIVE_SESSIONS_KEY, createActiveSessionsStore } from '../../../../../src/features/sessions/shared/active-sessions-store';

const a = { id: 1, circuitId: 10 };
const b = { id: 2, circuitId: 10 };
const c = { id: 3, circuitId: 10 };
const other = { id: 4, circuitId: 20 };

describe('comparison selection', () => {
  it('fills the left slot first, then the right', () => {
    const first = toggleSelection(emptySelection, a);
    expect(first).toEqual({ selection: { left: a, right: null }, outcome: 'selected-left' });
    const second = toggleSelection(first.selection, b);
    expect(second).toEqual({ selection: { left: a, right: b }, outcome: 'selected-right' });
  });

  it('refuses a second session from a different circuit', () => {
    const { selection } = toggleSelection(emptySelection, a);
    expect(toggleSelection(selection, other)).toEqual({ selection, outcome: 'refused-other-circuit' });
  });

  it('ignores a third selection until a slot is free', () => {
    const full: ComparisonSelection = { left: a, right: b };
    expect(toggleSelection(full, c)).toEqual({ selection: full, outcome: 'ignored-full' });
    const freed = toggleSelection(full, b).selection;
    expect(toggleSelection(freed, c).selection).toEqual({ left: a, right: c });
  });

  it('toggling the left session off promotes the right one to the left', () => {
    expect(toggleSelection({ left: a, right: b }, a)).toEqual({ selection: { left: b, right: null }, outcome: 'deselected' });
    expect(toggleSelection({ left: a, right: b }, b)).toEqual({ selection: { left: a, right: null }, outcome: 'deselected' });
  });

  it('deleting a session deselects it, and pruning drops sessions that are gone', () => {
    expect(deselect({ left: a, right: b }, 1)).toEqual({ left: b, right: null });
    expect(deselect({ left: a, right: null }, 9)).toEqual({ left: a, right: null });
    expect(pruneSelection({ left: a, right: b }, new Set([2]))).toEqual({ left: b, right: null });
    expect(pruneSelection({ left: a, right: b }, new Set())).toEqual(emptySelection);
  });

  it('never holds more than two, never a duplicate, and never two circuits, whatever the clicks', () => {
    const sessions = [a, b, c, other, { id: 5, circuitId: 20 }, { id: 6, circuitId: null }];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...sessions), { maxLength: 40 }), (clicks) => {
        let selection = emptySelection;
        for (const s of clicks) {
          selection = toggleSelection(selection, s).selection;
          const ids = [selection.left?.id, selection.right?.id].filter((id) => id !== undefined);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.length).toBeLessThanOrEqual(2);
          if (selection.right) expect(selection.left).not.toBeNull();
          if (selection.left && selection.right) expect(selection.left.circuitId).toBe(selection.right.circuitId);
        }
      }),
    );
  });
});

describe('active sessions store', () => {
  it('persists the selection and restores it, ignoring corrupt stored values', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    const store = createActiveSessionsStore(storage);
    let calls = 0;
    store.subscribe(() => calls++);
    store.set({ left: a, right: b });
    expect(calls).toBe(1);
    expect(createActiveSessionsStore(storage).get()).toEqual({ left: a, right: b });
    map.set(ACTIVE_SESSIONS_KEY, '{"left":{"id":"x"}}');
    expect(createActiveSessionsStore(storage).get()).toEqual(emptySelection);
    map.set(ACTIVE_SESSIONS_KEY, JSON.stringify({ left: null, right: b }));
    expect(createActiveSessionsStore(storage).get()).toEqual({ left: b, right: null });
  });
});

describe('one-tap ways into the comparison', () => {
  it('opening a session makes it the only active one, unless it is already active', () => {
    expect(openSession({ left: a, right: b }, c)).toEqual({ left: c, right: null });
    expect(openSession(emptySelection, other)).toEqual({ left: other, right: null });
    const pair: ComparisonSelection = { left: a, right: b };
    expect(openSession(pair, b)).toBe(pair);
  });

  it('compares two sessions at once, same circuit only, never a session with itself', () => {
    expect(compareWith(emptySelection, b, a)).toEqual({ selection: { left: b, right: a }, outcome: 'compared' });
    expect(compareWith({ left: c, right: null }, a, other)).toEqual({ selection: { left: c, right: null }, outcome: 'refused-other-circuit' });
    expect(compareWith(emptySelection, a, a)).toEqual({ selection: emptySelection, outcome: 'refused-same-session' });
  });

  it("offers only the other sessions of the session's circuit to compare with", () => {
    expect(compareCandidates([a, b, c, other], a)).toEqual([b, c]);
    expect(compareCandidates([a, other], other)).toEqual([]);
  });

  it("keeps an edited session's slot while both sides share the new circuit, else drops it", () => {
    expect(afterCircuitEdit({ left: a, right: null }, a.id, 20)).toEqual({ left: { id: a.id, circuitId: 20 }, right: null });
    expect(afterCircuitEdit({ left: a, right: b }, b.id, 20)).toEqual({ left: a, right: null });
    expect(afterCircuitEdit({ left: a, right: b }, a.id, 20)).toEqual({ left: b, right: null });
    expect(afterCircuitEdit({ left: a, right: b }, a.id, 10)).toEqual({ left: a, right: b });
    const untouched: ComparisonSelection = { left: a, right: null };
    expect(afterCircuitEdit(untouched, other.id, 10)).toBe(untouched);
  });
});
