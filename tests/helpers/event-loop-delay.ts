import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The longest the event loop was kept from running while `run` ran, in ms (perf_hooks' event-loop delay histogram,
 * sampled every 10 ms). A request that blocks the loop shows it on every try; a busy shared machine that
 * deschedules the process now and then does not, so `run` is tried again (up to `tries` times) while the delay is
 * over `budgetMs`, and the smallest maximum is returned. Not a wall-clock timing of the request.
 */
export async function eventLoopDelayMs(run: () => Promise<unknown>, budgetMs: number, tries = 3): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < tries && best >= budgetMs; i++) {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    try {
      await run();
    } finally {
      histogram.disable();
    }
    best = Math.min(best, histogram.max / 1e6);
  }
  return best;
}

/** What a request may cost the event loop at most: a fifth of a second. */
export const EVENT_LOOP_BUDGET_MS = 200;
