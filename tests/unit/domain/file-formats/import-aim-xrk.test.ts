import { describe, expect, it } from 'vitest';
import { loggerCrossingsMs } from '../../../../src/domain/detection/logger-laps';
import { formatCoordinates } from '../../../../src/domain/value-format/coordinates';
import { bytesSource, type ByteSource } from '../../../../src/domain/file-reading/byte-source';
import { importAimXrk } from '../../../../src/domain/file-formats/import-aim-xrk';
import { detectBinaryFormat } from '../../../../src/domain/file-formats/import-binary';
import { isImportError, type ImportErrorReason } from '../../../../src/domain/file-formats/import-errors';
import { finishImport } from '../../../../src/domain/file-formats/time-import';
import { importFileSource } from '../../../../src/domain/file-formats/read-import-file';
import type { CircuitCandidate } from '../../../../src/domain/file-formats/pick-circuit';
import type { ImportedSession } from '../../../../src/domain/file-formats/import-types';
import { looksLikeXrk, looksLikeXrz } from '../../../../src/domain/file-formats/xrk-sniff';
import { XrkScanner } from '../../../../src/domain/file-formats/xrk-scanner';
import { headerMessage, writeXrk, writeXrz } from '../../../helpers/aim-xrk-writer';
import { gatePoints, wavyMotion } from '../synthetic-track';
import { xrkOfMotion } from './aim-xrk-session';

const START = Date.UTC(2026, 4, 16, 13, 5, 0);
const motion = wavyMotion(30, 6, 17, 180);
const DETAILS = { driver: 'CMD', vehicle: 'SFJ', venue: 'Synthetic Ring', session: 'Generic testing', series: 'Club day', logger: 'MXm ID airs', date: '05/16/2026', time: '14:05:00' };
const at20Hz = xrkOfMotion(motion, 20, START, { details: DETAILS });
const at10Hz = xrkOfMotion(motion, 10, START, { details: DETAILS, lapVersion: 2 });
const CIRCUIT: CircuitCandidate = { id: 'ring', name: 'Synthetic Ring', coordinates: formatCoordinates(gatePoints()), size: 30 };

const read = (bytes: Uint8Array, name = 'session.xrk') => importFileSource(name, bytesSource(bytes));

async function reasonOf(run: () => Promise<unknown>): Promise<ImportErrorReason> {
  try {
    await run();
  } catch (error) {
    expect(isImportError(error), String(error)).toBe(true);
    return (error as { reason: ImportErrorReason }).reason;
  }
  throw new Error('expected an ImportError');
}

/** The fixes equal the written ones: position within a centimetre, ground speed within 0.04 km/h, the logger's times. */
function expectFixesOf(session: ImportedSession, input: typeof at20Hz.input): void {
  const p = session.positions;
  expect(p.count).toBe(input.fixes.length);
  for (let i = 0; i < p.count; i += 7) {
    const f = input.fixes[i];
    expect(p.timeMs[i]).toBeCloseTo(f.tMs, 6);
    expect(Math.abs(p.lat[i] - f.lat) * 111_195).toBeLessThan(0.01);
    expect(Math.abs(p.lon[i] - f.lon) * 111_195 * Math.cos((f.lat * Math.PI) / 180)).toBeLessThan(0.01);
    expect(Math.abs(p.speedKmh[i] - Math.hypot(f.eastMs, f.northMs) * 3.6)).toBeLessThan(0.04);
  }
}

