/**
 * Ends the current task and continues in a new one, so the browser can paint and handle input in between: a long
 * start split this way never blocks the page for long (each piece is its own task). Uses the Prioritized Task
 * Scheduling API where the browser has it (the continuation runs before other queued tasks), else a timeout.
 */
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
