import { afterEach, describe, expect, it, vi } from 'vitest';
import { expose } from 'comlink';
import { createAnalysisClient } from '../../../src/analysis/analysis-client';
import type { WorkerLike } from '../../../src/analysis/worker-bridge';
import { createDirectAnalysisClient } from '../../helpers/direct-analysis-client';
import { createWorkerApi, workerApi, type PositionsSource } from '../../../workers/analysis-worker-api';
import { DomainError } from '../../../src/domain/errors';
import { serializeLaps, serializePositions } from '../../../src/domain/serialize-session';
import { syntheticSession } from '../../helpers/synthetic-session';
import { detectLaps } from '../../../src/domain/detection/detect-laps';
import { lapTraceByNumber } from '../../../src/domain/lap-compare/lap-trace';
import { deltaTime } from '../../../src/domain/lap-compare/delta-time';
import { coachingLapColumns, sessionCoaching, type CoachingLapColumns } from '../../../src/domain/coaching/session-coaching';

/** A "worker" made of a MessageChannel: Comlink exposes `api` on one end, the bridge talks to the other. */
function fakeWorkerFactory(api: object) {
  const started: { terminated: boolean }[] = [];
  const factory = (): WorkerLike => {
    const { port1, port2 } = new MessageChannel();
    expose(api, port1 as never);
    const record = { terminated: false };
    started.push(record);
    return Object.assign(port2 as never as WorkerLike, {
      terminate: () => {
        record.terminated = true;
        port1.close();
        port2.close();
      },
    });
  };
  return { factory, started };
}

