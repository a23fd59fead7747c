/**
 * One ASTRO connection and everything done over it: the connection states (Not connected -> Connecting ->
 * Connected -> Disconnected), the live session list, the download queue, circuit sync, firmware update and
 * Wi-Fi. Policy only: transport, sink and clock are parameters, so the same code runs against Web Bluetooth,
 * the simulated ASTRO, and in tests on a virtual clock.
 *
 * The UI reads `getSnapshot()` (rebuilt lazily after changes) through `subscribe`, and turns `onEvent` events
 * into toasts. Nothing here is translated: events carry codes.
 */
import { realClock, type Clock } from '../clock';
import { commands } from '../protocol/commands';
import { CONNECT_SETTLE_MS } from '../protocol/limits';
import type { Reply, WifiState } from '../protocol/replies';
import type { SessionSink } from '../sink';
import { Listeners, type DeviceTransport } from '../transport';
import { runCircuitSync, type CircuitSyncResult } from './circuit-sync';
import type { SyncCircuit } from './circuit-blocks';
import { DeviceLink, type Logger } from './device-link';
import { waitForReply, type FlowContext } from './flow-context';
import { runFirmwareUpdate, type FirmwarePhase, type FirmwareResult } from './firmware-update';
import { DeviceSessionList, type DeviceSessionRow } from './session-list';
import { TransferQueue, type QueueEvent } from './transfer-queue';
import type { TransferFailure, UploadState } from './transfer-items';
import type { TransferEstimate } from './transfer-rate';

export type ConnectionState = 'Not connected' | 'Connecting' | 'Connected' | 'Disconnected';

export interface QueueItemView {
  filename: string;
  state: UploadState;
  progress: number;
  failure?: TransferFailure;
}

export type FirmwareStatus =
  | { phase: 'idle' }
  | { phase: FirmwarePhase; progress: number }
  | { phase: 'done'; version: string }
  | { phase: 'failed'; code: Extract<FirmwareResult, { ok: false }>['code'] };

export type CircuitSyncStatus = { phase: 'idle' } | { phase: 'sending'; progress: number } | { phase: 'done' } | { phase: 'failed' };

export type WifiStatus = { state: 'IDLE' } | WifiState;

export interface DeviceSnapshot {
  connection: ConnectionState;
  deviceName: string | null;
  version: string | null;
  sessions: DeviceSessionRow[];
  queue: QueueItemView[];
  /** 0..100 while a download runs, else null. */
  overallProgress: number | null;
  /** Speed and time left of the running download, once measurable. */
  transferEstimate: TransferEstimate | null;
  /** Something queued, in transit or not yet kept on this device: closing the tab now would lose it. */
  unsavedTransfer: boolean;
  firmware: FirmwareStatus;
  circuitSync: CircuitSyncStatus;
  wifi: WifiStatus;
}

export type DeviceEvent =
  | { type: 'connecting' }
  | { type: 'connected'; deviceName: string }
  | { type: 'connect-failed'; message: string }
  /** `during`: the link dropped while a firmware update was sending, or none. */
  /** `interrupted`: the sessions whose download the disconnect cut (they stay on the device). */
  | { type: 'disconnected'; duringFirmware: boolean; expected: boolean; interrupted: string[] }
  /** GET_VERSION and GET_SESSION_NAMES are out: time to load the server's sessions. */
  | { type: 'ready' }
  /** An ERROR no running flow consumed (e.g. SESSION_NOT_FOUND after a delete). */
  | { type: 'device-error'; code: string }
  | QueueEvent;

export interface AstroControllerOptions {
  transport: DeviceTransport;
  sink: SessionSink;
  clock?: Clock;
  log?: Logger;
}

/** Attempts, and the pause before each, to re-open the link after a firmware reboot. */
const RECONNECT_ATTEMPTS = 6;
const RECONNECT_PAUSE_MS = 2500;
const VERSION_WAIT_MS = 5000;

export class AstroController {
  readonly link: DeviceLink;
  private readonly transport: DeviceTransport;
  private readonly clock: Clock;
  private readonly list = new DeviceSessionList();
  private readonly queue: TransferQueue;
  private readonly listeners = new Listeners<[]>();
  private readonly events = new Listeners<[DeviceEvent]>();
  private readonly disconnectWaiters = new Listeners<[]>();
  private readonly offs: (() => void)[] = [];
  private connection: ConnectionState = 'Not connected';
  private deviceName: string | null = null;
  private version: string | null = null;
  private firmware: FirmwareStatus = { phase: 'idle' };
  private circuitSync: CircuitSyncStatus = { phase: 'idle' };
  private wifi: WifiStatus = { state: 'IDLE' };
  /** Set while a firmware reboot is expected, so that disconnect is not an error. */
  private expectingReboot = false;
  private snapshot: DeviceSnapshot | null = null;
  private readonly ctx: FlowContext;

