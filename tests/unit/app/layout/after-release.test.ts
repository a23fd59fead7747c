import { describe, expect, it } from 'vitest';
import { createReleaseGate } from '../../../../src/app/layout/after-release';

/** A pointer event as the window sees it: only its type and pointer id matter to the gate. */
function pointer(type: string, pointerId = 1): Event {
  return Object.assign(new Event(type), { pointerId });
}

/** Timers run by hand: `run()` fires what is due, in order. */
function manualTimers() {
  let now = 0;
  const due: Array<{ at: number; fn: () => void; id: number }> = [];
  let nextId = 1;
  return {
    setTimeout: ((fn: () => void, ms = 0) => {
      const id = nextId++;
      due.push({ at: now + ms, fn, id });
      return id;
    }) as unknown as typeof setTimeout,
    clearTimeout: ((id: number) => {
      const i = due.findIndex((t) => t.id === id);
      if (i >= 0) due.splice(i, 1);
    }) as unknown as typeof clearTimeout,
    advance(ms: number) {
      now += ms;
      for (;;) {
        due.sort((a, b) => a.at - b.at);
        if (!due[0] || due[0].at > now) return;
        due.shift()!.fn();
      }
    },
  };
}

/** A gate on a window of its own, with hand-run timers, and one change handed to it while pointer 1 is pressed. */
function heldChange() {
  const target = new EventTarget();
  const timers = manualTimers();
  const gate = createReleaseGate(target, timers);
  const change = { ran: false };
  const send = (type: string, pointerId = 1) => target.dispatchEvent(pointer(type, pointerId));
  send('pointerdown');
  gate.afterRelease(() => (change.ran = true));
  return { target, timers, change, send };
}

describe('the release gate', () => {
  it('runs a change at once when no pointer is pressed', () => {
    const gate = createReleaseGate(new EventTarget(), manualTimers());
    let ran = false;
    gate.afterRelease(() => (ran = true));
    expect(ran).toBe(true);
  });

  it('holds a change made during a press until the release and the click that follows it have been handled', () => {
    const { target, timers, change, send } = heldChange();
    const order: string[] = [];
    target.addEventListener('click', () => order.push(`click, change ran: ${change.ran}`));
    timers.advance(1000);
    expect(change.ran).toBe(false);
    send('pointerup');
    target.dispatchEvent(new Event('click'));
    expect(order).toEqual(['click, change ran: false']);
    expect(change.ran).toBe(false);
    timers.advance(0);
    expect(change.ran).toBe(true);
  });

  it('runs the held change after a short while when the release makes no click (a drag, a scroll)', () => {
    const { timers, change, send } = heldChange();
    send('pointercancel');
    timers.advance(299);
    expect(change.ran).toBe(false);
    timers.advance(1);
    expect(change.ran).toBe(true);
  });

  it('waits for every pressed pointer (two fingers) to be lifted', () => {
    const { timers, change, send } = heldChange();
    send('pointerdown', 2);
    send('pointerup', 1);
    timers.advance(1000);
    expect(change.ran).toBe(false);
    send('pointerup', 2);
    timers.advance(1000);
    expect(change.ran).toBe(true);
  });

  it('ends every press when the window loses focus, so a release made outside it holds nothing for ever', () => {
    const { target, timers, change } = heldChange();
    target.dispatchEvent(new Event('blur'));
    timers.advance(1000);
    expect(change.ran).toBe(true);
  });

  it('holds a change again when a new press starts before the held one ran', () => {
    const { timers, change, send } = heldChange();
    send('pointerup');
    send('pointerdown');
    timers.advance(1000);
    expect(change.ran).toBe(false);
    send('pointerup');
    timers.advance(1000);
    expect(change.ran).toBe(true);
  });
});
