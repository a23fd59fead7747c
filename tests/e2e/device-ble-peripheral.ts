/**
 * An emulated ASTRO for the REAL Web Bluetooth code path, over Chromium's BluetoothEmulation CDP domain:
 * a pre-connected peripheral named ASTRO-E2E whose GATT service/characteristic are
 * added when the page connects, whose chooser prompt is answered through DeviceAccess, and whose brain is the
 * SimulatedAstro (the device side of the protocol).
 *
 * Notifications: no CDP command pushes one, but a read of the characteristic fires 'characteristicvaluechanged'
 * on the very object the app listens on. So each reply the device wants to notify is queued, and the test reads
 * the characteristic from the page (navigator.bluetooth.getDevices(), test-side code only: the app has no test
 * hook) and answers that read with the reply's bytes, one at a time, in order.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { DEFAULT_CHARACTERISTIC_UUID, DEFAULT_SERVICE_UUID } from '../../src/device/gatt-ids';
import type { SimulatedAstro } from '../../src/device/simulated/simulated-astro';

const CCCD = '00002902-0000-1000-8000-00805f9b34fb';

interface CharOp {
  characteristicId: string;
  type: 'read' | 'write' | 'subscribe-to-notifications' | 'unsubscribe-from-notifications';
  data?: string;
}

export interface EmulatedAstro {
  readonly address: string;
  /** What the prompt should do: pick the device, or cancel (the user closed the chooser). */
  promptAnswer: 'select' | 'cancel';
  /** Drops the link from the device side (the page gets gattserverdisconnected). */
  disconnect(): Promise<void>;
  /** Notifications delivered to the page so far. */
  readonly delivered: number;
  close(): Promise<void>;
}

export async function emulateAstro(browser: Browser, context: BrowserContext, page: Page, device: SimulatedAstro, address = '0A:57:50:00:00:01'): Promise<EmulatedAstro> {
  const bs: CDPSession = await browser.newBrowserCDPSession();
  const ps: CDPSession = await context.newCDPSession(page);
  const send = (s: CDPSession, method: string, params: object = {}) => s.send(method as never, params as never) as Promise<Record<string, string>>;
  await send(bs, 'BluetoothEmulation.enable', { state: 'powered-on', leSupported: true });
  await send(bs, 'BluetoothEmulation.simulatePreconnectedPeripheral', { address, name: 'ASTRO-E2E', manufacturerData: [], knownServiceUuids: [DEFAULT_SERVICE_UUID] });
  await send(ps, 'DeviceAccess.enable');

  const queue: Uint8Array[] = [];
  let pumping = false;
  let delivered = 0;
  let linked = false;

  const state: EmulatedAstro = {
    address,
    promptAnswer: 'select',
    get delivered() {
      return delivered;
    },
    async disconnect() {
      linked = false;
      queue.length = 0;
      device.detach();
      await send(bs, 'BluetoothEmulation.simulateGATTDisconnection', { address });
    },
    async close() {
      await send(bs, 'BluetoothEmulation.disable').catch(() => undefined);
      await bs.detach().catch(() => undefined);
      await ps.detach().catch(() => undefined);
    },
  };

  // Events can arrive twice (once per session/context): answer each prompt once.
  const answered = new Set<string>();
  ps.on('DeviceAccess.deviceRequestPrompted' as never, (e: { id: string; devices: { id: string }[] }) => {
    if (answered.has(e.id)) return;
    answered.add(e.id);
    if (state.promptAnswer === 'cancel') void send(ps, 'DeviceAccess.cancelPrompt', { id: e.id });
    else void send(ps, 'DeviceAccess.selectPrompt', { id: e.id, deviceId: e.devices.find((d) => d.id === address)?.id ?? e.devices[0].id });
  });

  /** The bytes the next page-side read is answered with. */
  let readData = '';
  /** Delivers queued notifications one by one: each is a page-side read answered with its bytes. */
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length && linked) {
        readData = Buffer.from(queue.shift()!).toString('base64');
        await page
          .evaluate(
            async ([s, c]) => {
              const [d] = (await navigator.bluetooth.getDevices()).filter((x) => x.gatt?.connected);
              if (!d) return;
              const ch = await (await d.gatt!.getPrimaryService(s)).getCharacteristic(c);
              await ch.readValue();
            },
            [DEFAULT_SERVICE_UUID, DEFAULT_CHARACTERISTIC_UUID],
          )
          .catch(() => undefined);
        delivered++;
      }
    } finally {
      pumping = false;
    }
  };

  bs.on('BluetoothEmulation.gattOperationReceived' as never, async (e: { address: string; type: 'connection' | 'discovery' }) => {
    if (e.address !== address) return;
    if (e.type === 'connection') {
      const { serviceId } = await send(bs, 'BluetoothEmulation.addService', { address, serviceUuid: DEFAULT_SERVICE_UUID });
      const { characteristicId } = await send(bs, 'BluetoothEmulation.addCharacteristic', {
        serviceId,
        characteristicUuid: DEFAULT_CHARACTERISTIC_UUID,
        properties: { read: true, write: true, writeWithoutResponse: true, notify: true },
      });
      await send(bs, 'BluetoothEmulation.addDescriptor', { characteristicId, descriptorUuid: CCCD });
      linked = device.attach({
        notify: (bytes) => {
          queue.push(bytes.slice());
          void pump();
        },
        drop: () => {
          linked = false;
          queue.length = 0;
          void send(bs, 'BluetoothEmulation.simulateGATTDisconnection', { address });
        },
      });
      await send(bs, 'BluetoothEmulation.simulateGATTOperationResponse', { address, type: 'connection', code: linked ? 0 : 1 });
      return;
    }
    await send(bs, 'BluetoothEmulation.simulateGATTOperationResponse', { address, type: e.type, code: 0 });
  });

  bs.on('BluetoothEmulation.characteristicOperationReceived' as never, async (e: CharOp) => {
    if (e.type === 'read') {
      await send(bs, 'BluetoothEmulation.simulateCharacteristicOperationResponse', { characteristicId: e.characteristicId, type: 'read', code: 0, data: readData });
      return;
    }
    await send(bs, 'BluetoothEmulation.simulateCharacteristicOperationResponse', { characteristicId: e.characteristicId, type: e.type, code: 0 });
    if (e.type === 'write' && e.data !== undefined) device.receive(new Uint8Array(Buffer.from(e.data, 'base64')));
  });

  return state;
}
