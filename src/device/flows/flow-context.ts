/** What the circuit-sync and firmware flows need from the connection: IO and time as parameters. */
import type { Clock } from '../clock';
import type { Reply } from '../protocol/replies';
import type { DeviceLink } from './device-link';

export interface FlowContext {
  link: DeviceLink;
  clock: Clock;
  connected(): boolean;
  /** Resolves at the next disconnect. */
  nextDisconnect(): Promise<void>;
}

export type WaitResult<T> = { type: 'reply'; value: T } | { type: 'disconnected' } | { type: 'timeout' };

/** Waits for the first reply `pick` accepts, a disconnect, or `timeoutMs` of clock time, whichever comes first. */
export function waitForReply<T>(ctx: FlowContext, pick: (reply: Reply) => T | undefined, timeoutMs: number): Promise<WaitResult<T>> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: WaitResult<T>) => {
      if (done) return;
      done = true;
      off();
      resolve(result);
    };
    const off = ctx.link.onReply((reply) => {
      const value = pick(reply);
      if (value !== undefined) finish({ type: 'reply', value });
    });
    void ctx.nextDisconnect().then(() => finish({ type: 'disconnected' }));
    void ctx.clock.sleep(timeoutMs).then(() => finish({ type: 'timeout' }));
  });
}
