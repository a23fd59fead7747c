/**
 * Device pipeline benchmark (issue 4): the app's side of a session download over a zero-latency simulated link -
 * codec (decodeReply), transfer queue (checks, assembly into the BOF-sized buffer, next-chunk request), progress
 * and snapshot - for a typical 20 min kart session and a 7 h session. The simulated device's own work is timed
 * separately and subtracted, so 'appCpuMsPerChunk' is the app's cost alone. With a real link every notification
 * is its own task, so 'longestChunkTaskMs' (the slowest single notification handled by the app) is the longest
 * main-thread task the transfer causes; the sink (IndexedDB + worker parse) runs off that path. Target:
 * >= 2,000 chunks/s, i.e. <= 0.5 ms of app CPU a chunk.
 */
import { performance } from 'node:perf_hooks';
import { AstroController } from '../../src/device/flows/astro-controller';
import { decodeReply, replies } from '../../src/device/protocol/replies';
import { generateSession } from '../../src/device/simulated/generate-session';
import { SimulatedAstro } from '../../src/device/simulated/simulated-astro';
import { SimulatedTransport } from '../../src/device/simulated/simulated-transport';
import { VirtualClock } from '../../src/device/clock';
import { parseLapsText } from '../../src/domain/parse-laps';
import { parsePositionsBytes } from '../../src/domain/parse-positions';

const braga = { name: 'Kartodromo de Braga', type: 'Kart', coordinates: '41.5370;-8.4570;41.5380;-8.4560;41.5375;-8.4545', length: 1200 };

function codecOnly(): Record<string, number> {
  const payload = new Uint8Array(490).fill(0x31);
  const packets = Array.from({ length: 1000 }, (_, i) => replies.data(i, payload));
  let sink = 0;
  for (let warm = 0; warm < 20; warm++) for (const p of packets) sink += (decodeReply(p) as { index: number }).index;
  const rounds = 200;
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) for (const p of packets) sink += (decodeReply(p) as { index: number }).index;
  const ms = performance.now() - t0;
  if (sink < 0) throw new Error('unreachable');
  return { decodeNsPerChunk: Math.round((ms * 1e6) / (rounds * packets.length)) };
}

async function download(flyingLaps: number): Promise<Record<string, number | string>> {
  const tGen = performance.now();
  const session = generateSession(braga, { flyingLaps, start: new Date(2026, 3, 12, 10, 30), seed: 5 })!;
  const genMs = performance.now() - tGen;
  const clock = new VirtualClock();
  const device = new SimulatedAstro({ clock, sessions: [{ filename: session.filename, laps: session.laps, nmea: session.nmea }] });
  // Time the device side apart from the app side.
  let deviceMs = 0;
  const receive = device.receive.bind(device);
  // CPU time, not wall time: on a shared machine wall time includes being descheduled.
  const cpuNow = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  device.receive = (bytes) => {
    const t = cpuNow();
    receive(bytes);
    deviceMs += cpuNow() - t;
  };
  const transport = new SimulatedTransport(device);
  let saved: { laps: Uint8Array; nmea: Uint8Array } | null = null;
  const controller = new AstroController({ transport, clock, sink: { save: async (s) => void (saved = s) }, log: () => undefined });
  // Longest single notification as handled by the app (decode + queue + progress + snapshot invalidation).
  const durations: number[] = [];
  let nestedAppMs = 0;
  await controller.connect();
  while (controller.getSnapshot().sessions.length === 0) await new Promise((r) => setTimeout(r, 0));
  let snapshots = 0;
  controller.subscribe(() => {
    snapshots++;
    controller.getSnapshot();
  });
  // Wrap the device's notify path: measure from notification to the app handing control back.
  const link = (device as unknown as { link: { notify(b: Uint8Array): void } }).link;
  const notify = link.notify;
  link.notify = (bytes) => {
    const t = cpuNow();
    notify(bytes);
    const d = cpuNow() - t;
    durations.push(d);
    nestedAppMs += d;
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  deviceMs = 0;
  nestedAppMs = 0;
  controller.download([session.filename]);
  while (!saved) await new Promise((r) => setTimeout(r, 0));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const chunks = device.log.filter((l) => l === 'GET_SESSION_DATA').length;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  // Notifications are delivered synchronously inside device.receive on a zero-latency link: that nested time is the app's.
  const deviceOnlyMs = deviceMs - nestedAppMs;
  const appMs = Math.max(0, cpuMs - deviceOnlyMs);
  const sorted = [...durations].sort((a, b) => a - b);
  const pct = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(3));
  const slowest = durations.map((d, i) => [i, Number(d.toFixed(1))]).sort((a, b) => b[1] - a[1]).slice(0, 5);
  const got = saved as { laps: Uint8Array; nmea: Uint8Array };
  const tParse = performance.now();
  const positions = parsePositionsBytes(got.nmea);
  const laps = parseLapsText(new TextDecoder().decode(got.laps));
  const parseMs = performance.now() - tParse;
  if (positions.positions.count !== session.fixCount || laps.issues.length) throw new Error('downloaded session does not parse back');
  controller.dispose();
  return {
    processCpuMs: Math.round(cpuMs),
    deviceReceiveMs: Math.round(deviceMs),
    nestedAppMs: Math.round(nestedAppMs),
    fixes: session.fixCount,
    nmeaBytes: session.nmea.length,
    chunks,
    generateMs: Math.round(genMs),
    wallMs: Math.round(wallMs),
    chunksPerSecond: Math.round(chunks / (wallMs / 1000)),
    appChunksPerSecondCpu: Math.round(chunks / (appMs / 1000)),
    appCpuMsPerChunk: Number((appMs / chunks).toFixed(4)),
    deviceCpuMsPerChunk: Number((deviceOnlyMs / chunks).toFixed(4)),
    chunkTaskP50Ms: pct(0.5),
    chunkTaskP99Ms: pct(0.99),
    longestChunkTaskMs: pct(1),
    slowestChunkTasks: JSON.stringify(slowest),
    snapshotNotifications: snapshots,
    parseAfterSaveMsNode: Math.round(parseMs),
  };
}

export default async function deviceBench(): Promise<Record<string, unknown>> {
  const codec = codecOnly();
  console.log(`# device: codec ${codec.decodeNsPerChunk} ns/chunk`);
  const kart20min = await download(19);
  console.log(`# device: 20 min session ${JSON.stringify(kart20min)}`);
  // BENCH_QUICK=1: a 40-lap session instead of the 7 h one (400 laps, ~25 MB, ~15 s just to generate).
  const quick = Boolean(process.env.BENCH_QUICK);
  const long = await download(quick ? 40 : 400);
  console.log(`# device: ${quick ? '40-lap' : '7 h'} session ${JSON.stringify(long)}`);
  return { codec, kart20min, [quick ? 'session40laps' : 'session7h']: long, targetChunksPerSecond: 2000, targetLongestTaskMs: 50 };
}
