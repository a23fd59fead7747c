import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { expose } from 'comlink';
import { createAnalysisClient, type AnalysisClient } from '../../../src/analysis/analysis-client';
import type { WorkerLike } from '../../../src/analysis/worker-bridge';
import { workerApi } from '../../../workers/analysis-worker-api';
import { prepareImport } from '../../../src/domain/file-formats/prepare-import';
import { bytesSource } from '../../../src/domain/file-reading/byte-source';
import { isImportError } from '../../../src/domain/file-formats/import-errors';
import { sessionStatsFromLapsText } from '../../../src/domain/session-stats';
import { importProgressFraction, type ImportProgress } from '../../../src/domain/file-formats/import-progress';
import { formatCoordinates } from '../../../src/domain/value-format/coordinates';
import { writeXrz } from '../../helpers/aim-xrk-writer';
import { xrkOfMotion } from '../domain/file-formats/aim-xrk-session';
import { gatePoints, wavyMotion } from '../domain/synthetic-track';
import { importFile as importOnPage } from '../../../src/domain/file-formats/read-import-file';
import { fixAlong, lineAcross, nearestFix } from '../domain/file-formats/gate-line-timing';
import { withLaptiming } from '../domain/file-formats/vbo-laptiming-writer';

/**
 * A picked file is imported in the analysis worker: the File goes there by reference, and what comes back is the
 * same session the in-page import made (texts, name, fingerprint, laps) as typed arrays, with a refusal's reason
 * intact for the racer's language.
 */

const VBO = readFileSync(new URL('../../fixtures/real-logs/rustavi-dragy-25hz-trimmed.vbo', import.meta.url));
const rustavi = { id: 7, name: 'Rustavi International Motorpark', coordinates: '41.569854;44.949280;41.573961;44.946128;41.571486;44.951924', size: 30, timeZone: 'Asia/Tbilisi' };

/** A "worker" made of a MessageChannel exposing what analysis.worker.ts exposes. */
function fakeWorker(): WorkerLike {
  const { port1, port2 } = new MessageChannel();
  expose(workerApi, port1 as never);
  return Object.assign(port2 as never as WorkerLike, {
    terminate: () => {
      port1.close();
      port2.close();
    },
  });
}

let client: AnalysisClient | null = null;
afterEach(() => client?.dispose());

