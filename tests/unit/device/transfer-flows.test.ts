import { describe, expect, it } from 'vitest';
import { fromUtf8 } from '../../../src/device/protocol/text';
import { fakeSession, rig, settle, until } from './helpers';

const A = '20260412_1030_Kartodromo de Braga';
const B = '20260413_0915_Circuito do Estoril';
const C = '20260414_1600_Kartodromo Internacional do Algarve';

async function connected(options: Parameters<typeof rig>[0] = {}) {
  const r = rig({ sessions: [fakeSession(A), fakeSession(B, 200), fakeSession(C, 50)], chunkPayloadBytes: 100, ...options });
  await r.controller.connect();
  await until(() => r.controller.getSnapshot().sessions.length === 3);
  return r;
}

describe('connection flow', () => {
  it('goes Connecting then Connected, waits 1 s, then asks for the version and the session names', async () => {
    const r = rig({ sessions: [fakeSession(A)] });
    const states: string[] = [];
    r.controller.subscribe(() => states.push(r.controller.getSnapshot().connection));
    await r.controller.connect();
    await until(() => r.controller.getSnapshot().version !== null && r.controller.getSnapshot().sessions.length === 1);
    expect(states[0]).toBe('Connecting');
    expect(states).toContain('Connected');
    expect(r.device.log.slice(0, 2)).toEqual(['GET_VERSION', 'GET_SESSION_NAMES']);
    // Two settle waits in the transport (after GATT connect, after notifications) and one before the first command.
    expect(r.clock.sleeps.slice(0, 3)).toEqual([1000, 1000, 1000]);
    expect(r.controller.getSnapshot().version).toBe('1.4.0');
    expect(r.events.map((e) => e.type)).toEqual(['connecting', 'connected', 'ready']);
  });

  it('shows the session list de-duplicated by filename when names arrive twice', async () => {
    const r = await connected();
    await r.controller.refreshSessions();
    await settle();
    expect(r.controller.getSnapshot().sessions.map((s) => s.filename).sort()).toEqual([A, B, C].sort());
  });

  it('a disconnect while asking for the version resets to Disconnected with nothing listed', async () => {
    const r = rig({ sessions: [fakeSession(A)], faults: [{ on: 'command', command: 'GET_VERSION', action: 'disconnect' }] });
    await r.controller.connect();
    await settle();
    const s = r.controller.getSnapshot();
    expect(s.connection).toBe('Disconnected');
    expect(s.version).toBeNull();
    expect(s.sessions).toEqual([]);
    expect(r.events.some((e) => e.type === 'ready')).toBe(false);
  });

  it('a disconnect while the names arrive leaves no rows behind', async () => {
    const r = rig({ sessions: [fakeSession(A), fakeSession(B)], faults: [{ on: 'command', command: 'GET_SESSION_NAMES', action: 'disconnect' }] });
    await r.controller.connect();
    await settle();
    expect(r.controller.getSnapshot()).toMatchObject({ connection: 'Disconnected', sessions: [], version: null });
  });

  it('a refused link is Not connected with a connect-failed event; reconnecting later works', async () => {
    const r = rig({ sessions: [fakeSession(A)] });
    r.device.rebooting = true;
    await r.controller.connect();
    expect(r.controller.getSnapshot().connection).toBe('Not connected');
    expect(r.events.map((e) => e.type)).toEqual(['connecting', 'connect-failed']);
    r.device.rebooting = false;
    await r.controller.connect();
    await until(() => r.controller.getSnapshot().sessions.length === 1);
    expect(r.controller.getSnapshot().connection).toBe('Connected');
  });
});

