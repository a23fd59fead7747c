/**
 * The real link: Web Bluetooth. The only file that touches `navigator.bluetooth`.
 * requestDevice filters on the ASTRO name prefix; then gatt.connect, wait 1 s, service, characteristic,
 * startNotifications, wait 1 s (docs/device-protocol.md, 'Timing'). Writes are serialised.
 */
import { gattIds as defaultIds, type GattIds } from './gatt-ids';
import { CONNECT_SETTLE_MS } from './protocol/limits';
import { realClock, type Clock } from './clock';
import { Listeners, SerialQueue, type ConnectResult, type DeviceTransport } from './transport';

export interface WebBluetoothOptions {
  ids?: GattIds;
  clock?: Clock;
  bluetooth?: Bluetooth;
}

export class WebBluetoothTransport implements DeviceTransport {
  private readonly ids: GattIds;
  private readonly clock: Clock;
  private readonly bluetoothOverride?: Bluetooth;
  private device: BluetoothDevice | null = null;
  /** The device chosen last, kept after a disconnect so a reboot can be followed without the chooser. */
  private lastDevice: BluetoothDevice | null = null;
  private characteristic: BluetoothRemoteGATTCharacteristic | null = null;
  private readonly notifications = new Listeners<[Uint8Array]>();
  private readonly disconnects = new Listeners<[]>();
  private readonly writes = new SerialQueue();

  constructor(options: WebBluetoothOptions = {}) {
    this.ids = options.ids ?? defaultIds;
    this.clock = options.clock ?? realClock;
    this.bluetoothOverride = options.bluetooth;
  }

  get connected(): boolean {
    return this.characteristic !== null && this.device?.gatt?.connected === true;
  }

  static isSupported(): boolean {
    return typeof navigator !== 'undefined' && 'bluetooth' in navigator && !!navigator.bluetooth;
  }

  private readonly handleValue = (event: Event): void => {
    const value = (event.target as BluetoothRemoteGATTCharacteristic).value;
    if (!value) return;
    this.notifications.emit(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  };

  private readonly handleDisconnect = (): void => {
    this.release();
    this.disconnects.emit();
  };

  private release(): void {
    this.characteristic?.removeEventListener('characteristicvaluechanged', this.handleValue);
    this.device?.removeEventListener('gattserverdisconnected', this.handleDisconnect);
    this.characteristic = null;
    this.device = null;
  }

  async connect(): Promise<ConnectResult> {
    const bluetooth = this.bluetoothOverride ?? (WebBluetoothTransport.isSupported() ? navigator.bluetooth : undefined);
    if (!bluetooth) return { ok: false, reason: 'unsupported', message: 'Web Bluetooth is not available' };
    let device: BluetoothDevice;
    try {
      device = await bluetooth.requestDevice({
        filters: [{ namePrefix: this.ids.namePrefix }],
        optionalServices: [this.ids.service],
      });
    } catch (error) {
      // The chooser closed without a choice: NotFoundError ('User cancelled the requestDevice() chooser.').
      if (error instanceof Error && error.name === 'NotFoundError') {
        return { ok: false, reason: 'cancelled', message: error.message };
      }
      return { ok: false, reason: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    this.lastDevice = device;
    return this.open(device);
  }

  async reconnect(): Promise<ConnectResult> {
    if (!this.lastDevice) return { ok: false, reason: 'failed', message: 'No ASTRO chosen yet' };
    if (this.connected) return { ok: true, deviceName: this.lastDevice.name ?? this.ids.namePrefix };
    return this.open(this.lastDevice);
  }

  private async open(device: BluetoothDevice): Promise<ConnectResult> {
    try {
      if (!device.gatt) return { ok: false, reason: 'failed', message: 'Failed to connect to GATT server' };
      this.device = device;
      device.addEventListener('gattserverdisconnected', this.handleDisconnect);
      const server = await device.gatt.connect();
      await this.clock.sleep(CONNECT_SETTLE_MS);
      const service = await server.getPrimaryService(this.ids.service).catch(() => null);
      if (!service) throw new Error('Service not found');
      const characteristic = await service.getCharacteristic(this.ids.characteristic).catch(() => null);
      if (!characteristic) throw new Error('Characteristic not found');
      characteristic.addEventListener('characteristicvaluechanged', this.handleValue);
      this.characteristic = characteristic;
      await characteristic.startNotifications();
      await this.clock.sleep(CONNECT_SETTLE_MS);
      if (!device.gatt.connected) throw new Error('Failed to connect to GATT server');
      return { ok: true, deviceName: device.name ?? this.ids.namePrefix };
    } catch (error) {
      const gatt = device.gatt;
      this.release();
      if (gatt?.connected) gatt.disconnect();
      return { ok: false, reason: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  }

  write(bytes: Uint8Array): Promise<void> {
    return this.writes.run(async () => {
      const characteristic = this.characteristic;
      if (!characteristic) throw new Error('ASTRO is not connected');
      // A fresh ArrayBuffer-backed copy: BufferSource must not be a view on a SharedArrayBuffer.
      const copy = new Uint8Array(bytes.length);
      copy.set(bytes);
      // With response when offered: the acknowledgement is the back-pressure that keeps writes in order.
      if (characteristic.properties.write) await characteristic.writeValueWithResponse(copy);
      else await characteristic.writeValueWithoutResponse(copy);
    });
  }

  onNotification(listener: (bytes: Uint8Array) => void): () => void {
    return this.notifications.add(listener);
  }

  onDisconnect(listener: () => void): () => void {
    return this.disconnects.add(listener);
  }

  async disconnect(): Promise<void> {
    const gatt = this.device?.gatt;
    // gattserverdisconnected fires from gatt.disconnect() and runs handleDisconnect.
    if (gatt?.connected) gatt.disconnect();
    else if (this.device) this.handleDisconnect();
  }
}