describe('AiM XRK (files written from the format as libxrk reads it)', () => {
  it('reads a 20 Hz XRK: every fix, ground speed, GPS time as the UTC start, the logger details', async () => {
    const bytes = writeXrk(at20Hz.input);
    expect(detectBinaryFormat(bytes.subarray(0, 64))).toBe('aim-xrk');
    const session = await read(bytes);
    expect(session.source).toBe('aim-xrk');
    expect(session.issues).toEqual([]);
    expect(session.startedAt).toBe('2026-05-16T13:05:00.000Z');
    expectFixesOf(session, at20Hz.input);
    expect(session.details).toEqual({ driver: 'CMD', vehicle: 'SFJ', venue: 'Synthetic Ring', session: 'Generic testing', series: 'Club day', logger: 'MXm ID airs' });
  });

  it("keeps the logger's lap table: the laps between two crossings, to the ms, the out and in laps left out", async () => {
    const session = await read(writeXrk(at20Hz.input));
    const table = at20Hz.input.laps;
    const timed = table.slice(1, -1);
    expect(timed.length).toBeGreaterThanOrEqual(4);
    expect(session.loggerLaps?.map((l) => l.lapNumber)).toEqual(timed.map((l) => l.lapNumber));
    expect(session.loggerLaps?.map((l) => l.durationMs)).toEqual(timed.map((l) => l.durationMs));
    const crossings = loggerCrossingsMs(session.loggerLaps ?? [], session.startedAt);
    expect(crossings).toHaveLength(at20Hz.crossingsMs.length);
    crossings.forEach((c, k) => expect(Math.abs(c - at20Hz.crossingsMs[k])).toBeLessThanOrEqual(0.5));
  });

  it('times the same laps on the circuit within 20 ms of the lap table, at 20 Hz and at 10 Hz', async () => {
    for (const file of [at20Hz, at10Hz]) {
      const session = await read(writeXrk(file.input));
      const finished = finishImport(session, [CIRCUIT]);
      expect(finished.circuit?.id).toBe('ring');
      expect(finished.lapSource).toBe('circuit');
      const comparison = finished.loggerComparison!;
      expect(comparison.matches).toHaveLength(file.input.laps.length - 2);
      expect(comparison.maxAbsDiffMs).toBeLessThan(20);
    }
  });

  it('names a session near no known circuit after the track the logger says it was on, and keeps its details', async () => {
    const session = await read(writeXrk(at20Hz.input));
    const finished = finishImport(session, [], { utcOffsetMinutes: 60, sourceName: 'CMD_SFJ_Synthetic Ring_Generic testing_a_0101.xrk' });
    expect(finished.circuit).toBeNull();
    expect(finished.fileName).toBe('20260516_1405_Synthetic Ring');
    expect(finished.details?.driver).toBe('CMD');
    // Its laps are still timed, at the line the logger's own laps imply.
    expect(finished.lapSource).toBe('logger-line');
    expect(finished.loggerComparison?.maxAbsDiffMs).toBeLessThan(20);
  });

  it('reads an XRZ (the XRK zlib-compressed) to the same session, found by its first bytes whatever its name', async () => {
    const xrz = writeXrz(at10Hz.input);
    expect(detectBinaryFormat(xrz.subarray(0, 64))).toBe('aim-xrz');
    const fromXrz = await read(xrz, 'renamed.bin');
    const fromXrk = await read(writeXrk(at10Hz.input));
    expect(fromXrz.source).toBe('aim-xrk');
    expect(fromXrz.issues).toEqual([]);
    expect(fromXrz.startedAt).toBe(fromXrk.startedAt);
    expect(Array.from(fromXrz.positions.lat)).toEqual(Array.from(fromXrk.positions.lat));
    expect(fromXrz.loggerLaps).toEqual(fromXrk.loggerLaps);
    expectFixesOf(fromXrz, at10Hz.input);
  });

  it('reads LAP messages of either layout (20-byte v1, 32-byte v2) to the same laps', async () => {
    const v1 = await read(writeXrk({ ...at10Hz.input, lapVersion: 1 }));
    const v2 = await read(writeXrk(at10Hz.input));
    expect(v2.loggerLaps).toEqual(v1.loggerLaps);
    expect(v2.loggerLaps?.length).toBe(at10Hz.input.laps.length - 2);
  });

  it('reads the file by parts, never whole: no read larger than 1 MiB, the scanner holding a part or two', async () => {
    const long = xrkOfMotion(wavyMotion(30, 6, 17, 1200), 20, START);
    const bytes = writeXrk(long.input);
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    const inner = bytesSource(bytes);
    const reads: number[] = [];
    const spy: ByteSource = { size: inner.size, read: (offset, length) => (reads.push(length), inner.read(offset, length)) };
    const session = await importAimXrk(spy);
    expect(session.positions.count).toBe(long.input.fixes.length);
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...reads)).toBeLessThanOrEqual(1024 * 1024);
    // The scanner keeps only what it has not read yet: fed by 64 KiB parts, it never holds much more.
    const scanner = new XrkScanner({ onHeader: () => undefined });
    let held = 0;
    for (let at = 0; at < bytes.length; at += 65_536) {
      scanner.push(bytes.subarray(at, at + 65_536));
      held = Math.max(held, scanner.heldBytes);
    }
    scanner.finish();
    expect(scanner.badBytes).toBe(0);
    expect(held).toBeLessThanOrEqual(4 * 65_536);
  });
});

