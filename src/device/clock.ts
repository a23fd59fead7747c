/** Time as a parameter, so flows and the simulated ASTRO run instantly under test. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** Below this many ms a browser's setTimeout, once nested five deep, waits 4 ms instead (HTML's timer clamping). */
const CLAMPED_BELOW_MS = 4;

/**
 * A sleep of `ms` from a task of its own: a timer set from a MessageChannel task has no timer nesting, so the browser
 * does not clamp it. A chain of short sleeps (the simulated ASTRO's 1 ms link latency, twice per chunk) otherwise
 * waits 4.75 ms a step in Chromium instead of 1.4 ms, and a download of four sessions took three times as long.
 */
function unclampedSleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      setTimeout(resolve, ms);
    };
    channel.port2.postMessage(null);
  });
}

/** The real clock. */
export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => (ms < CLAMPED_BELOW_MS && typeof MessageChannel === 'function' ? unclampedSleep(ms) : new Promise((resolve) => setTimeout(resolve, ms))),
};
