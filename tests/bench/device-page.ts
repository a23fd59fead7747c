/**
 * Device bench page (built by device.bench.ts with Vite, run in Chromium with a profile on disk). Runs the app's
 * own code end to end, as the /astro screen wires it:
 * - the simulated ASTRO (src/device/simulated) with zero link latency, behind its SimulatedTransport;
 * - the app's connection and progress handling: openLink() (AstroController, transfer queue, tab-title
 *   percentage) from src/features/device/device-session.ts, plus the screen's throttled useDeviceSnapshot()
 *   rendered by React;
 * - the sink of device-port-default.ts: sessionsRepository.saveDownloadedSession (real Dexie database on disk,
 *   written the moment the nmea part ends), whose analyser is the real bridge (src/analysis/analysis-client.ts)
 *   and the real worker (workers/analysis.worker.ts), wired as in src/data/services.ts.
 *
 * One thing differs from SimulatedTransport with latency 0: there, a notification is delivered synchronously
 * inside the write, so a whole transfer would run as one endless chain of microtasks - one task. Web Bluetooth
 * delivers every notification as its own task (a characteristicvaluechanged event), so the bench delivers each
 * notification in its own task (MessageChannel, FIFO, no added delay). Everything else is unchanged.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { SimulatedAstro } from '../../src/device/simulated/simulated-astro';
import { SimulatedTransport } from '../../src/device/simulated/simulated-transport';
import { Listeners, type DeviceTransport } from '../../src/device/transport';
import type { SessionSink } from '../../src/device/sink';
import type { DeviceEvent } from '../../src/device/flows/astro-controller';
import { encodeCommand, commands } from '../../src/device/protocol/commands';
import { closeLink, openLink, useDeviceSnapshot } from '../../src/features/device/device-session';
import { AstroDb } from '../../src/data/db/database';
import { createSessionsRepository } from '../../src/data/repositories/sessions-repository';
import { fromStoredBytes } from '../../src/data/repositories/bytes';
import { createAnalysisClient, type ProcessedSession } from '../../src/analysis/analysis-client';
import type { AstroController } from '../../src/device/flows/astro-controller';

/** Delivers each notification of `inner` in its own task (see the header), in order, with no added delay. */
class TaskPerNotification implements DeviceTransport {
  private readonly listeners = new Listeners<[Uint8Array]>();
  private readonly pending: Uint8Array[] = [];
  private head = 0;
  private readonly channel = new MessageChannel();
  private readonly getData = encodeCommand(commands.getSessionData()) as Uint8Array;
  /** GET_SESSION_DATA writes seen (one per chunk requested). */
  chunkRequests = 0;

  constructor(private readonly inner: SimulatedTransport) {
    inner.onNotification((bytes) => {
      this.pending.push(bytes);
      this.channel.port2.postMessage(null);
    });
    this.channel.port1.onmessage = () => {
      const bytes = this.pending[this.head];
      this.pending[this.head++] = undefined as unknown as Uint8Array;
      if (this.head > 4096 && this.head * 2 > this.pending.length) {
        this.pending.splice(0, this.head);
        this.head = 0;
      }
      this.listeners.emit(bytes);
    };
  }
  get connected() {
    return this.inner.connected;
  }
  connect() {
    return this.inner.connect();
  }
  reconnect() {
    return this.inner.reconnect();
  }
  write(bytes: Uint8Array) {
    if (bytes.length === this.getData.length && bytes.every((b, i) => b === this.getData[i])) {
      // The simulated device logs every command it receives (for unit-test assertions): instrumentation a real
      // ASTRO does not put in the page's heap, so it is emptied as the transfer goes.
      if (++this.chunkRequests % 1024 === 0) this.inner.device.log.length = 0;
    }
    return this.inner.write(bytes);
  }
  onNotification(listener: (bytes: Uint8Array) => void) {
    return this.listeners.add(listener);
  }
  onDisconnect(listener: () => void) {
    return this.inner.onDisconnect(listener);
  }
  disconnect() {
    return this.inner.disconnect();
  }
}

