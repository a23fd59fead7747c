import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { exportGpx } from '../../../src/domain/file-formats/export-gpx';
import { positionsTextFingerprint } from '../../../src/domain/file-formats/positions-fingerprint';
import { createDirectAnalysisClient } from '../../helpers/direct-analysis-client';
import type { Analyser } from '../../../src/data/repositories/sessions-repository-types';
import { parsePositionsText } from '../../../src/domain/parse-positions';
import { prepareImport } from '../../helpers/prepare-import';
import { circuit } from '../features/sessions/shared/fake-sessions-port';
import { LAPS, NMEA, createBench, type Bench } from './sync-harness';

/**
 * Storing data the library already holds says so and stores nothing; a different session whose derived file name
 * is taken gets its own name. Nothing ever overwrites a stored session with another file's data.
 */
let bench: Bench;
afterEach(async () => {
  await bench?.close();
});

const VBO = readFileSync(new URL('../../fixtures/real-logs/rustavi-dragy-25hz-trimmed.vbo', import.meta.url), 'utf8');
const rustavi = {
  ...circuit(7, 'Rustavi International Motorpark'),
  coordinates: '41.569854;44.949280;41.573961;44.946128;41.571486;44.951924',
  size: 30,
  country: { id: 3, name: 'Georgia', timezone: 'Asia/Tbilisi' },
};
const FILE = '20260412_1030_Kartodromo de Braga';
const direct = createDirectAnalysisClient();
const analyse: Analyser = (input, signal) => direct.processSession({ nmea: new Uint8Array(input.nmea), laps: new Uint8Array(input.laps) }, { signal });

/** As the library's import does it: the prepared texts, with the fingerprint of the imported positions. */
async function importText(b: Bench, fileName: string, text: string) {
  const prepared = await prepareImport(fileName, text, [rustavi]);
  const saved = await b.repo.saveDownloadedSession({
    filename: prepared.fileName,
    laps: prepared.lapsText,
    nmea: prepared.nmeaText,
    contentHash: positionsTextFingerprint(prepared.nmeaText),
  });
  return { prepared, saved };
}

