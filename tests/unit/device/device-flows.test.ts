import { describe, expect, it } from 'vitest';
import { buildFirmwareImage, sampleFirmwarePayload } from '../../../src/domain/firmware-image';
import { sha256Hex } from '../../../src/device/flows/sha256';
import { packLines, planCircuitSync, type SyncCircuit } from '../../../src/device/flows/circuit-blocks';
import { utf8Length } from '../../../src/device/protocol/text';
import { fakeSession, rig, settle, until } from './helpers';

const circuits: SyncCircuit[] = [
  { name: 'Kartodromo de Braga', typeName: 'Kart', countryName: 'Portugal', coordinates: '41.537;-8.457;41.538;-8.456;41.5375;-8.4545', size: 12 },
  { name: 'Circuito do Estoril', typeName: 'Racing Circuit', countryName: 'Portugal', coordinates: '38.7506;-9.394;38.747;-9.392;38.749;-9.388', size: 15 },
  { name: 'Jerez', typeName: 'Racing Circuit', countryName: 'Spain', coordinates: '36.708;-6.034;36.71;-6.03;36.705;-6.028', size: 15 },
  { name: 'No country', typeName: 'Kart', countryName: null, coordinates: '1;2;3;4;5;6', size: 10 },
  { name: 'No type', typeName: '', countryName: 'Spain', coordinates: '1;2;3;4;5;6', size: 10 },
];

function image(version: string, size = 3000): Uint8Array {
  const built = buildFirmwareImage({ version, payload: sampleFirmwarePayload(version, size) });
  if (!built.ok) throw new Error(built.code);
  return built.bytes;
}

async function connectedRig(options: Parameters<typeof rig>[0] = {}) {
  const r = rig({ sessions: [fakeSession('20260412_1030_Kartodromo de Braga')], ...options });
  await r.controller.connect();
  await until(() => r.controller.getSnapshot().version !== null);
  return r;
}