describe('AiM XRK from real loggers: tolerant of what it does not know, never trusting a length', () => {
  it('steps over unknown messages, messages failing their checksum and garbage, and says so', async () => {
    const bytes = writeXrk({ ...at20Hz.input, garbage: { afterFixes: 100, bytes: Uint8Array.from([0x28, 0x53, 9, 9, 0x3c, 0x68, 1, 2, 3, 0xff, 0x7f]) } });
    const flipped = bytes.slice();
    // Damage one GPS message's payload (its bytesum no longer matches): that fix is skipped, the rest read.
    const gps = Buffer.from(flipped).indexOf(Buffer.from('<hGPS '), 20_000);
    flipped[gps + 30] ^= 0x55;
    const session = await read(flipped);
    expect(session.positions.count).toBe(at20Hz.input.fixes.length - 1);
    const reasons = session.issues.map((i) => i.reason).join(' | ');
    // The 11 bytes of garbage, and the 76 of the damaged GPS message.
    expect(reasons).toMatch(/87 bytes not understood were skipped/);
    expect(reasons).toMatch(/1 messages failing their checksum were skipped/);
  });

  it('reads the fixes of a file without the channel definitions, skipping the data messages it cannot size', async () => {
    const bytes = writeXrk(at20Hz.input);
    // The configuration's CHS messages renamed to a token nobody knows: the data messages become bytes not understood.
    const renamed = Buffer.from(bytes).toString('latin1').replace(/<hCHS /g, '<hCHZ ').replace(/<CHS /g, '<CHZ ');
    const session = await read(Uint8Array.from(Buffer.from(renamed, 'latin1')));
    expect(session.positions.count).toBe(at20Hz.input.fixes.length);
    expect(session.loggerLaps?.length).toBe(at20Hz.input.laps.length - 2);
    expect(session.issues.some((i) => /bytes not understood/.test(i.reason))).toBe(true);
  });

  it('keeps the fixes before the end of an XRK or XRZ cut short', async () => {
    const whole = writeXrk(at20Hz.input);
    const cut = await read(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(cut.positions.count).toBeGreaterThan(at20Hz.input.fixes.length * 0.4);
    expect(cut.positions.count).toBeLessThan(at20Hz.input.fixes.length * 0.6);
    const xrz = writeXrz(at20Hz.input);
    const cutXrz = await read(xrz.subarray(0, Math.floor(xrz.length / 2)));
    expect(cutXrz.positions.count).toBeGreaterThan(at20Hz.input.fixes.length * 0.3);
    expect(cutXrz.issues.some((i) => /cut short/.test(i.reason))).toBe(true);
  });

  it('believes no length: a header claiming 2 GB, an (M count of 65,535 and a negative length are bytes skipped', async () => {
    const lie = (claim: number) => Uint8Array.from([0x3c, 0x68, 0x47, 0x50, 0x53, 0x20, claim & 0xff, (claim >>> 8) & 0xff, (claim >>> 16) & 0xff, (claim >>> 24) & 0xff, 0, 0x3e]);
    const bytes = writeXrk(at20Hz.input);
    // Put in just before a GPS message, so that every message stays whole.
    const at = Buffer.from(bytes).indexOf(Buffer.from('<hGPS '), 5000);
    const hostile = new Uint8Array(bytes.length + 36);
    hostile.set(bytes.subarray(0, at));
    hostile.set(lie(0x7fff_fff0), at);
    hostile.set(lie(-5), at + 12);
    hostile.set(Uint8Array.from([0x28, 0x4d, 0, 0, 0, 0, 3, 0, 0xff, 0xff, 0, 0]), at + 24);
    hostile.set(bytes.subarray(at), at + 36);
    // Read as an XRZ too: there the stream's end is unknown, so only the cap on a message stops the wait.
    for (const file of [hostile, new Uint8Array((await import('node:zlib')).deflateSync(hostile))]) {
      const session = await read(file);
      expect(session.positions.count).toBe(at20Hz.input.fixes.length);
      expect(session.issues.some((i) => /36 bytes not understood/.test(i.reason))).toBe(true);
    }
  });

  it("repairs the logger's timecode faults from the GPS time: a 65,533 ms jump, each epoch written twice", async () => {
    const jumped = await read(writeXrk({ ...at20Hz.input, timecodeFault: { fromMs: 60_000, addMs: 65_533 } }));
    expect(jumped.positions.count).toBe(at20Hz.input.fixes.length);
    expect(jumped.positions.timeMs[jumped.positions.count - 1]).toBeCloseTo(at20Hz.input.fixes[at20Hz.input.fixes.length - 1].tMs, 6);
    expect(jumped.issues.map((i) => i.reason)).toContain("1 jumps of the logger's GPS timecode were repaired from the GPS time");
    const twice = await read(writeXrk({ ...at20Hz.input, repeatEpochs: true }));
    expect(twice.positions.count).toBe(at20Hz.input.fixes.length);
    expectFixesOf(twice, at20Hz.input);
  });

  it("falls back to the logger's date and time (its wall clock) when the receiver never gave GPS time", async () => {
    const session = await read(writeXrk({ ...at20Hz.input, withoutGpsTime: true }));
    expect(session.startedAt).toBe('2026-05-16T14:05:00.000');
    expect(session.loggerLaps?.map((l) => l.durationMs)).toEqual(at20Hz.input.laps.slice(1, -1).map((l) => l.durationMs));
  });

  it('leaves out records without a fix, and refuses a file with no GPS, no fix or no date, naming why', async () => {
    const fixes = at20Hz.input.fixes.map((f, i) => (i < 40 ? { ...f, fixType: 0 } : f));
    const session = await read(writeXrk({ ...at20Hz.input, fixes }));
    expect(session.positions.count).toBe(fixes.length - 40);
    expect(session.issues.map((i) => i.reason)).toContain('40 GPS records without a fix were left out');
    expect(await reasonOf(() => read(writeXrk({ ...at20Hz.input, fixes: fixes.map((f) => ({ ...f, fixType: 1 })) })))).toBe('no-fixes');
    const noGps = Buffer.from(writeXrk(at20Hz.input)).toString('latin1').replace(/<hGPS1?/g, (m) => m.replace('GPS', 'GPX')).replace(/<GPS1?/g, (m) => m.replace('GPS', 'GPX'));
    expect(await reasonOf(() => read(Uint8Array.from(Buffer.from(noGps, 'latin1'))))).toBe('no-gps');
    const undated = { ...at20Hz.input, withoutGpsTime: true, details: { ...DETAILS, date: '' } };
    expect(await reasonOf(() => read(writeXrk(undated)))).toBe('missing-date');
  });

  it('refuses a zlib file that is not an XRZ, and an XRK whose messages never check out', async () => {
    const { deflateSync } = await import('node:zlib');
    expect(await reasonOf(() => read(new Uint8Array(deflateSync(Buffer.from('just a compressed note, not a logger file'))), 'note.xrz'))).toBe('unsupported-format');
    const frame = headerMessage('GPS', new Uint8Array(56));
    frame[frame.length - 3] ^= 1;
    expect(await reasonOf(() => read(frame))).toBe('damaged');
  });

  it('is told from other files by its first bytes', () => {
    const xrk = writeXrk(at10Hz.input);
    expect(looksLikeXrk(xrk.subarray(0, 64))).toBe(true);
    expect(looksLikeXrz(writeXrz(at10Hz.input).subarray(0, 64))).toBe(true);
    for (const text of ['<html><head></head>', 'x^2 + y^2 = r^2', '<hr>', 'xml']) {
      const head = new TextEncoder().encode(text);
      expect(looksLikeXrk(head) || looksLikeXrz(head)).toBe(false);
    }
  });
});
