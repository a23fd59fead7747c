import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { exportGpx } from '../../../src/domain/formats/export-gpx';
import { positionsTextFingerprint } from '../../../src/domain/formats/positions-fingerprint';
import { createDirectAnalysisClient } from '../../../src/analysis/analysis-client';
import type { Analyser } from '../../../src/data/repositories/sessions-repository';
import { parsePositionsText } from '../../../src/domain/parse-positions';
import { prepareImport } from '../../../src/features/sessions/import-session';
import { circuit } from '../features/sessions/fake-sessions-port';
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
});
