import type { Clock } from '../../src/device/clock';

/**
 * A virtual clock for tests: sleeps resolve in order of their virtual due time, one per macrotask, and `now`
 * jumps to each due time. Everything that would happen "meanwhile" (microtasks, synchronous replies) runs
 * between two wake-ups, so behaviour matches real time with an infinitely fast CPU, without waiting.
 * `sleeps` records every requested pause for assertions.
 */
export class VirtualClock implements Clock {
  private t = 0;
  private seq = 0;
  private scheduled = false;
  private readonly timers: { due: number; seq: number; resolve: () => void }[] = [];
  readonly sleeps: number[] = [];

  now(): number {
    return this.t;
  }

  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    return new Promise((resolve) => {
      this.timers.push({ due: this.t + Math.max(0, ms), seq: this.seq++, resolve });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      this.timers.sort((a, b) => a.due - b.due || a.seq - b.seq);
      const next = this.timers.shift();
      if (next) {
        this.t = Math.max(this.t, next.due);
        next.resolve();
      }
      if (this.timers.length > 0) this.schedule();
    }, 0);
  }
}