describe('importing a file in the worker', () => {
  it('tells the page how far it is by bytes read and parsed, a few reports in order, through to the timing', async () => {
    client = createAnalysisClient({ createWorker: fakeWorker });
    const reports: ImportProgress[] = [];
    const imported = await client.importFile({ fileName: 'rustavi.vbo', file: new Blob([VBO]), circuits: [rustavi], lastModified: 0 }, { onProgress: (p) => reports.push(p) });
    // (Reports are messages of their own: the last may land just after the result.)
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(imported.lapCount).toBeGreaterThan(0);
    expect(reports[0]).toEqual({ stage: 'reading', bytes: 0, totalBytes: VBO.length });
    expect(reports.at(-1)).toEqual({ stage: 'timing', bytes: VBO.length, totalBytes: VBO.length });
    expect(reports.map((r) => `${r.stage} ${r.bytes}`)).toContain(`parsing ${VBO.length}`);
    const shares = reports.map(importProgressFraction);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    // Throttled: each stage's start and end, and at most one report per 100 ms between.
    expect(reports.length).toBeLessThan(12);
  });

  it('gives the same session as the import on the page, texts as bytes and the track as typed arrays', async () => {
    client = createAnalysisClient({ createWorker: fakeWorker });
    const file = new Blob([VBO]);
    const imported = await client.importFile({ fileName: 'rustavi.vbo', file, circuits: [rustavi], lastModified: 0 });
    const onPage = await prepareImport({ fileName: 'rustavi.vbo', source: bytesSource(new Uint8Array(VBO)), circuits: [rustavi], lastModified: 0 });

    expect(imported.fileName).toBe(onPage.fileName);
    expect(imported.fileName).toContain('Rustavi International Motorpark');
    expect(imported.circuitId).toBe(7);
    expect(imported.contentHash).toBe(onPage.contentHash);
    expect(imported.lapsBytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(imported.nmeaBytes)).toBe(new TextDecoder().decode(onPage.nmeaBytes));
    expect(new TextDecoder().decode(imported.lapsBytes)).toBe(onPage.lapsText);
    // The Blobs the library stores, made in the worker, hold the very same bytes.
    // (Buffer.equals: a deep equality of these bytes takes the test runner seconds.)
    expect(Buffer.from(await imported.blobs.nmea.arrayBuffer()).equals(onPage.nmeaBytes)).toBe(true);
    expect(await imported.blobs.laps.text()).toBe(onPage.lapsText);
    // The result line's lap count is the library's, of the laps file it stores (the In Lap and invalid laps count).
    expect(imported.lapCount).toBe(sessionStatsFromLapsText(onPage.lapsText).lapCount);
    expect(imported.lapCount).toBeGreaterThan(0);
    expect(imported.trace).toBeInstanceOf(Float64Array);
    expect(imported.trace.length).toBeLessThanOrEqual(4000);
    expect(imported.trace[0]).toBeCloseTo(onPage.positions.lat[0], 6);
    expect(imported.fixes).toBe(onPage.positions.count);
  });

  it('proposes a start/finish for a file near no circuit, and times its laps at a line the racer placed', async () => {
    client = createAnalysisClient({ createWorker: fakeWorker });
    const proposed = await client.importFile({ fileName: 'rustavi.vbo', file: new Blob([VBO]), circuits: [] });
    expect(proposed.circuitId).toBeNull();
    expect(proposed.lapSource).toBe('proposed');
    expect(proposed.proposal).not.toBeNull();
    const { lat, lon, headingDeg, widthM } = proposed.proposal!;
    const placed = await client.importFile({ fileName: 'rustavi.vbo', file: new Blob([VBO]), circuits: [], startFinish: { gate: { lat, lon }, headingDeg, widthM } });
    expect(placed.lapSource).toBe('racer');
    expect(placed.lapCount).toBe(proposed.lapCount);
  });

  it("says whether the file's own gates timed the laps, where a proposed line came from, and the logger's laps beside ours", async () => {
    client = createAnalysisClient({ createWorker: fakeWorker });
    const text = VBO.toString('utf8');
    // A RaceChrono [laptiming] start/finish 25 m beside the track, 50 m past the seeded line: no lap crosses it.
    const positions = importOnPage('rustavi.vbo', text).positions;
    const beside = lineAcross(positions, fixAlong(positions, nearestFix(positions, { lat: 41.569854, lon: 44.94928 }), 50), 10, 25);
    const withGates = withLaptiming(text, [{ kind: 'Start', a: beside.a, b: beside.b, name: 'Start / Finish' }], 'racechrono');
    const fellBack = await client.importFile({ fileName: 'racechrono.vbo', file: new Blob([withGates]), circuits: [rustavi] });
    expect(fellBack.lapSource).toBe('circuit');
    expect(fellBack.fileGatesIgnored).toBe(true);
    expect(fellBack.lapCount).toBeGreaterThan(3);
    const plain = await client.importFile({ fileName: 'rustavi.vbo', file: new Blob([VBO]), circuits: [rustavi] });
    expect(plain.fileGatesIgnored).toBe(false);
    expect(plain.loggerLaps).toBeNull();
    // No logger laps and no circuit: the line is the trace's loop.
    const loop = await client.importFile({ fileName: 'rustavi.vbo', file: new Blob([VBO]), circuits: [] });
    expect(loop.proposalFrom).toBe('trace');
    // The real MyChron export (no circuit near): the line its beacons place, its 14 laps and ours within 20 ms.
    const aim = readFileSync(new URL('../../fixtures/real-logs/sskc-mychron-aim-20hz-trimmed.csv', import.meta.url));
    const logged = await client.importFile({ fileName: 'sskc.csv', file: new Blob([aim]), circuits: [] });
    expect(logged.proposalFrom).toBe('logger');
    expect(logged.loggerLaps).toMatchObject({ count: 14, matched: 14 });
    expect(logged.loggerLaps!.maxAbsDiffMs).toBeLessThanOrEqual(20);
  });

  it("refuses a bad file with its reason and detail intact, as the page's ImportError", async () => {
    client = createAnalysisClient({ createWorker: fakeWorker });
    const bytes = new TextEncoder().encode('File created on 12/04/2026\n\n[column names]\nsats time lat\n[data]\n');
    const error = await client.importFile({ fileName: 'broken.vbo', file: bytes, circuits: [] }).catch((e: unknown) => e);
    expect(isImportError(error)).toBe(true);
    expect(error).toMatchObject({ reason: expect.stringMatching(/missing-columns|no-fixes|bad-structure|missing-section/) });
    const empty = await client.importFile({ fileName: 'empty.csv', file: new Blob([]), circuits: [] }).catch((e: unknown) => e);
    expect(empty).toMatchObject({ reason: 'empty-file' });
    expect((empty as Error).message).toContain('empty.csv');
  });

  it("imports an AiM XRZ from its Blob: the logger's crossings and details come back, named after its circuit", async () => {
    client = createAnalysisClient({ createWorker: fakeWorker });
    const start = Date.UTC(2026, 4, 16, 13, 5, 0);
    const { input } = xrkOfMotion(wavyMotion(30, 6, 17, 180), 10, start, { details: { driver: 'Ana', vehicle: 'Rotax Max', venue: 'Synthetic Ring', logger: 'MyChron 5' } });
    const xrz = writeXrz(input);
    const ring = { id: 3, name: 'Synthetic Ring', coordinates: formatCoordinates(gatePoints()), size: 30, timeZone: 'Europe/Lisbon' };
    const reports: ImportProgress[] = [];
    const imported = await client.importFile({ fileName: 'Ana_Rotax_Synthetic Ring_a_0007.xrz', file: new Blob([xrz]), circuits: [ring] }, { onProgress: (p) => reports.push(p) });
    expect(imported.circuitId).toBe(3);
    expect(imported.fixes).toBe(input.fixes.length);
    expect(imported.details).toEqual({ driver: 'Ana', vehicle: 'Rotax Max', venue: 'Synthetic Ring', logger: 'MyChron 5' });
    // The logger's crossings, and our laps between them (the stored laps file: out lap, timed laps, in lap).
    const crossings = Array.from(imported.loggerCrossingsMs ?? []);
    expect(crossings).toHaveLength(input.laps.length - 1);
    const ours = sessionStatsFromLapsText(new TextDecoder().decode(imported.lapsBytes));
    expect(ours.lapCount).toBeGreaterThanOrEqual(input.laps.length - 1);
    expect(imported.startedAt).toBe('2026-05-16T13:05:00.000Z');
    expect(imported.fileName).toBe('20260516_1405_Synthetic Ring');
    expect(reports.some((r) => r.stage === 'parsing')).toBe(true);
  });

  it('refuses a file of a format not read here with its format named in the detail', async () => {
    client = createAnalysisClient({ createWorker: fakeWorker });
    const ld = Uint8Array.from({ length: 4096 }, (_, i) => (i * 37) & 0xff);
    const error = await client.importFile({ fileName: 'Stint 3.ld', file: new Blob([ld]), circuits: [] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'unsupported-format', detail: { format: 'motec-ld', kind: 'log' } });
  });
});