  constructor(options: AstroControllerOptions) {
    this.transport = options.transport;
    this.clock = options.clock ?? realClock;
    this.link = new DeviceLink(options.transport, options.log);
    this.queue = new TransferQueue(this.link, options.sink, () => this.changed(), (e) => this.events.emit(e), this.clock);
    this.offs.push(this.link.onReply((r) => this.onReply(r)));
    this.offs.push(this.link.onMalformed((e) => this.queue.handleMalformed(`${e.code}: ${e.detail}`)));
    this.offs.push(options.transport.onDisconnect(() => this.onDisconnect()));
    this.ctx = {
      link: this.link,
      clock: this.clock,
      connected: () => this.connection === 'Connected' && this.transport.connected,
      nextDisconnect: () => new Promise<void>((resolve) => {
        const off = this.disconnectWaiters.add(() => {
          off();
          resolve();
        });
      }),
    };
  }

  subscribe(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  onEvent(listener: (event: DeviceEvent) => void): () => void {
    return this.events.add(listener);
  }

  getSnapshot = (): DeviceSnapshot => {
    if (!this.snapshot) {
      this.snapshot = {
        connection: this.connection,
        deviceName: this.deviceName,
        version: this.version,
        sessions: this.list.list(),
        queue: this.queue.allItems().map((i) => ({
          filename: i.filename,
          state: i.state,
          progress: this.queue.progressOf(i.filename),
          failure: i.failure,
        })),
        overallProgress: this.queue.overallProgress(),
        transferEstimate: this.queue.estimate(),
        unsavedTransfer: this.queue.hasUnsavedWork(),
        firmware: this.firmware,
        circuitSync: this.circuitSync,
        wifi: this.wifi,
      };
    }
    return this.snapshot;
  };

  private changed(): void {
    this.snapshot = null;
    this.listeners.emit();
  }

  /** Chooser (real link), GATT, notifications; then 1 s, GET_VERSION, GET_SESSION_NAMES. */
  async connect(): Promise<void> {
    if (this.connection === 'Connecting' || this.connection === 'Connected') return;
    this.connection = 'Connecting';
    this.changed();
    this.events.emit({ type: 'connecting' });
    const result = await this.transport.connect();
    if (!result.ok) {
      this.connection = 'Not connected';
      this.changed();
      // A cancelled chooser is silent: the user chose not to connect.
      if (result.reason !== 'cancelled') this.events.emit({ type: 'connect-failed', message: result.message });
      return;
    }
    this.opened(result.deviceName);
    this.events.emit({ type: 'connected', deviceName: result.deviceName });
    await this.afterConnect();
  }

  private opened(deviceName: string): void {
    this.connection = 'Connected';
    this.deviceName = deviceName;
    this.changed();
  }

  private async afterConnect(): Promise<void> {
    await this.clock.sleep(CONNECT_SETTLE_MS);
    if (!this.ctx.connected()) return;
    await this.link.send(commands.getVersion());
    await this.link.send(commands.getSessionNames());
    if (this.ctx.connected()) this.events.emit({ type: 'ready' });
  }

  async disconnect(): Promise<void> {
    await this.transport.disconnect();
  }

  /** A disconnect resets device, queue and transfer state: nothing half-done survives a lost link. */
  private onDisconnect(): void {
    const duringFirmware = this.firmware.phase === 'sending';
    const expected = this.expectingReboot;
    const interrupted = this.queue.unfinished();
    this.connection = 'Disconnected';
    this.version = null;
    this.list.clear();
    this.queue.reset();
    this.wifi = { state: 'IDLE' };
    if (this.circuitSync.phase === 'sending') this.circuitSync = { phase: 'failed' };
    this.changed();
    this.disconnectWaiters.emit();
    this.events.emit({ type: 'disconnected', duringFirmware, expected, interrupted });
  }

  private onReply(reply: Reply): void {
    if (this.queue.handle(reply)) return;
    switch (reply.type) {
      case 'version':
        this.version = reply.version;
        this.changed();
        return;
      case 'session-name':
        if (this.list.upsert({ filename: reply.filename, lapsBytes: reply.lapsBytes, nmeaBytes: reply.nmeaBytes })) this.changed();
        return;
      case 'wifi':
        this.wifi = reply.wifi;
        this.changed();
        return;
      case 'error':
        // The firmware and circuit flows listen for their own errors; the UI shows any ERROR translated.
        if (this.firmware.phase === 'sending' || this.firmware.phase === 'rebooting' || this.circuitSync.phase === 'sending') return;
        this.events.emit({ type: 'device-error', code: reply.code });
        return;
      default:
        // Stray DATA/BOF/EOF after a stop or a skip: nothing to do.
        return;
    }
  }

  /** Asks the device for its list again (rows stay de-duplicated). */
  async refreshSessions(): Promise<void> {
    if (this.ctx.connected()) await this.link.send(commands.getSessionNames());
  }

  /** Queues sessions for download (each once). */
  download(filenames: string[]): void {
    if (!this.ctx.connected()) return;
    const requests = filenames
      .map((f) => this.list.get(f))
      .filter((r): r is DeviceSessionRow => r !== undefined);
    this.queue.enqueue(requests);
  }

  async stopTransfer(): Promise<void> {
    await this.queue.stop();
  }

  get transferring(): boolean {
    return this.queue.busy;
  }

  /** DELETE_SESSION per session, removing each row locally. Sessions in the running queue are kept. */
  async deleteFromDevice(filenames: string[]): Promise<void> {
    for (const filename of filenames) {
      if (!this.ctx.connected()) return;
      const item = this.queue.item(filename);
      if (item && (item.state === 'Pending' || item.state === 'In Progress' || item.state === 'Uploading')) continue;
      if (!(await this.link.send(commands.deleteSession(filename)))) continue;
      this.list.remove(filename);
      this.queue.forget(filename);
      this.changed();
    }
  }

  async syncCircuits(circuits: SyncCircuit[]): Promise<CircuitSyncResult> {
    if (!this.ctx.connected()) return { ok: false, code: 'failed', detail: 'not connected' };
    if (this.circuitSync.phase === 'sending') return { ok: false, code: 'failed', detail: 'already running' };
    this.circuitSync = { phase: 'sending', progress: 0 };
    this.changed();
    const result = await runCircuitSync(this.ctx, circuits, (progress) => {
      this.circuitSync = { phase: 'sending', progress };
      this.changed();
    });
    this.circuitSync = result.ok ? { phase: 'done' } : result.code === 'no-circuits' ? { phase: 'idle' } : { phase: 'failed' };
    this.changed();
    return result;
  }

  async updateFirmware(image: Uint8Array, sha256: string): Promise<FirmwareResult> {
    if (this.firmware.phase !== 'idle' && this.firmware.phase !== 'done' && this.firmware.phase !== 'failed') {
      return { ok: false, code: 'write-failed', detail: 'an update is already running' };
    }
    if (this.queue.busy) return { ok: false, code: 'write-failed', detail: 'a session transfer is running' };
    let progress = 0;
    let phase: FirmwarePhase = 'checking';
    const set = () => {
      this.firmware = { phase, progress };
      this.changed();
    };
    const result = await runFirmwareUpdate(this.ctx, image, sha256, {
      onPhase: (p) => {
        phase = p;
        this.expectingReboot = p === 'rebooting' || p === 'reconnecting';
        set();
      },
      onProgress: (p) => {
        progress = p;
        set();
      },
      reconnect: () => this.reconnectAfterReboot(),
    });
    this.expectingReboot = false;
    this.firmware = result.ok ? { phase: 'done', version: result.version } : { phase: 'failed', code: result.code };
    this.changed();
    return result;
  }

  /** Re-opens the link without the chooser and returns the version the device reports. */
  private async reconnectAfterReboot(): Promise<string | null> {
    for (let attempt = 0; attempt < RECONNECT_ATTEMPTS; attempt++) {
      await this.clock.sleep(RECONNECT_PAUSE_MS);
      const result = await this.transport.reconnect();
      if (!result.ok) continue;
      this.opened(result.deviceName);
      this.events.emit({ type: 'connected', deviceName: result.deviceName });
      const version = waitForReply(this.ctx, (r) => (r.type === 'version' ? r.version : undefined), CONNECT_SETTLE_MS + VERSION_WAIT_MS);
      await this.afterConnect();
      const outcome = await version;
      if (outcome.type === 'reply') return outcome.value;
    }
    return null;
  }

  async connectWifi(ssid: string, password: string): Promise<boolean> {
    if (!this.ctx.connected() || ssid.trim() === '') return false;
    return this.link.send(commands.wifiConnect(ssid, password));
  }

  dispose(): void {
    for (const off of this.offs) off();
    this.link.dispose();
  }
}
