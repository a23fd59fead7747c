/**
 * Changes to the page that must wait until no pointer is pressed. A module that arrives late and wraps a control (the
 * header's tooltips around its buttons) remounts that control; done between a press and its release, the two land on
 * different elements and the browser fires no click, so a racer's first tap, made while the module arrived, did
 * nothing.
 */

/** How long to wait for the click that follows a release (a tap's click comes after its touchend), in ms. */
const CLICK_AFTER_RELEASE_MS = 300;

export interface ReleaseGate {
  /** Runs `change` now if no pointer is pressed, else after the release and the click it makes. */
  afterRelease(change: () => void): void;
}

/**
 * A gate listening on `target` (the window in the app) from its creation, so a press made before any change is known.
 * @internal Exported for its tests; the app uses `releaseGate`.
 */
export function createReleaseGate(target: EventTarget, timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis): ReleaseGate {
  const pressed = new Set<number>();
  const waiting: Array<() => void> = [];
  let awaitingClick = false;

  const flush = () => {
    for (const change of waiting.splice(0)) change();
  };
  // The click is dispatched after the release; the changes run in a task after it, once its handlers have run.
  const afterClick = () => {
    if (awaitingClick) return;
    awaitingClick = true;
    const done = () => {
      target.removeEventListener('click', done, true);
      timers.clearTimeout(timer);
      awaitingClick = false;
      timers.setTimeout(() => {
        if (pressed.size === 0) flush();
      }, 0);
    };
    target.addEventListener('click', done, true);
    const timer = timers.setTimeout(done, CLICK_AFTER_RELEASE_MS);
  };
  const pointerId = (e: Event) => (e as Partial<PointerEvent>).pointerId ?? 0;
  const release = (id: number | 'all') => {
    if (id === 'all') pressed.clear();
    else pressed.delete(id);
    if (pressed.size === 0 && waiting.length > 0) afterClick();
  };
  const options = { capture: true, passive: true };
  target.addEventListener('pointerdown', (e) => pressed.add(pointerId(e)), options);
  target.addEventListener('pointerup', (e) => release(pointerId(e)), options);
  target.addEventListener('pointercancel', (e) => release(pointerId(e)), options);
  // A release outside the window may never reach it: leaving the window ends every press.
  target.addEventListener('blur', () => release('all'), options);

  return {
    afterRelease(change) {
      if (pressed.size === 0 && !awaitingClick) change();
      else waiting.push(change);
    },
  };
}

/** The app's gate, on the window; outside a browser (tests, prerender) changes run at once. */
export const releaseGate: ReleaseGate = typeof window === 'undefined' ? { afterRelease: (change) => change() } : createReleaseGate(window);
