import { describe, expect, it } from 'vitest';
import { generateSession, parseGates, sessionFilename } from '../../../src/device/simulated/generate-session';
import { createSimulatedAstro } from '../../../src/device/simulated/create-simulated-astro';
import { SimulatedAstro } from '../../../src/device/simulated/simulated-astro';
import { SimulatedTransport } from '../../../src/device/simulated/simulated-transport';
import { VirtualClock } from '../../helpers/virtual-clock';
import { commands, encodeCommand } from '../../../src/device/protocol/commands';
import { decodeReply } from '../../../src/device/protocol/replies';
import { fromUtf8 } from '../../../src/device/protocol/text';
import { buildFirmwareImage, crc32, parseFirmwareImage, sampleFirmwarePayload } from '../../../src/domain/firmware-image';
import { parseLapsText } from '../../../src/domain/parse-laps';
import { parsePositionsBytes } from '../../../src/domain/parse-positions';
import { fakeSession, settle } from './helpers';

const braga = { name: 'Kartodromo de Braga', type: 'Kart', coordinates: '41.5370;-8.4570;41.5380;-8.4560;41.5375;-8.4545', length: 1200 };
const estoril = { name: 'Circuito do Estoril', type: 'Racing Circuit', coordinates: '38.7506;-9.3940;38.7470;-9.3920;38.7490;-9.3880', length: 4182 };

const haversine = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const r = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * r) / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lon - a.lon) * r) / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(h));
};

function parse(text: string) {
  return text.trim().split('\n').map((l) => l.split(';').map(Number));
}

describe('generated sessions', () => {
  it('names files YYYYMMDD_HHMM_<circuit name>', () => {
    expect(sessionFilename(new Date(2026, 3, 12, 10, 30), 'Kartodromo de Braga')).toBe('20260412_1030_Kartodromo de Braga');
  });

  for (const circuit of [braga, estoril]) {
    it(`${circuit.name}: 25 Hz fixes whose laps, sectors and lap lengths agree with the laps file`, () => {
      const s = generateSession(circuit, { flyingLaps: 4, start: new Date(2026, 3, 12, 10, 30), seed: 7 })!;
      const fixes = parse(fromUtf8(s.nmea));
      const laps = parse(fromUtf8(s.laps));
      expect(laps.length).toBe(6); // lap 0, four flying laps, in lap
      expect(laps.map((l) => l[1])).toEqual([0, 1, 2, 3, 4, 5]);
      for (let i = 1; i < fixes.length; i++) expect(fixes[i][1] - fixes[i - 1][1]).toBe(40);
      for (const lap of laps.slice(1)) {
        const [, n, lapMs, s1, s2, s3, max, min] = lap;
        expect(s1 + s2 + s3).toBe(lapMs);
        expect(Math.min(s1, s2, s3)).toBeGreaterThan(0);
        const own = fixes.filter((f) => f[0] === n);
        // The fixes of a lap span its time within one fix interval.
        expect(Math.abs(own.length * 40 - lapMs)).toBeLessThanOrEqual(80);
        let dist = 0;
        for (let i = 1; i < own.length; i++) dist += haversine({ lat: own[i - 1][2], lon: own[i - 1][3] }, { lat: own[i][2], lon: own[i][3] });
        expect(Math.abs(dist - circuit.length) / circuit.length).toBeLessThan(0.08);
        expect(Math.max(...own.map((f) => f[4]))).toBeCloseTo(max, 1);
        expect(Math.min(...own.map((f) => f[4]))).toBeCloseTo(min, 1);
      }
      const flying = laps.slice(1, -1).map((l) => l[2]);
      const inLap = laps.at(-1)![2];
      expect(inLap).toBeGreaterThan(Math.max(...flying));
      // Realistic speeds: kart tops near 100-115 km/h, a car well above; nobody stops on a flying lap.
      const top = Math.max(...fixes.map((f) => f[4]));
      if (circuit.type === 'Kart') expect(top).toBeLessThan(120);
      else expect(top).toBeGreaterThan(150);
    });
  }

  it("the app's own parsers read the generated files without a single issue", () => {
    const s = generateSession(estoril, { flyingLaps: 3, start: new Date(2026, 0, 1), seed: 11 })!;
    const laps = parseLapsText(fromUtf8(s.laps));
    expect(laps.issues).toEqual([]);
    expect(laps.laps.map((l) => l.lapName)).toEqual(['Lap 1', 'Lap 2', 'Lap 3', 'In Lap']);
    const positions = parsePositionsBytes(s.nmea);
    expect(positions.issues).toEqual([]);
    expect(positions.positions.count).toBe(s.fixCount);
    expect(positions.corruptLines).toBe(0);
  });

  it('passes through the start/finish gate on every lap change', () => {
    const s = generateSession(braga, { flyingLaps: 3, start: new Date(2026, 0, 1), seed: 3 })!;
    const gate = parseGates(braga.coordinates)[0];
    const fixes = parse(fromUtf8(s.nmea));
    for (let i = 1; i < fixes.length; i++) {
      if (fixes[i][0] !== fixes[i - 1][0]) {
        expect(haversine(gate, { lat: fixes[i][2], lon: fixes[i][3] })).toBeLessThan(5);
      }
    }
  });

  it('createSimulatedAstro stores one session per circuit with gates', () => {
    const device = createSimulatedAstro([braga, { name: 'Nowhere', coordinates: '' }, estoril], { sessionCount: 5, flyingLaps: 2, now: new Date(2026, 4, 1) });
    expect([...device.sessions.keys()].map((f) => f.slice(14))).toEqual(['Kartodromo de Braga', 'Circuito do Estoril']);
  });
});

