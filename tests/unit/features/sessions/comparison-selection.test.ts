import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  deselect,
  emptySelection,
  pruneSelection,
  selectedIds,
  toggleSelection,
  type ComparisonSelection,
} from '../../../../src/features/sessions/comparison-selection';
import { ACTIVE_SESSIONS_KEY, createActiveSessionsStore } from '../../../../src/features/sessions/active-sessions-store';

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
          const ids = selectedIds(selection);
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
