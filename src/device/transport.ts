/**
 * The link to an ASTRO, whatever carries it (Web Bluetooth or the simulated device). One write = one command,
 * one notification = one reply (docs/device-protocol.md). Implementations serialise writes.
 */
export type ConnectResult =
  | { ok: true; deviceName: string }
  /** 'cancelled': the user closed the chooser (silent); 'unsupported': no Web Bluetooth; 'failed': anything else. */
  | { ok: false; reason: 'cancelled' | 'unsupported' | 'failed'; message: string };

export interface DeviceTransport {
  /** Opens the link (chooser, GATT, notifications, settle waits). Never throws. */
  connect(): Promise<ConnectResult>;
  /** Writes one command or firmware chunk; rejects if the link is down. */
  write(bytes: Uint8Array): Promise<void>;
  /** Subscribes to notifications; returns the unsubscribe function. */
  onNotification(listener: (bytes: Uint8Array) => void): () => void;
  /** Subscribes to link loss (including a device reboot); returns the unsubscribe function. */
  onDisconnect(listener: () => void): () => void;
  disconnect(): Promise<void>;
  /** Re-opens the link to the device chosen last, without the chooser (after a firmware reboot). */
  reconnect(): Promise<ConnectResult>;
  readonly connected: boolean;
}

/** Small listener set used by the transports. */
export class Listeners<T extends unknown[]> {
  private readonly set = new Set<(...args: T) => void>();
  add(listener: (...args: T) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  emit(...args: T): void {
    for (const listener of [...this.set]) listener(...args);
  }
}

/** Runs async jobs one after another (writes must not overlap on a GATT characteristic). */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  run<R>(job: () => Promise<R>): Promise<R> {
    const next = this.tail.then(job, job);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