describe('simulated ASTRO device side', () => {
  it('sends BOF and DATA_0 at once, one chunk per GET_SESSION_DATA, every notification <= 509 bytes, then EOF', async () => {
    const clock = new VirtualClock();
    const session = fakeSession('20260101_0000_A', 300);
    const device = new SimulatedAstro({ clock, sessions: [session] });
    const transport = new SimulatedTransport(device);
    const got: Uint8Array[] = [];
    transport.onNotification((b) => got.push(b));
    await transport.connect();
    await transport.write(encodeCommand(commands.getSessionNmea('20260101_0000_A')) as Uint8Array);
    expect(got.map((b) => decodeReply(b).type)).toEqual(['bof', 'data']);
    let guard = 0;
    while (decodeReply(got.at(-1)!).type !== 'eof' && guard++ < 1000) {
      const before = got.length;
      await transport.write(encodeCommand(commands.getSessionData()) as Uint8Array);
      expect(got.length).toBe(before + 1);
    }
    expect(got.every((b) => b.length <= 509)).toBe(true);
    const eof = decodeReply(got.at(-1)!);
    expect(eof).toMatchObject({ type: 'eof', kind: 'nmea', totalBytes: session.nmea.length, highestChunk: got.length - 3 });
    // After EOF there is no transfer any more.
    await transport.write(encodeCommand(commands.getSessionData()) as Uint8Array);
    expect(decodeReply(got.at(-1)!)).toEqual({ type: 'error', code: 'NO_TRANSFER' });
  });

  it('legacy GET_SESSION sends the laps file then the nmea file', async () => {
    const device = new SimulatedAstro({ clock: new VirtualClock(), sessions: [fakeSession('f', 5)] });
    const transport = new SimulatedTransport(device);
    const kinds: string[] = [];
    transport.onNotification((b) => {
      const r = decodeReply(b);
      if (r.type === 'bof' || r.type === 'eof') kinds.push(`${r.type}:${r.kind}`);
    });
    await transport.connect();
    await transport.write(encodeCommand(commands.getSession('f')) as Uint8Array);
    for (let i = 0; i < 10; i++) await transport.write(encodeCommand(commands.getSessionData()) as Uint8Array);
    expect(kinds).toEqual(['bof:laps', 'eof:laps', 'bof:nmea', 'eof:nmea']);
  });

  it('applies link latency to writes and notifications', async () => {
    const clock = new VirtualClock();
    const device = new SimulatedAstro({ clock, latencyMs: 30 });
    const transport = new SimulatedTransport(device);
    let version = '';
    transport.onNotification((b) => {
      const r = decodeReply(b);
      if (r.type === 'version') version = r.version;
    });
    await transport.connect();
    const t0 = clock.now();
    await transport.write(encodeCommand(commands.getVersion()) as Uint8Array);
    expect(version).toBe('');
    await settle(20);
    expect(version).toBe('1.4.0');
    expect(clock.now() - t0).toBe(60);
  });

  it('answers unknown commands with an ERROR', async () => {
    const device = new SimulatedAstro({ clock: new VirtualClock() });
    const transport = new SimulatedTransport(device);
    const got: string[] = [];
    transport.onNotification((b) => got.push(fromUtf8(b)));
    await transport.connect();
    await transport.write(new TextEncoder().encode('REBOOT_NOW'));
    expect(got).toEqual(['ERROR?p=UNKNOWN_COMMAND']);
  });
});

describe('firmware image format', () => {
  it('round-trips version and payload', () => {
    const payload = sampleFirmwarePayload('2.1.3', 1000);
    const built = buildFirmwareImage({ version: '2.1.3', payload });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.bytes.length).toBe(18 + 1000 + 4);
    const parsed = parseFirmwareImage(built.bytes);
    expect(parsed).toEqual({ ok: true, image: { version: '2.1.3', payload } });
  });

  it('detects a wrong magic, length, checksum and version', () => {
    const built = buildFirmwareImage({ version: '1.0.0', payload: new Uint8Array(50) });
    if (!built.ok) throw new Error('build');
    const bad = (mutate: (b: Uint8Array) => Uint8Array) => parseFirmwareImage(mutate(built.bytes.slice()));
    expect(bad((b) => ((b[0] = 0), b))).toEqual({ ok: false, code: 'bad-magic' });
    expect(bad((b) => b.subarray(0, b.length - 1))).toEqual({ ok: false, code: 'bad-length' });
    expect(bad((b) => ((b[30] ^= 1), b))).toEqual({ ok: false, code: 'bad-checksum' });
    expect(bad(() => new Uint8Array(5))).toEqual({ ok: false, code: 'too-short' });
    expect(buildFirmwareImage({ version: 'v1', payload: new Uint8Array(1) })).toEqual({ ok: false, code: 'bad-version' });
  });

  it('crc32 is the standard IEEE CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});
