import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../helpers/virtual-clock';
import { DEFAULT_CHARACTERISTIC_UUID, DEFAULT_SERVICE_UUID } from '../../../src/device/gatt-ids';
import { WebBluetoothTransport } from '../../../src/device/web-bluetooth-transport';

/** A minimal fake of the Web Bluetooth objects the transport touches, recording what it does. */
function fakeBluetooth(options: { cancel?: boolean; noService?: boolean; writeDelayMs?: number } = {}) {
  const calls: string[] = [];
  const writes: string[] = [];
  let active = 0;
  let maxActive = 0;
  const characteristic = new EventTarget() as EventTarget & Record<string, unknown>;
  Object.assign(characteristic, {
    properties: { write: true, writeWithoutResponse: true, notify: true },
    value: undefined as DataView | undefined,
    startNotifications: async () => {
      calls.push('startNotifications');
      return characteristic;
    },
    writeValueWithResponse: async (bytes: Uint8Array) => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, options.writeDelayMs ?? 0));
      writes.push(new TextDecoder().decode(bytes));
      active--;
    },
    writeValueWithoutResponse: async () => {
      throw new Error('should write with response');
    },
  });
  const gatt = {
    connected: false,
    connect: async () => {
      calls.push('gatt.connect');
      gatt.connected = true;
      return server;
    },
    disconnect: () => {
      gatt.connected = false;
      device.dispatchEvent(new Event('gattserverdisconnected'));
    },
  };
  const server = {
    getPrimaryService: async (uuid: string) => {
      calls.push(`service ${uuid}`);
      if (options.noService) throw new Error('NotFoundError');
      return { getCharacteristic: async (c: string) => (calls.push(`characteristic ${c}`), characteristic) };
    },
  };
  const device = Object.assign(new EventTarget(), { name: 'ASTRO-1A2B', gatt });
  const bluetooth = {
    requestDevice: async (o: RequestDeviceOptions) => {
      calls.push(`requestDevice ${JSON.stringify(o)}`);
      if (options.cancel) throw Object.assign(new Error('User cancelled the requestDevice() chooser.'), { name: 'NotFoundError' });
      return device;
    },
  };
  const notify = (text: string) => {
    characteristic.value = new DataView(new TextEncoder().encode(text).buffer);
    characteristic.dispatchEvent(new Event('characteristicvaluechanged'));
  };
  return { bluetooth: bluetooth as unknown as Bluetooth, calls, writes, notify, device, gatt, maxActive: () => maxActive };
}

describe('Web Bluetooth transport', () => {
  it('filters the chooser on the ASTRO prefix, connects, waits 1 s, subscribes, waits 1 s', async () => {
    const fake = fakeBluetooth();
    const clock = new VirtualClock();
    const t = new WebBluetoothTransport({ bluetooth: fake.bluetooth, clock });
    expect(await t.connect()).toEqual({ ok: true, deviceName: 'ASTRO-1A2B' });
    expect(fake.calls[0]).toBe(`requestDevice ${JSON.stringify({ filters: [{ namePrefix: 'ASTRO' }], optionalServices: [DEFAULT_SERVICE_UUID] })}`);
    expect(fake.calls.slice(1)).toEqual(['gatt.connect', `service ${DEFAULT_SERVICE_UUID}`, `characteristic ${DEFAULT_CHARACTERISTIC_UUID}`, 'startNotifications']);
    expect(clock.sleeps).toEqual([1000, 1000]);
    expect(t.connected).toBe(true);
  });

  it("reports a cancelled chooser as 'cancelled', distinct from a failure", async () => {
    const t = new WebBluetoothTransport({ bluetooth: fakeBluetooth({ cancel: true }).bluetooth, clock: new VirtualClock() });
    expect(await t.connect()).toMatchObject({ ok: false, reason: 'cancelled' });
  });

  it("fails with 'Service not found' when the service is missing, and drops the GATT link", async () => {
    const fake = fakeBluetooth({ noService: true });
    const t = new WebBluetoothTransport({ bluetooth: fake.bluetooth, clock: new VirtualClock() });
    expect(await t.connect()).toEqual({ ok: false, reason: 'failed', message: 'Service not found' });
    expect(fake.gatt.connected).toBe(false);
  });

  it('is unsupported without navigator.bluetooth', async () => {
    expect(await new WebBluetoothTransport({ clock: new VirtualClock() }).connect()).toMatchObject({ ok: false, reason: 'unsupported' });
  });

  it('serialises writes (never two at once, in order) and passes notifications and disconnects on', async () => {
    const fake = fakeBluetooth({ writeDelayMs: 5 });
    const t = new WebBluetoothTransport({ bluetooth: fake.bluetooth, clock: new VirtualClock() });
    await t.connect();
    const got: string[] = [];
    t.onNotification((b) => got.push(new TextDecoder().decode(b)));
    let dropped = 0;
    t.onDisconnect(() => dropped++);
    await Promise.all(['A', 'B', 'C'].map((c) => t.write(new TextEncoder().encode(c))));
    expect(fake.writes).toEqual(['A', 'B', 'C']);
    expect(fake.maxActive()).toBe(1);
    fake.notify('VERSION;1.4.0');
    expect(got).toEqual(['VERSION;1.4.0']);
    fake.gatt.disconnect();
    expect(dropped).toBe(1);
    expect(t.connected).toBe(false);
    await expect(t.write(new Uint8Array([1]))).rejects.toThrow('not connected');
    // After a reboot the same device is re-opened without the chooser.
    expect(await t.reconnect()).toMatchObject({ ok: true });
    expect(fake.calls.filter((c) => c.startsWith('requestDevice')).length).toBe(1);
  });
});
