import { describe, expect, it, vi } from 'vitest';
import type { ImportedFile, ImportFileInput } from '../../../../src/analysis/analysis-client';
import type { Circuit } from '../../../../src/contracts/entities';
import type { LocalSession } from '../../../../src/data/db/rows';
import { createImportSession, type ImportSessionDeps } from '../../../../src/data/use-cases/import-session';
import { circuit } from '../../features/sessions/shared/fake-sessions-port';

const braga: Circuit = { ...circuit(1, 'Braga'), country: { id: 1, name: 'Portugal', timezone: 'Europe/Lisbon' } } as Circuit;
const mine: Circuit = { ...circuit(9, 'My track'), country: { id: 1, name: 'Portugal', timezone: 'Europe/Lisbon' } } as Circuit;

/** What the worker would answer for a file: only the fields the use cases read. */
function imported(over: Partial<ImportedFile> = {}): ImportedFile {
  return {
    fileName: '20260501_1000_Braga',
    date: '2026-05-01T09:00:00.000Z',
    dateAccuracyMs: 40,
    timeZone: null,
    contentHash: 'hash',
    circuitId: 1,
    lapsBytes: new Uint8Array([1]),
    nmeaBytes: new Uint8Array([2]),
    blobs: { laps: new Blob(['l']), nmea: new Blob(['n']) },
    lapCount: 5,
    loggerCrossingsMs: new Float64Array([1000, 61000]),
    ...over,
  } as ImportedFile;
}

function deps(answer: ImportedFile, circuits: Circuit[] = [braga]) {
  const inputs: ImportFileInput[] = [];
  const d = {
    freshCircuits: vi.fn(async () => circuits),
    importFile: vi.fn(async (input: ImportFileInput, _onProgress?: unknown) => (inputs.push(input), answer)),
    saveSession: vi.fn(async (_session: object) => ({ session: { localId: 3, name: 'Braga' } as LocalSession, alreadyStored: false })),
    replaceSessionTexts: vi.fn(async () => undefined),
    editSession: vi.fn(async (_localId: number, _edit: object) => undefined),
    saveMyCircuit: vi.fn(async () => mine),
  } satisfies ImportSessionDeps;
  return { d, inputs };
}

const file = new File(['x'], 'run.vbo', { lastModified: 1234 });

describe('importing a picked file as a session', () => {
  it('times it against the fresh circuit list (as candidates), then stores it with its start and logger laps', async () => {
    const answer = imported();
    const { d, inputs } = deps(answer);
    const onProgress = () => undefined;
    const result = await createImportSession(d).importFile(file, new File(['laps text'], 'run.laps'), onProgress);
    expect(inputs[0]).toMatchObject({ fileName: 'run.vbo', file, lastModified: 1234, lapsText: 'laps text' });
    expect(inputs[0].circuits).toEqual([{ id: 1, name: 'Braga', coordinates: braga.coordinates, size: braga.size, timeZone: 'Europe/Lisbon' }]);
    expect(d.importFile.mock.calls[0][1]).toBe(onProgress);
    expect(d.saveSession).toHaveBeenCalledWith({
      filename: answer.fileName,
      laps: answer.lapsBytes,
      nmea: answer.nmeaBytes,
      blobs: answer.blobs,
      contentHash: 'hash',
      loggerLaps: [1000, 61000],
      start: { date: answer.date, accuracyMs: 40, timeZone: null },
    });
    expect(result).toMatchObject({ session: { localId: 3 }, alreadyStored: false, imported: answer });
  });

  it('stores no logger laps for a file without them', async () => {
    const { d } = deps(imported({ loggerCrossingsMs: null }));
    await createImportSession(d).importFile(file);
    expect(d.saveSession.mock.calls[0]).not.toHaveProperty('0.loggerLaps');
  });
});

describe('a start/finish confirmed for an imported session', () => {
  it('saves it as the racer\'s circuit, times the file again with it and names the session after it', async () => {
    const answer = imported({ fileName: '20260501_1000_My track', circuitId: 9 });
    const { d, inputs } = deps(answer);
    const result = await createImportSession(d).saveStartFinish(3, file, { name: 'My track', countryId: 1, typeId: 2, gate: { lat: 41.123456789, lon: -8.5 }, widthM: 180 });
    expect(d.saveMyCircuit).toHaveBeenCalledWith({ name: 'My track', countryId: 1, typeId: 2, coordinates: '41.1234568;-8.5000000', size: 100 });
    // Not in the refetched list (the refetch failed): added to the candidates anyway.
    expect(inputs[0].circuits.map((c) => c.id)).toEqual([1, 9]);
    expect(d.replaceSessionTexts).toHaveBeenCalledWith(3, { laps: answer.lapsBytes, nmea: answer.nmeaBytes, blobs: answer.blobs, start: { date: answer.date, accuracyMs: 40, timeZone: 'Europe/Lisbon' } });
    expect(d.editSession).toHaveBeenCalledWith(3, { circuitId: 9, name: expect.stringContaining('My track') });
    expect(result).toEqual({ laps: 5, circuitName: 'My track', circuitId: 9 });
  });

  it('times it with a circuit of the racer\'s saved already, and refuses one it cannot find', async () => {
    const { d } = deps(imported(), [braga, mine]);
    await createImportSession(d).saveStartFinish(3, file, { circuitId: 9 });
    expect(d.saveMyCircuit).not.toHaveBeenCalled();
    expect(d.editSession.mock.calls[0][1]).toMatchObject({ circuitId: 9 });
    await expect(createImportSession(d).saveStartFinish(3, file, { circuitId: 42 })).rejects.toThrow('Circuit not found.');
  });
});