const session = syntheticSession({ fixes: 25 * 120, seed: 5 });
const nmeaBytes = () => new TextEncoder().encode(serializePositions(session.positions));
const lapsText = serializeLaps(session.laps);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('analysis client', () => {
  it('starts no worker until the first call, then parses and analyses through it', async () => {
    const { factory, started } = fakeWorkerFactory(workerApi);
    const client = createAnalysisClient({ createWorker: factory });
    expect(started).toHaveLength(0);
    const bytes = nmeaBytes();
    const result = await client.processSession({ nmea: bytes, laps: lapsText });
    expect(started).toHaveLength(1);
    expect(bytes.byteLength).toBe(0); // transferred into the worker
    expect(result.positions.count).toBe(session.positions.count);
    expect(result.positions.lat).toBeInstanceOf(Float64Array);
    expect(result.laps).toEqual(session.laps);
    expect(result.analysis.laps).toHaveLength(session.laps.length);
    // The worker reports how long it took; its value is the benchmarks' business, its presence is checked here.
    expect(Number.isFinite(result.timings.parseMs)).toBe(true);
    await client.parseLaps(lapsText);
    expect(started).toHaveLength(1); // reused
    client.dispose();
  });

  it('runs calls one at a time, in order', async () => {
    const gates = [deferred(), deferred()];
    const log: string[] = [];
    let n = 0;
    const api = {
      async parseLaps(text: string) {
        const k = n++;
        log.push(`start ${text}`);
        await gates[k].promise;
        log.push(`end ${text}`);
        return { laps: [], issues: [] };
      },
    };
    const { factory } = fakeWorkerFactory(api);
    const client = createAnalysisClient({ createWorker: factory });
    const a = client.parseLaps('a');
    const b = client.parseLaps('b');
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(['start a']);
    gates[0].resolve();
    gates[1].resolve();
    await Promise.all([a, b]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
    client.dispose();
  });

  it('cancels a running call by terminating the worker, and starts a new one for the next call', async () => {
    const never = deferred();
    const arrived = deferred();
    const api = {
      async parseLaps(text: string) {
        if (text === 'x') {
          arrived.resolve();
          await never.promise;
        }
        return { laps: [], issues: [] };
      },
    };
    const { factory, started } = fakeWorkerFactory(api);
    const client = createAnalysisClient({ createWorker: factory });
    const controller = new AbortController();
    const running = client.parseLaps('x', { signal: controller.signal });
    await arrived.promise; // the call is running inside the worker
    controller.abort();
    await expect(running).rejects.toMatchObject({ code: 'aborted' });
    expect(started[0].terminated).toBe(true);
    await expect(client.parseLaps('y')).resolves.toEqual({ laps: [], issues: [] });
    expect(started).toHaveLength(2);
    client.dispose();
  });

  it('rejects a queued call at once when its signal aborts, without running it', async () => {
    const gate = deferred();
    const seen: string[] = [];
    const api = {
      async parseLaps(text: string) {
        seen.push(text);
        await gate.promise;
        return { laps: [], issues: [] };
      },
    };
    const { factory } = fakeWorkerFactory(api);
    const client = createAnalysisClient({ createWorker: factory });
    const first = client.parseLaps('first');
    const controller = new AbortController();
    const queued = client.parseLaps('queued', { signal: controller.signal });
    controller.abort();
    await expect(queued).rejects.toBeInstanceOf(DomainError);
    gate.resolve();
    await first;
    await client.parseLaps('after');
    expect(seen).toEqual(['first', 'after']);
    client.dispose();
  });

  it('rejects at once for a signal that is already aborted', async () => {
    const { factory, started } = fakeWorkerFactory(workerApi);
    const client = createAnalysisClient({ createWorker: factory });
    await expect(client.parseLaps('1;1;1;1;1;1;1;1', { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'aborted' });
    expect(started).toHaveLength(0);
  });

  it('ends the worker after the idle time and not while calls keep coming', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { factory, started } = fakeWorkerFactory(workerApi);
    const client = createAnalysisClient({ createWorker: factory, idleMs: 80 });
    await client.parseLaps('');
    await vi.advanceTimersByTimeAsync(79);
    expect(started[0].terminated).toBe(false);
    await client.parseLaps(''); // restarts the idle time
    await vi.advanceTimersByTimeAsync(79);
    expect(started[0].terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started[0].terminated).toBe(true);
    await client.parseLaps('');
    expect(started).toHaveLength(2);
    client.dispose();
  });

  it('turns a worker error into a worker-failed rejection', async () => {
    const never = deferred();
    let port: WorkerLike | null = null;
    const { factory } = fakeWorkerFactory({ parseLaps: () => never.promise });
    const client = createAnalysisClient({
      createWorker: () => {
        port = factory();
        return port;
      },
    });
    const call = client.parseLaps('x');
    await new Promise((r) => setTimeout(r, 10));
    (port as unknown as MessagePort).dispatchEvent(new Event('error'));
    await expect(call).rejects.toMatchObject({ code: 'worker-failed' });
  });

  it('offers the same interface in-process', async () => {
    const client = createDirectAnalysisClient();
    const result = await client.processSession({ nmea: nmeaBytes(), laps: new TextEncoder().encode(lapsText), sessionIndex: 1 });
    expect(result.laps).toEqual(session.laps);
    expect(result.analysis.sessionIndex).toBe(1);
    await expect(client.parseLaps('', { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'aborted' });
  });

  it('detects laps from gates and compares laps through the worker, returning typed columns', async () => {
    const { factory } = fakeWorkerFactory(workerApi);
    const client = createAnalysisClient({ createWorker: factory });
    const p = session.positions;
    // The synthetic track's start/finish is where the lap number changes.
    const k = p.lap.findIndex((l) => l === 1);
    const gate = { lat: p.lat[k], lon: p.lon[k] };
    const direct = detectLaps(p, [gate], 30);
    const viaWorker = await client.detectLaps(p, [gate], 30);
    expect(viaWorker.lapOfFix).toBeInstanceOf(Int32Array);
    expect(Array.from(viaWorker.lapOfFix)).toEqual(Array.from(direct.lapOfFix));
    expect(viaWorker.records).toEqual(direct.records);
    expect(viaWorker.records.length).toBeGreaterThan(0);

    const lap = lapTraceByNumber(p, 1);
    const reference = lapTraceByNumber(p, 2);
    const cmp = await client.compareLaps(lap, reference, { stepM: 2 });
    expect(cmp.delta.deltaMs).toBeInstanceOf(Float64Array);
    expect(Array.from(cmp.delta.deltaMs)).toEqual(Array.from(deltaTime(lap, reference, { stepM: 2 }).deltaMs));
    expect(cmp.lapSpeed.speedKmh).toBeInstanceOf(Float32Array);
    expect(cmp.cornerReport.count).toBe(cmp.corners.count);
    client.dispose();
  });

  it('downsamples the whole-session views in the worker only when asked, as typed columns', async () => {
    const { factory } = fakeWorkerFactory(workerApi);
    const client = createAnalysisClient({ createWorker: factory });
    const plain = await client.processSession({ nmea: nmeaBytes(), laps: lapsText });
    expect(plain.views).toBeUndefined();
    const result = await client.processSession({ nmea: nmeaBytes(), laps: lapsText, views: true });
    const views = result.views!;
    expect(views.map.lat).toBeInstanceOf(Float64Array);
    expect(views.map.index).toBeInstanceOf(Uint32Array);
    expect(views.speed.distanceM).toBeInstanceOf(Float32Array);
    expect(Array.from(views.lapNumbers)).toEqual(result.analysis.laps.filter((l) => l.endIndex > l.startIndex).map((l) => l.lapNumber));
    expect(views.map.index.length).toBeLessThan(result.positions.count / 4);
    expect(Number.isFinite(result.timings.viewsMs)).toBe(true);
    client.dispose();
  });

  it("computes the coach's figures in the worker after the analysis, returning typed columns equal to the domain's", async () => {
    const { factory } = fakeWorkerFactory(workerApi);
    const client = createAnalysisClient({ createWorker: factory });
    const processed = await client.processSession({ nmea: nmeaBytes(), laps: lapsText });
    const columns = coachingLapColumns(processed.analysis.laps);
    const coached = await client.coachSession(processed.positions, columns);
    const direct = sessionCoaching(processed.positions, columns);
    expect(coached.acceleration.longitudinalG).toBeInstanceOf(Float32Array);
    expect(Array.from(coached.acceleration.lateralG)).toEqual(Array.from(direct.acceleration.lateralG));
    expect(coached.envelopes.radiusG).toBeInstanceOf(Float32Array);
    expect(Array.from(coached.envelopes.lapNumber)).toEqual(Array.from(direct.envelopes.lapNumber));
    expect(coached.optimal?.timeMs).toBe(direct.optimal?.timeMs);
    expect(coached.optimal?.trace.lat).toBeInstanceOf(Float64Array);
    expect(coached.consistency.cleanLapNumbers).toBeInstanceOf(Int32Array);
    expect(Number.isFinite(coached.timings.coachingMs)).toBe(true);
    // The page keeps its positions (they are copied into the worker, not transferred).
    expect(processed.positions.lat.length).toBe(processed.positions.count);
    client.dispose();
  });

  it("computes the coach's figures with the analysis when asked, the same as a separate coachSession, and only then", async () => {
    const { factory } = fakeWorkerFactory(workerApi);
    const client = createAnalysisClient({ createWorker: factory });
    const plain = await client.processSession({ nmea: nmeaBytes(), laps: lapsText });
    expect(plain.coaching).toBeUndefined();
    const withCoach = await client.processSession({ nmea: nmeaBytes(), laps: lapsText, coach: true });
    const separate = await client.coachSession(plain.positions, coachingLapColumns(plain.analysis.laps));
    const { timings: _a, ...inline } = withCoach.coaching!;
    const { timings: _b, ...apart } = separate;
    expect(inline).toEqual(apart);
    expect(inline.acceleration.longitudinalG).toBeInstanceOf(Float32Array);
    // The positions crossed to the page whole, next to the coaching computed from them.
    expect(withCoach.positions.lat.length).toBe(withCoach.positions.count);
    client.dispose();
  });

  /** Fresh worker functions per started worker (a restart loses what was kept), logging whether coachSession got columns. */
  function coachLoggingWorkers() {
    const sent: boolean[] = [];
    const started: WorkerLike[] = [];
    const factory = () => {
      const api = createWorkerApi();
      const logged = {
        ...api,
        coachSession(source: PositionsSource, laps: CoachingLapColumns) {
          sent.push(source.positions !== undefined);
          return api.coachSession(source, laps);
        },
      };
      const worker = fakeWorkerFactory(logged).factory();
      started.push(worker);
      return worker;
    };
    return { factory, sent, started };
  }

  it('sends the positions to coach once, and only their key on a later call with the same columns', async () => {
    const { factory, sent } = coachLoggingWorkers();
    const client = createAnalysisClient({ createWorker: factory });
    const processed = await client.processSession({ nmea: nmeaBytes(), laps: lapsText });
    const columns = coachingLapColumns(processed.analysis.laps);
    const first = await client.coachSession(processed.positions, columns);
    const again = await client.coachSession(processed.positions, columns);
    expect(sent).toEqual([true, false]);
    expect(again.optimal?.timeMs).toBe(first.optimal?.timeMs);
    expect(Array.from(again.acceleration.lateralG)).toEqual(Array.from(sessionCoaching(processed.positions, columns).acceleration.lateralG));
    client.dispose();
  });

  it('sends the positions when the worker that kept them has ended, and needs them only once after that', async () => {
    const { factory, sent, started } = coachLoggingWorkers();
    const client = createAnalysisClient({ createWorker: factory });
    const processed = await client.processSession({ nmea: nmeaBytes(), laps: lapsText });
    const columns = coachingLapColumns(processed.analysis.laps);
    await client.coachSession(processed.positions, columns);
    client.dispose(); // e.g. ended after its idle time: the next call starts a worker that kept nothing
    const coached = await client.coachSession(processed.positions, columns);
    expect(started).toHaveLength(2);
    expect(sent).toEqual([true, false, true]); // asked for the kept ones, missed, sent them
    expect(coached.optimal?.timeMs).toBe(sessionCoaching(processed.positions, columns).optimal?.timeMs);
    await client.coachSession(processed.positions, columns);
    expect(sent).toEqual([true, false, true, false]);
    client.dispose();
  });

  it('sends the positions of a session the worker no longer keeps after two newer ones', async () => {
    const { factory, sent } = coachLoggingWorkers();
    const client = createAnalysisClient({ createWorker: factory });
    const sessions = [];
    for (let k = 0; k < 3; k++) sessions.push(await client.processSession({ nmea: nmeaBytes(), laps: lapsText }));
    for (const s of sessions) await client.coachSession(s.positions, coachingLapColumns(s.analysis.laps));
    await client.coachSession(sessions[2].positions, coachingLapColumns(sessions[2].analysis.laps));
    await client.coachSession(sessions[0].positions, coachingLapColumns(sessions[0].analysis.laps));
    expect(sent).toEqual([true, true, true, false, false, true]);
    client.dispose();
  });

});