describe('circuit blocks', () => {
  it('packs lines into blocks of at most 494 bytes, split on line boundaries, that concatenate back to the text', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Kart;Circuit ${i};41.${i};-8.${i};41.1;-8.1;41.2;-8.2;12`);
    const blocks = packLines(lines);
    expect(blocks.length).toBeGreaterThan(1);
    for (const b of blocks) {
      expect(utf8Length(b)).toBeLessThanOrEqual(494);
      expect(b.endsWith('\n')).toBe(true);
    }
    expect(blocks.join('')).toBe(lines.map((l) => `${l}\n`).join(''));
  });

  it('cuts a single line longer than a block where it must, on character boundaries', () => {
    const long = `Kart;Longo;${Array.from({ length: 80 }, () => '41.5370000;-8.4570000').join(';')};12`;
    const blocks = packLines(['Kart;Short;1;2;3;4;5;6;10', long, 'Kart;Após;1;2;3;4;5;6;10']);
    for (const b of blocks) expect(utf8Length(b)).toBeLessThanOrEqual(494);
    expect(blocks.join('')).toBe(`Kart;Short;1;2;3;4;5;6;10\n${long}\nKart;Após;1;2;3;4;5;6;10\n`);
  });

  it('sends only circuits with a country and a type, grouped by country', () => {
    const plan = planCircuitSync(circuits);
    expect(plan.map((p) => p.country)).toEqual(['Portugal', 'Spain']);
    expect(plan[0].blocks.join('')).toBe(
      'Racing Circuit;Circuito do Estoril;38.7506;-9.394;38.747;-9.392;38.749;-9.388;15\nKart;Kartodromo de Braga;41.537;-8.457;41.538;-8.456;41.5375;-8.4545;12\n',
    );
    expect(planCircuitSync([circuits[3], circuits[4]])).toEqual([]);
  });
});

describe('circuit sync flow', () => {
  it('stores the circuits on the device per country, 50 ms between writes, with progress to 100 %', async () => {
    const r = await connectedRig();
    const progress: number[] = [];
    r.controller.subscribe(() => {
      const c = r.controller.getSnapshot().circuitSync;
      if (c.phase === 'sending') progress.push(c.progress);
    });
    const before = r.clock.sleeps.length;
    const result = await r.controller.syncCircuits(circuits);
    expect(result).toEqual({ ok: true, countries: 2, blocks: 2 });
    expect(r.device.circuits).toEqual([
      { country: 'Portugal', type: 'Racing Circuit', name: 'Circuito do Estoril', coordinates: '38.7506;-9.394;38.747;-9.392;38.749;-9.388', size: '15' },
      { country: 'Portugal', type: 'Kart', name: 'Kartodromo de Braga', coordinates: '41.537;-8.457;41.538;-8.456;41.5375;-8.4545', size: '12' },
      { country: 'Spain', type: 'Racing Circuit', name: 'Jerez', coordinates: '36.708;-6.034;36.71;-6.03;36.705;-6.028', size: '15' },
    ]);
    expect(r.device.log.slice(-8)).toEqual([
      'START_CIRCUIT_SYNC', 'START_COUNTRY_CIRCUITS?p=Portugal', expect.stringMatching(/^CIRCUIT_DATA\?p=Racing Circuit;/),
      'END_COUNTRY_CIRCUITS', 'START_COUNTRY_CIRCUITS?p=Spain', expect.stringMatching(/^CIRCUIT_DATA\?p=Racing Circuit;Jerez/),
      'END_COUNTRY_CIRCUITS', 'END_CIRCUIT_SYNC',
    ]);
    expect(r.clock.sleeps.slice(before).filter((ms) => ms === 50).length).toBe(8);
    expect(progress.at(-1)).toBe(100);
    expect(r.controller.getSnapshot().circuitSync).toEqual({ phase: 'done' });
  });

  it("answers 'no-circuits' when nothing has a country and a type, sending nothing", async () => {
    const r = await connectedRig();
    const logged = r.device.log.length;
    expect(await r.controller.syncCircuits([circuits[3], circuits[4]])).toMatchObject({ ok: false, code: 'no-circuits' });
    expect(r.device.log.length).toBe(logged);
  });

  it('a disconnect during circuit sync fails it and the device keeps its old list', async () => {
    const r = await connectedRig({ faults: [{ on: 'command', command: 'END_COUNTRY_CIRCUITS', action: 'disconnect' }] });
    r.device.circuits = [{ country: 'X', type: 'Kart', name: 'Old', coordinates: '1;2', size: '5' }];
    expect(await r.controller.syncCircuits(circuits)).toMatchObject({ ok: false, code: 'failed' });
    expect(r.device.circuits.map((c) => c.name)).toEqual(['Old']);
    expect(r.controller.getSnapshot().circuitSync).toEqual({ phase: 'failed' });
  });
});

describe('firmware update flow', () => {
  it('checks the sha256, streams the image in <= 509-byte chunks with the protocol pauses, then reconnects and confirms the version', async () => {
    const r = await connectedRig();
    const bin = image('1.5.0', 3000);
    const before = r.clock.sleeps.length;
    const result = await r.controller.updateFirmware(bin, await sha256Hex(bin));
    expect(result).toEqual({ ok: true, version: '1.5.0' });
    expect(r.device.version).toBe('1.5.0');
    expect(r.controller.getSnapshot()).toMatchObject({ connection: 'Connected', version: '1.5.0', firmware: { phase: 'done', version: '1.5.0' } });
    const chunks = Math.ceil(bin.length / 509);
    expect(r.device.log.filter((l) => l === 'FIRMWARE_CHUNK').length).toBe(chunks);
    expect(r.device.log).toContain(`START_FIRMWARE_UPDATE?p=${bin.length}`);
    const pauses = r.clock.sleeps.slice(before);
    expect(pauses[0]).toBe(100);
    expect(pauses.slice(1, chunks).every((ms) => ms === 25)).toBe(true);
    // The reboot was a disconnect, reported as expected.
    expect(r.events).toContainEqual({ type: 'disconnected', duringFirmware: false, expected: true, interrupted: [] });
  });

  it('refuses to send an image whose sha256 differs from the server’s', async () => {
    const r = await connectedRig();
    const bin = image('1.5.0');
    const result = await r.controller.updateFirmware(bin, 'a'.repeat(64));
    expect(result).toMatchObject({ ok: false, code: 'checksum' });
    expect(r.device.log.some((l) => l.startsWith('START_FIRMWARE_UPDATE'))).toBe(false);
  });

  it('a disconnect while sending stops the update (the screen says so) and the device keeps its version', async () => {
    const r = await connectedRig({ faults: [{ on: 'firmware-bytes', bytes: 1500, action: 'disconnect' }] });
    const bin = image('1.5.0', 4000);
    const result = await r.controller.updateFirmware(bin, await sha256Hex(bin));
    expect(result).toMatchObject({ ok: false, code: 'disconnected' });
    expect(r.device.version).toBe('1.4.0');
    expect(r.events).toContainEqual({ type: 'disconnected', duringFirmware: true, expected: false, interrupted: [] });
  });

  it('an image the device rejects (ERROR FIRMWARE_INVALID) fails without a reboot', async () => {
    const r = await connectedRig();
    const bin = image('1.5.0', 2000);
    bin[100] ^= 0xff; // corrupt after the build: the sha256 we pass matches these bytes, the CRC does not
    const result = await r.controller.updateFirmware(bin, await sha256Hex(bin));
    expect(result).toMatchObject({ ok: false, code: 'invalid-image' });
    expect(r.device.log.some((l) => l.startsWith('START_FIRMWARE_UPDATE'))).toBe(false);
  });
});

describe('firmware rejected by the device', () => {
  it('an ERROR FIRMWARE_INVALID from the device fails the update as rejected, with no reconnect', async () => {
    const r = await connectedRig({ faults: [{ on: 'command', command: 'START_FIRMWARE_UPDATE', action: 'error', code: 'FIRMWARE_INVALID' }] });
    const bin = image('1.5.0', 2000);
    const result = await r.controller.updateFirmware(bin, await sha256Hex(bin));
    expect(result).toEqual({ ok: false, code: 'rejected', detail: 'FIRMWARE_INVALID' });
    expect(r.device.version).toBe('1.4.0');
    expect(r.controller.getSnapshot().firmware).toEqual({ phase: 'failed', code: 'rejected' });
  });
});

describe('wi-fi flow', () => {
  it('shows the states the device reports: CONNECTING then CONNECTED with the address', async () => {
    const r = await connectedRig({ wifiNetworks: { 'Pit Wall': 'fast-laps-2026' } });
    const states: string[] = [];
    r.controller.subscribe(() => states.push(r.controller.getSnapshot().wifi.state));
    expect(await r.controller.connectWifi('Pit Wall', 'fast-laps-2026')).toBe(true);
    await until(() => r.controller.getSnapshot().wifi.state === 'CONNECTED');
    expect(states).toContain('CONNECTING');
    expect(r.controller.getSnapshot().wifi).toMatchObject({ state: 'CONNECTED', ip: expect.stringMatching(/^192\.168\.1\.\d+$/) });
  });

  it('reports FAILED with the reason for a wrong password', async () => {
    const r = await connectedRig({ wifiNetworks: { 'Pit Wall': 'fast-laps-2026' } });
    await r.controller.connectWifi('Pit Wall', 'nope;nope');
    await until(() => r.controller.getSnapshot().wifi.state === 'FAILED');
    expect(r.controller.getSnapshot().wifi).toEqual({ state: 'FAILED', reason: 'AUTH_FAILED' });
  });

  it('does nothing without a connection or an SSID', async () => {
    const r = rig();
    expect(await r.controller.connectWifi('x', 'y')).toBe(false);
    const c = await connectedRig();
    expect(await c.controller.connectWifi('  ', 'y')).toBe(false);
    await settle(10);
  });
});
