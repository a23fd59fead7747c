/**
 * When the shell loads what the first screen does not need (to keep Total Blocking Time low): not while the page is
 * still loading and settling, but at the user's first interaction (a pointer, a key, focus: they are about to
 * use something) or once the page has been quiet for a while after its load event, whichever comes first.
 */

const INTERACTIONS = ['pointerdown', 'pointerover', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Runs `fn` once: at the first interaction, or `quietMs` after the load event followed by an idle period (at most
 * `quietMs` more). Outside a browser (tests, prerender) it runs at once.
 */
export function afterStart(fn: () => void, quietMs = 3000): void {
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    fn();
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    for (const type of INTERACTIONS) window.removeEventListener(type, run, true);
    fn();
  };
  for (const type of INTERACTIONS) window.addEventListener(type, run, { capture: true, passive: true });
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: quietMs });
    else setTimeout(run, 1);
  };
  const schedule = () => setTimeout(idle, quietMs);
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
