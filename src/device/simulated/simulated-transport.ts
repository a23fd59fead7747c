/**
 * The app's DeviceTransport over a SimulatedAstro: the same connect/write/notify/disconnect contract as Web
 * Bluetooth, including the 1 s settle waits, with the device's link latency applied to every message.
 */
import { CONNECT_SETTLE_MS } from '../protocol/limits';
import { Listeners, SerialQueue, type ConnectResult, type DeviceTransport } from '../transport';
import type { DeviceSideLink, SimulatedAstro } from './simulated-astro';

export class SimulatedTransport implements DeviceTransport {
  private readonly notifications = new Listeners<[Uint8Array]>();
  private readonly disconnects = new Listeners<[]>();
  private readonly writes = new SerialQueue();
  private link: DeviceSideLink | null = null;

  constructor(readonly device: SimulatedAstro) {}

  get connected(): boolean {
    return this.link !== null;
  }

  async connect(): Promise<ConnectResult> {
    const clock = this.device.clock;
    if (this.link) return { ok: true, deviceName: this.device.deviceName };
    const link: DeviceSideLink = {
      notify: (bytes) => {
        if (this.link !== link) return;
        const copy = bytes.slice();
        if (this.device.latencyMs > 0) {
          void clock.sleep(this.device.latencyMs).then(() => {
            if (this.link === link) this.notifications.emit(copy);
          });
        } else {
          this.notifications.emit(copy);
        }
      },
      drop: () => {
        if (this.link !== link) return;
        this.link = null;
        this.disconnects.emit();
      },
    };
    if (!this.device.attach(link)) return { ok: false, reason: 'failed', message: 'Failed to connect to GATT server' };
    this.link = link;
    await clock.sleep(CONNECT_SETTLE_MS);
    await clock.sleep(CONNECT_SETTLE_MS);
    if (this.link !== link) return { ok: false, reason: 'failed', message: 'Failed to connect to GATT server' };
    return { ok: true, deviceName: this.device.deviceName };
  }

  reconnect(): Promise<ConnectResult> {
    return this.connect();
  }

  write(bytes: Uint8Array): Promise<void> {
    const copy = bytes.slice();
    return this.writes.run(async () => {
      if (!this.link) throw new Error('ASTRO is not connected');
      if (this.device.latencyMs > 0) await this.device.clock.sleep(this.device.latencyMs);
      if (!this.link) throw new Error('ASTRO is not connected');
      this.device.receive(copy);
    });
  }

  onNotification(listener: (bytes: Uint8Array) => void): () => void {
    return this.notifications.add(listener);
  }

  onDisconnect(listener: () => void): () => void {
    return this.disconnects.add(listener);
  }

  async disconnect(): Promise<void> {
    if (!this.link) return;
    this.link = null;
    this.device.detach();
    this.disconnects.emit();
  }
}