describe('transfer queue', () => {
  it('downloads queued sessions laps then nmea, byte for byte, and hands each to the sink', async () => {
    const r = await connected();
    r.controller.download([A, B]);
    await until(() => r.sink.saved.length === 2 && !r.controller.transferring);
    expect(r.sink.saved.map((s) => s.filename)).toEqual([A, B]);
    for (const saved of r.sink.saved) {
      const original = r.device.describeSession(saved.filename)!;
      expect(fromUtf8(saved.laps)).toBe(original.laps);
      expect(fromUtf8(saved.nmea)).toBe(original.nmea);
    }
    const queue = r.controller.getSnapshot().queue;
    expect(queue.map((q) => [q.filename, q.state, q.progress])).toEqual([[A, 'Completed', 100], [B, 'Completed', 100]]);
    expect(r.controller.getSnapshot().overallProgress).toBeNull();
    const log = r.device.log.filter((l) => l !== 'GET_SESSION_DATA');
    expect(log).toEqual(['GET_VERSION', 'GET_SESSION_NAMES', `GET_SESSION_LAPS?p=${A}`, `GET_SESSION_NMEA?p=${A}`, `GET_SESSION_LAPS?p=${B}`, `GET_SESSION_NMEA?p=${B}`]);
  });

  it('requests one chunk per DATA received, and each session only once', async () => {
    const r = await connected();
    r.controller.download([A, A]);
    r.controller.download([A]);
    await until(() => r.sink.saved.length === 1 && !r.controller.transferring);
    const s = fakeSession(A);
    const chunks = Math.ceil(s.laps.length / 100) + Math.ceil(s.nmea.length / 100);
    // DATA_0 comes with BOF; every later chunk and each EOF costs one request.
    expect(r.device.log.filter((l) => l === 'GET_SESSION_DATA').length).toBe(chunks);
    r.controller.download([A]);
    await settle();
    expect(r.sink.saved.length).toBe(1);
  });

  it('reports per-file and overall progress that rises to 100 % and never beyond', async () => {
    const r = await connected();
    const overall: number[] = [];
    const perFile: number[] = [];
    r.controller.subscribe(() => {
      const s = r.controller.getSnapshot();
      if (s.overallProgress !== null) overall.push(s.overallProgress);
      const a = s.queue.find((q) => q.filename === A);
      if (a) perFile.push(a.progress);
    });
    r.controller.download([A, B]);
    await until(() => r.sink.saved.length === 2 && !r.controller.transferring);
    expect(Math.max(...overall)).toBeLessThanOrEqual(100);
    expect(Math.max(...perFile)).toBe(100);
    for (let i = 1; i < overall.length; i++) expect(overall[i]).toBeGreaterThanOrEqual(overall[i - 1]);
    expect(overall.some((p) => p > 0 && p < 100)).toBe(true);
  });

  it("gives the download's speed and time left from the flow's clock, and none once it ends", async () => {
    // 100-byte chunks, 20 ms each way on the virtual clock: 40 ms a chunk, 2500 B/s (less around BOF and EOF).
    const r = await connected({ latencyMs: 20 });
    const estimates: { bytesPerSecond: number; secondsLeft: number }[] = [];
    r.controller.subscribe(() => {
      const e = r.controller.getSnapshot().transferEstimate;
      if (e) estimates.push(e);
    });
    r.controller.download([A, B, C]);
    await until(() => r.sink.saved.length === 3 && !r.controller.transferring, 200000);
    expect(estimates.length).toBeGreaterThan(0);
    for (const e of estimates) expect(e.bytesPerSecond).toBeGreaterThan(1800);
    for (const e of estimates) expect(e.bytesPerSecond).toBeLessThanOrEqual(2500);
    // The time left falls as the run goes on.
    expect(estimates[0].secondsLeft).toBeGreaterThan(estimates[estimates.length - 1].secondsLeft);
    expect(r.controller.getSnapshot().transferEstimate).toBeNull();
  });

  it('counts a session as safe once the sink has kept it, while its slower analysis still runs', async () => {
    const r = await connected();
    let finishAnalysis: () => void = () => undefined;
    r.sink.save = (session, stored) => {
      r.sink.saved.push(session);
      stored?.();
      return new Promise<void>((resolve) => (finishAnalysis = resolve));
    };
    expect(r.controller.getSnapshot().unsavedTransfer).toBe(false);
    r.controller.download([C]);
    expect(r.controller.getSnapshot().unsavedTransfer).toBe(true);
    await until(() => r.sink.saved.length === 1);
    await settle();
    // Kept on this device: closing the tab loses nothing, although the save (analysis) has not finished.
    expect(r.controller.transferring).toBe(true);
    expect(r.controller.getSnapshot().unsavedTransfer).toBe(false);
    finishAnalysis();
    await until(() => !r.controller.transferring);
    expect(r.controller.getSnapshot().unsavedTransfer).toBe(false);
  });

  it('an ERROR mid-queue fails that session and the next one continues', async () => {
    const r = await connected({ faults: [{ on: 'chunk', kind: 'nmea', filename: A, index: 3, action: 'error', code: 'READ_FAILED' }] });
    r.controller.download([A, B]);
    await until(() => !r.controller.transferring && r.sink.saved.length === 1);
    expect(r.sink.saved.map((s) => s.filename)).toEqual([B]);
    const a = r.controller.getSnapshot().queue.find((q) => q.filename === A)!;
    expect(a.state).toBe('Failed');
    expect(a.failure).toEqual({ code: 'device-error', detail: 'READ_FAILED' });
    expect(r.events).toContainEqual({ type: 'session-failed', filename: A, failure: { code: 'device-error', detail: 'READ_FAILED' } });
  });

  it('a gap in the chunk numbers fails the session with a clear code and the queue goes on', async () => {
    const r = await connected({ faults: [{ on: 'chunk', kind: 'nmea', filename: A, index: 2, action: 'gap' }] });
    r.controller.download([A, B]);
    await until(() => !r.controller.transferring && r.sink.saved.length === 1);
    expect(r.controller.getSnapshot().queue.find((q) => q.filename === A)).toMatchObject({ state: 'Failed', failure: { code: 'gap' } });
    expect(r.device.log).toContain('SKIP_SESSION_TRANSFER');
    expect(r.sink.saved[0].filename).toBe(B);
  });

  it('a repeated chunk fails the session', async () => {
    const r = await connected({ faults: [{ on: 'chunk', kind: 'laps', filename: A, index: 1, action: 'repeat' }] });
    r.controller.download([A, C]);
    await until(() => !r.controller.transferring && r.sink.saved.length === 1);
    expect(r.controller.getSnapshot().queue.find((q) => q.filename === A)).toMatchObject({ state: 'Failed', failure: { code: 'repeat' } });
    expect(r.sink.saved[0].filename).toBe(C);
  });

  it('a size mismatch between BOF and the data fails the session', async () => {
    const r = await connected({ faults: [{ on: 'bof', kind: 'nmea', filename: B, action: 'wrong-size', delta: 5 }] });
    r.controller.download([B, C]);
    await until(() => !r.controller.transferring && r.sink.saved.length === 1);
    expect(r.controller.getSnapshot().queue.find((q) => q.filename === B)).toMatchObject({ state: 'Failed', failure: { code: 'size-mismatch' } });
    expect(r.sink.saved[0].filename).toBe(C);
  });

  it('an unknown session (ERROR SESSION_NOT_FOUND) fails only that one', async () => {
    const r = await connected();
    r.device.sessions.delete(A);
    r.controller.download([A, C]);
    await until(() => !r.controller.transferring && r.sink.saved.length === 1);
    expect(r.controller.getSnapshot().queue.find((q) => q.filename === A)).toMatchObject({ state: 'Failed', failure: { code: 'device-error', detail: 'SESSION_NOT_FOUND' } });
  });

  it('a transfer that gets no reply for the stall period fails with a timeout and the queue goes on', async () => {
    const r = await connected({ latencyMs: 5, faults: [{ on: 'command', command: 'GET_SESSION_DATA', nth: 3, action: 'ignore' }] });
    r.controller.download([A, C]);
    await until(() => !r.controller.transferring && r.sink.saved.length === 1);
    expect(r.controller.getSnapshot().queue.find((q) => q.filename === A)).toMatchObject({ state: 'Failed', failure: { code: 'timeout' } });
    expect(r.sink.saved[0].filename).toBe(C);
    expect(r.clock.sleeps).toContain(15000);
  });

  it('a slow but steady link never trips the stall watchdog', async () => {
    const r = await connected({ latencyMs: 40 });
    r.controller.download([A]);
    await until(() => !r.controller.transferring);
    expect(r.sink.saved.map((s) => s.filename)).toEqual([A]);
  });

  it('stop mid-transfer clears the queue, sends STOP_SESSION_TRANSFER and fails the current session', async () => {
    const r = await connected({ latencyMs: 5 });
    r.controller.download([A, B, C]);
    await until(() => (r.controller.getSnapshot().queue.find((q) => q.filename === A)?.progress ?? 0) > 10);
    await r.controller.stopTransfer();
    await settle(400);
    expect(r.device.log).toContain('STOP_SESSION_TRANSFER');
    const queue = r.controller.getSnapshot().queue;
    expect(queue.map((q) => [q.filename, q.state])).toEqual([[A, 'Failed']]);
    expect(queue[0].failure?.code).toBe('stopped');
    expect(r.sink.saved).toEqual([]);
    expect(r.controller.transferring).toBe(false);
  });

  it('a failed save marks the session Failed and the queue goes on', async () => {
    const r = await connected();
    r.sink.failNext = true;
    r.controller.download([A, C]);
    await until(() => !r.controller.transferring && r.sink.saved.length === 1);
    expect(r.controller.getSnapshot().queue.find((q) => q.filename === A)).toMatchObject({ state: 'Failed', failure: { code: 'save-failed' } });
  });

  it('a failed session can be downloaded again on the same connection, and then it is saved whole', async () => {
    const r = await connected();
    r.sink.failNext = true;
    r.controller.download([A]);
    await until(() => !r.controller.transferring && r.controller.getSnapshot().queue.some((q) => q.filename === A && q.state === 'Failed'));
    r.controller.download([A]);
    await until(() => !r.controller.transferring && r.sink.saved.length === 1);
    expect(r.sink.saved.map((x) => x.filename)).toEqual([A]);
    expect(fromUtf8(r.sink.saved[0].nmea)).toBe(fromUtf8(fakeSession(A).nmea));
    expect(r.controller.getSnapshot().queue.find((q) => q.filename === A)?.state).toBe('Completed');
  });

  it('a save that finds the disk full fails that session as storage-full (so the screen can say so) and the queue goes on', async () => {
    const r = await connected();
    r.sink.fullNext = true;
    r.controller.download([A, C]);
    await until(() => !r.controller.transferring && r.sink.saved.length === 1);
    expect(r.controller.getSnapshot().queue.find((q) => q.filename === A)).toMatchObject({ state: 'Failed', failure: { code: 'storage-full' } });
    expect(r.sink.saved.map((s) => s.filename)).toEqual([C]);
  });

  for (const [phase, fault] of [
    ['laps', { on: 'chunk', kind: 'laps', filename: A, index: 1, action: 'disconnect' }],
    ['nmea', { on: 'chunk', kind: 'nmea', filename: A, index: 4, action: 'disconnect' }],
    ['between sessions', { on: 'command', command: 'GET_SESSION_LAPS', nth: 2, action: 'disconnect' }],
  ] as const) {
    it(`a disconnect during ${phase} saves nothing half-received and resets queue and list`, async () => {
      const r = await connected({ faults: [fault] });
      r.controller.download([A, B]);
      await until(() => r.controller.getSnapshot().connection === 'Disconnected');
      await settle();
      const s = r.controller.getSnapshot();
      expect(s.queue).toEqual([]);
      expect(s.sessions).toEqual([]);
      expect(s.overallProgress).toBeNull();
      expect(r.controller.transferring).toBe(false);
      // Only a session whose nmea EOF arrived before the drop may have been saved, and it is complete.
      for (const saved of r.sink.saved) expect(fromUtf8(saved.nmea)).toBe(fromUtf8(fakeSession(saved.filename).nmea));
      if (phase !== 'between sessions') expect(r.sink.saved).toEqual([]);
      else expect(r.sink.saved.map((x) => x.filename)).toEqual([A]);
      // The screen names the downloads the drop cut (they stay on the device): A unless it was already received.
      const cut = r.events.find((e) => e.type === 'disconnected');
      expect(cut).toMatchObject({ type: 'disconnected', interrupted: phase === 'between sessions' ? [B] : [A, B] });
    });
  }

  it('after a disconnect, connecting again starts from a clean state and downloads work', async () => {
    const r = await connected({ faults: [{ on: 'chunk', kind: 'nmea', filename: A, index: 1, action: 'disconnect' }] });
    r.controller.download([A]);
    await until(() => r.controller.getSnapshot().connection === 'Disconnected');
    await r.controller.connect();
    await until(() => r.controller.getSnapshot().sessions.length === 3);
    r.controller.download([A]);
    await until(() => r.sink.saved.length === 1 && !r.controller.transferring);
    expect(fromUtf8(r.sink.saved[0].nmea)).toBe(fromUtf8(fakeSession(A).nmea));
  });

  it('delete from device sends DELETE_SESSION per session and removes the rows', async () => {
    const r = await connected();
    await r.controller.deleteFromDevice([A, B]);
    await settle();
    expect(r.device.log).toContain(`DELETE_SESSION?p=${A}`);
    expect(r.controller.getSnapshot().sessions.map((s) => s.filename)).toEqual([C]);
    expect([...r.device.sessions.keys()]).toEqual([C]);
  });

  it('deleting a session the device no longer has surfaces its ERROR', async () => {
    const r = await connected();
    r.device.sessions.delete(A);
    await r.controller.deleteFromDevice([A]);
    await settle();
    expect(r.events).toContainEqual({ type: 'device-error', code: 'SESSION_NOT_FOUND' });
  });
});

describe('malformed notifications', () => {
  it('a notification that does not decode during a transfer fails that session at once and the queue goes on', async () => {
    const r = rig({ sessions: [fakeSession(A), fakeSession(C, 50)], chunkPayloadBytes: 100 });
    await r.controller.connect();
    await until(() => r.controller.getSnapshot().sessions.length === 2);
    // Corrupt the 3rd nmea chunk header of A on its way to the app.
    const notify = r.transport['notifications'];
    let seen = 0;
    const original = notify.emit.bind(notify);
    notify.emit = (bytes: Uint8Array) => {
      const text = new TextDecoder().decode(bytes.subarray(0, 8));
      if (text.startsWith('DATA_') && ++seen === 6) return original(new TextEncoder().encode('DATA_x_garbage'));
      return original(bytes);
    };
    r.controller.download([A, C]);
    await until(() => !r.controller.transferring && r.sink.saved.length === 1);
    expect(r.controller.getSnapshot().queue.find((q) => q.filename === A)).toMatchObject({ state: 'Failed', failure: { code: 'unexpected-reply' } });
    expect(r.sink.saved[0].filename).toBe(C);
  });
});