describe('storing data already in the library', () => {
  it('a GPX exported from a session and imported back is recognised as that session and overwrites nothing', async () => {
    // With the analysis, as in the app: it fingerprints the stored positions too.
    bench = createBench({ analyse });
    bench.network.goOffline();
    await bench.db.circuits.put(rustavi);
    const first = await importText(bench, 'rustavi.vbo', VBO);
    expect(first.saved.alreadyStored).toBe(false);
    const original = await bench.repo.loadTextStrings(first.saved.session.localId);

    // Export the stored session as the app does (positions read back from the stored text), import the file.
    const positions = parsePositionsText(original.nmea).positions;
    const gpx = exportGpx({ name: first.saved.session.name, startedAt: first.prepared.startedAt, positions });
    const again = await importText(bench, `${first.saved.session.name}.gpx`, gpx);
    expect(again.prepared.fileName).toBe(first.prepared.fileName);
    expect(again.saved.alreadyStored).toBe(true);
    expect(again.saved.session).toMatchObject({ localId: first.saved.session.localId, name: first.saved.session.name });
    expect(await bench.db.sessions.count()).toBe(1);
    expect(await bench.repo.loadTextStrings(first.saved.session.localId)).toEqual(original);
    expect(await bench.db.outbox.count()).toBe(1);
    // The very same log again, too.
    expect((await importText(bench, 'rustavi-again.vbo', VBO)).saved.alreadyStored).toBe(true);
    expect(await bench.db.sessions.count()).toBe(1);
  });

  it('the device sending a stored file again is the same session, even after its laps were re-timed here', async () => {
    bench = createBench();
    bench.network.goOffline();
    const first = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    expect(first.alreadyStored).toBe(false);
    expect((await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA })).alreadyStored).toBe(true);
    const retimed = NMEA.replace(/^1;/gm, '2;');
    await bench.repo.replaceSessionTexts(first.session.localId, { laps: LAPS, nmea: retimed });
    const resent = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    expect(resent.alreadyStored).toBe(true);
    expect((await bench.repo.loadTextStrings(first.session.localId)).nmea).toBe(retimed);
    expect(await bench.db.sessions.count()).toBe(1);
  });

  it("an import keeps its logger's own crossings with the session row, and a device download has none", async () => {
    bench = createBench();
    bench.network.goOffline();
    const imported = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA, loggerLaps: [77_200, 149_128] });
    expect((await bench.repo.getSession(imported.session.localId))?.loggerLaps).toEqual([77_200, 149_128]);
    const other = await bench.repo.saveDownloadedSession({ filename: `${FILE} 2`, laps: LAPS, nmea: NMEA.replace(/^1;/gm, '2;') });
    expect((await bench.repo.getSession(other.session.localId))?.loggerLaps).toBeUndefined();
  });

  it('a different session with a file name already taken is stored under a free name, the first one untouched', async () => {
    bench = createBench();
    bench.network.goOffline();
    await bench.db.circuits.put({ ...rustavi, id: 3, name: 'Kartodromo de Braga', coordinates: '41.1;-8.1', size: 10, country: null });
    const first = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    const other = '1;0;41.3;-8.3;50.5\n1;40;41.4;-8.4;51.5\n';
    const second = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: other });
    expect(second.alreadyStored).toBe(false);
    expect(second.session.localId).not.toBe(first.session.localId);
    expect(second.session).toMatchObject({ filename: `${FILE} (2)`, name: 'Kartodromo de Braga (2) 12/04/2026 10H30', circuitId: 3, syncState: 'Pending' });
    expect(await bench.repo.loadTextStrings(first.session.localId)).toEqual({ laps: LAPS, nmea: NMEA });
    expect(await bench.repo.loadTextStrings(second.session.localId)).toEqual({ laps: LAPS, nmea: other });
    const third = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: '1;0;41.5;-8.5;50.5\n' });
    expect(third.session.filename).toBe(`${FILE} (3)`);
    expect((await bench.db.outbox.toArray()).map((e) => e.filename)).toEqual([FILE, `${FILE} (2)`, `${FILE} (3)`]);
  });
  it('a file imported again once its circuit is known replaces the copy stored without laps, on the device and the server', async () => {
    bench = createBench({ analyse });
    bench.network.goOffline();
    // The copy an import near no known circuit left: every fix in lap 0, no laps, named after the file.
    const timed = await prepareImport('rustavi.vbo', VBO, [rustavi]);
    expect(timed.circuit?.id).toBe(7);
    const lapless = await bench.repo.saveDownloadedSession({
      filename: '20260117_1031_rustavi',
      laps: '',
      nmea: timed.nmeaText.replace(/^\d+;/gm, '0;'),
      contentHash: timed.contentHash,
    });
    expect(lapless.session.stats?.lapCount).toBe(0);
    // It reached the server before the circuit was added.
    await bench.db.outbox.clear();
    await bench.db.sessions.update(lapless.session.localId, { syncState: 'Completed', serverId: 41 });

    await bench.db.circuits.put(rustavi);
    const again = await importText(bench, 'rustavi.vbo', VBO);
    expect(again.saved.alreadyStored).toBe(false);
    expect(await bench.db.sessions.count()).toBe(1);
    const row = await bench.repo.getSession(lapless.session.localId);
    expect(row).toMatchObject({ filename: timed.fileName, circuitId: 7, syncState: 'Pending' });
    expect(row?.name).toContain('Rustavi International Motorpark');
    expect(row?.stats?.lapCount).toBeGreaterThan(0);
    expect(await bench.repo.loadTextStrings(lapless.session.localId)).toEqual({ laps: timed.lapsText, nmea: timed.nmeaText });
    expect((await bench.db.outbox.toArray()).map((e) => e.kind)).toEqual(['replace-session']);
    // Its analysis is the new one: laps, not lap 0.
    expect(again.saved.analysis?.laps.length).toBeGreaterThan(0);

    // Once it has laps, the same data again is simply already stored.
    expect((await importText(bench, 'rustavi.vbo', VBO)).saved.alreadyStored).toBe(true);
    expect(await bench.db.sessions.count()).toBe(1);
  });

  it('a copy with laps is never replaced by the same data imported again, nor a lapless copy by data without laps', async () => {
    bench = createBench();
    bench.network.goOffline();
    const timed = await prepareImport('rustavi.vbo', VBO, [rustavi]);
    const laplessNmea = timed.nmeaText.replace(/^\d+;/gm, '0;');
    const lapless = await bench.repo.saveDownloadedSession({ filename: 'lapless', laps: '', nmea: laplessNmea, contentHash: timed.contentHash });
    const stillLapless = await bench.repo.saveDownloadedSession({ filename: 'lapless again', laps: '', nmea: laplessNmea, contentHash: timed.contentHash });
    expect(stillLapless.alreadyStored).toBe(true);
    expect((await bench.repo.getSession(lapless.session.localId))?.filename).toBe('lapless');
    await bench.repo.replaceSessionTexts(lapless.session.localId, { laps: timed.lapsText, nmea: timed.nmeaText });
    const other = await bench.repo.saveDownloadedSession({ filename: 'other', laps: timed.lapsText.split('\n')[0] + '\n', nmea: timed.nmeaText, contentHash: timed.contentHash });
    expect(other.alreadyStored).toBe(true);
    expect(await bench.repo.loadTextStrings(lapless.session.localId)).toEqual({ laps: timed.lapsText, nmea: timed.nmeaText });
  });
});