/** Longest gap between two turns of a MessageChannel ping-pong: bounds the longest task that ran in between. */
function startProbe() {
  const ch = new MessageChannel();
  let on = true;
  let last = performance.now();
  let maxGapMs = 0;
  let over50 = 0;
  let turns = 0;
  ch.port1.onmessage = () => {
    const t = performance.now();
    const gap = t - last;
    if (gap > maxGapMs) maxGapMs = gap;
    if (gap > 50) over50++;
    last = t;
    turns++;
    if (on) ch.port2.postMessage(null);
  };
  ch.port2.postMessage(null);
  return () => {
    on = false;
    ch.port1.close();
    return { maxGapMs, gapsOver50Ms: over50, turns };
  };
}

/** The /astro screen's progress rendering: the real throttled hook, drawn by React. */
function Progress({ controller }: { controller: AstroController }) {
  const s = useDeviceSnapshot(controller);
  const row = s.queue[0];
  return createElement(
    'div',
    null,
    createElement('progress', { max: 100, value: s.overallProgress ?? 0 }),
    createElement('span', null, row ? `${row.filename} ${row.state} ${Math.floor(row.progress)} %` : 'idle'),
  );
}

const data = new Map<string, { laps: Uint8Array; nmea: Uint8Array }>();

async function load(name: string) {
  let d = data.get(name);
  if (!d) {
    const [laps, nmea] = await Promise.all(
      ['laps', 'nmea'].map((k) => fetch(`/data/${encodeURIComponent(name)}.${k}`).then((r) => r.arrayBuffer())),
    );
    d = { laps: new Uint8Array(laps), nmea: new Uint8Array(nmea) };
    data.set(name, d);
  }
  return d;
}

/**
 * The simulated device's own cost for exactly this transfer, alone: the same SimulatedAstro answering
 * GET_SESSION_LAPS / GET_SESSION_NMEA and every GET_SESSION_DATA, with the transport's per-notification copy.
 * One synchronous loop; the Node side reads its thread-CPU time from the trace.
 */
function deviceAlone(filename: string, s: { laps: Uint8Array; nmea: Uint8Array }) {
  const device = new SimulatedAstro({ sessions: [{ filename, laps: s.laps, nmea: s.nmea }] });
  let ended = false;
  let notes = 0;
  device.attach({
    notify: (bytes) => {
      bytes.slice();
      notes++;
      if (bytes[0] === 0x45 /* E */ && bytes[1] === 0x4f /* O */) ended = true;
    },
    drop: () => undefined,
  });
  const next = encodeCommand(commands.getSessionData()) as Uint8Array;
  performance.mark('device-alone-start');
  const t0 = performance.now();
  for (const begin of [commands.getSessionLaps(filename), commands.getSessionNmea(filename)]) {
    ended = false;
    device.receive((encodeCommand(begin) as Uint8Array).slice());
    while (!ended) device.receive(next.slice());
  }
  const ms = performance.now() - t0;
  performance.mark('device-alone-end');
  return { ms, notifications: notes };
}

interface RunOptions {
  name: string;
  filename: string;
  fixes: number;
  probe: boolean;
}

let run = 0;

async function download(o: RunOptions) {
  const s = await load(o.name);
  const alone = deviceAlone(o.filename, s);
  const dbName = `device-bench-${Date.now()}-${run++}`;
  const db = new AstroDb(dbName);
  await db.open();
  const client = createAnalysisClient();
  let analyseStart = 0;
  let analyseEnd = 0;
  let worker: ProcessedSession['timings'] | null = null;
  // As src/data/services.ts wires it (the signed-in user is user 1).
  const repository = createSessionsRepository({
    db: () => db,
    api: { list: () => Promise.resolve([]), get: () => Promise.reject(new Error('offline')) },
    currentUserId: () => 1,
    analyse: async (input, signal) => {
      analyseStart = performance.now();
      performance.mark('analyse-start');
      const r = await client.processSession({ nmea: new Uint8Array(input.nmea), laps: new Uint8Array(input.laps) }, { signal });
      analyseEnd = performance.now();
      performance.mark('analyse-end');
      worker = r.timings;
      return r;
    },
  });
  let saveStart = 0;
  let saveEnd = 0;
  let analysisError: string | null = null;
  let fixes = -1;
  // device-port-default.ts's sink, timed.
  const sink: SessionSink = {
    async save(session) {
      saveStart = performance.now();
      performance.mark('transfer-end');
      const r = await repository.saveDownloadedSession(session);
      saveEnd = performance.now();
      performance.mark('save-end');
      analysisError = r.analysisError;
      fixes = r.analysis?.positions.count ?? -1;
    },
  };

  const device = new SimulatedAstro({ sessions: [{ filename: o.filename, laps: s.laps, nmea: s.nmea }], latencyMs: 0 });
  const transport = new TaskPerNotification(new SimulatedTransport(device));
  const controller = await openLink('simulated', transport, sink);
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  root.render(createElement(Progress, { controller }));
  await controller.connect();
  while (!controller.getSnapshot().sessions.some((r) => r.filename === o.filename)) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 50));

  const longTasks: { start: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push({ start: e.startTime + e.duration, duration: e.duration });
  });
  observer.observe({ type: 'longtask' });
  const titles = new Set<string>();
  const offTitle = controller.subscribe(() => titles.add(document.title));
  const outcome = new Promise<DeviceEvent>((resolve) => {
    const off = controller.onEvent((e) => {
      if (e.type === 'session-saved' || e.type === 'session-failed') {
        off();
        resolve(e);
      }
    });
  });
  const stopProbe = o.probe ? startProbe() : null;
  performance.mark('transfer-start');
  const t0 = performance.now();
  controller.download([o.filename]);
  const event = await outcome;
  const tEnd = performance.now();
  performance.mark('run-end');
  const probe = stopProbe?.() ?? null;
  // Let a last long task be reported.
  await new Promise((r) => setTimeout(r, 100));
  observer.disconnect();
  offTitle();
  root.unmount();
  host.remove();
  await closeLink();
  client.dispose();

  if (event.type !== 'session-saved') throw new Error(`download failed: ${JSON.stringify(event)}`);
  if (analysisError || fixes !== o.fixes) throw new Error(`analysis: ${analysisError ?? `${fixes} fixes, expected ${o.fixes}`}`);
  // What IndexedDB holds must be the device's bytes.
  const row = await db.sessions.where('[ownerId+filename]').equals([1, o.filename]).first();
  const texts = row ? await db.sessionTexts.get(row.localId) : undefined;
  const cached = row ? await db.analyses.get(row.localId) : undefined;
  const storedLaps = texts ? await fromStoredBytes(texts.laps) : null;
  const storedNmea = texts ? await fromStoredBytes(texts.nmea) : null;
  if (!storedLaps || !storedNmea || storedNmea.byteLength !== s.nmea.byteLength || storedLaps.byteLength !== s.laps.byteLength || !cached) {
    throw new Error('IndexedDB does not hold the downloaded session');
  }
  const stored = new Uint8Array(storedNmea);
  for (let i = 0; i < stored.length; i += 4099) if (stored[i] !== s.nmea[i]) throw new Error(`stored nmea differs at byte ${i}`);
  db.close();
  await AstroDb.delete(dbName);

  const chunks = transport.chunkRequests;
  const phaseOf = (t: number) => // by the task's end: the task that ran a phase's first code ends after its mark
    (t < saveStart ? 'transfer' : t < analyseStart ? 'write' : t < analyseEnd ? 'parse' : 'cache');
  const w = worker as ProcessedSession['timings'] | null;
  return {
    chunks,
    notificationsAlone: alone.notifications,
    deviceAloneMs: alone.ms,
    transferMs: saveStart - t0,
    writeMs: analyseStart - saveStart,
    parseRoundTripMs: analyseEnd - analyseStart,
    workerParseMs: w?.parseMs ?? null,
    workerAnalyseMs: w?.analyseMs ?? null,
    cacheWriteMs: saveEnd - analyseEnd,
    totalMs: tEnd - t0,
    titlesSeen: titles.size,
    lastTitle: document.title,
    longTasks: longTasks.length,
    longestLongTaskMs: longTasks.reduce((m, l) => Math.max(m, l.duration), 0),
    longTasksByPhase: longTasks.map((l) => `${phaseOf(l.start)}:${Math.round(l.duration)}`),
    probe,
    crossOriginIsolated,
  };
}

Object.assign(window, { deviceBench: { load, download } });
(window as unknown as { deviceBenchReady: boolean }).deviceBenchReady = true;
