/**
 * The use cases of importing a picked file (the sessions screens' port only adapts them): a file read, timed and
 * written as device texts in the analysis worker (workers/import-api.ts: the File goes there by reference and is
 * read by parts, so a 2 h 25 Hz file or a video never blocks the page) against the freshest circuit list, then
 * stored like a session downloaded from ASTRO; and a session timed again at a start/finish the racer confirmed
 * (saved first as a circuit of their own). Every dependency is passed in (services.ts wires the app's).
 */
import type { Circuit } from '../../contracts/entities';
import type { ImportedFile, ImportFileInput } from '../../analysis/analysis-client';
import type { CircuitCandidate } from '../../domain/file-formats/pick-circuit';
import type { ImportProgressListener } from '../../domain/file-formats/import-progress';
import type { GatePoint } from '../../domain/session-types';
import { displayNameFromFileName } from '../../domain/value-format/session-name';
import type { DownloadedSession, SaveResult } from '../repositories/sessions-repository-types';
import type { LocalSession } from '../db/rows';

export interface ImportSessionDeps {
  /**
   * The circuit list for an import: refetched when online (a circuit an admin just added is matched at once), the
   * stored list when offline or the refetch fails.
   */
  freshCircuits(): Promise<Circuit[]>;
  /** A picked file read, detected and timed (the analysis worker's importFile). */
  importFile(input: ImportFileInput, onProgress?: ImportProgressListener): Promise<ImportedFile>;
  /** Stores an imported session (its texts, start and logger laps) like one downloaded from ASTRO. */
  saveSession(session: DownloadedSession): Promise<Pick<SaveResult, 'session' | 'alreadyStored'>>;
  /** Replaces a stored session's texts and start (queued for the server). */
  replaceSessionTexts(localId: number, texts: { laps: Uint8Array; nmea: Uint8Array; blobs?: DownloadedSession['blobs']; start: NonNullable<DownloadedSession['start']> }): Promise<unknown>;
  /** Sets a stored session's circuit and name (queued for the server). */
  editSession(localId: number, edit: { circuitId: number; name: string }): Promise<unknown>;
  /** Saves a circuit of the racer's own on the server (online only). */
  saveMyCircuit(circuit: { name: string; countryId: number; typeId: number; coordinates: string; size: number }): Promise<Circuit>;
}

/** A start/finish the racer confirmed on the map, to save as their own circuit. */
export interface StartFinishCircuit {
  name: string;
  countryId: number;
  typeId: number;
  gate: GatePoint;
  widthM: number;
}

/** An imported file as stored: the session (or the one that held this data already) and what the import found. */
export interface ImportedSession {
  session: LocalSession;
  alreadyStored: boolean;
  imported: ImportedFile;
}

/** The fields of a stored circuit import needs. */
function circuitCandidate(c: Circuit): CircuitCandidate {
  return { id: c.id, name: c.name, coordinates: c.coordinates, size: c.size, timeZone: c.country?.timezone ?? null };
}

export function createImportSession(deps: ImportSessionDeps) {
  /** `lapsText`: the ASTRO laps file picked with an ASTRO nmea file (its laps are kept instead of detected). */
  const importInWorker = (file: File, circuits: readonly Circuit[], lapsText?: string, onProgress?: ImportProgressListener): Promise<ImportedFile> =>
    deps.importFile({ fileName: file.name, file, circuits: circuits.map(circuitCandidate), lastModified: file.lastModified, lapsText }, onProgress);

  return {
    /** Imports a picked file (with the ASTRO laps file picked beside it) and stores it; nothing stored twice. */
    async importFile(file: File, lapsFile?: File, onProgress?: ImportProgressListener): Promise<ImportedSession> {
      const circuits = await deps.freshCircuits();
      const imported = await importInWorker(file, circuits, lapsFile ? await lapsFile.text() : undefined, onProgress);
      const saved = await deps.saveSession({
        filename: imported.fileName,
        laps: imported.lapsBytes,
        nmea: imported.nmeaBytes,
        blobs: imported.blobs,
        contentHash: imported.contentHash,
        ...(imported.loggerCrossingsMs ? { loggerLaps: Array.from(imported.loggerCrossingsMs) } : {}),
        start: { date: imported.date, accuracyMs: imported.dateAccuracyMs, timeZone: imported.timeZone },
      });
      return { session: saved.session, alreadyStored: saved.alreadyStored, imported };
    },

    /**
     * Saves a start/finish as the racer's own circuit (online only), then times the imported session again with it:
     * its texts, circuit and name follow. `{ circuitId }`: a circuit of theirs saved already times it instead.
     */
    async saveStartFinish(localId: number, file: File, input: StartFinishCircuit | { circuitId: number }): Promise<{ laps: number; circuitName: string; circuitId: number }> {
      const saved =
        'circuitId' in input
          ? null
          : await deps.saveMyCircuit({
              name: input.name,
              countryId: input.countryId,
              typeId: input.typeId,
              coordinates: `${input.gate.lat.toFixed(7)};${input.gate.lon.toFixed(7)}`,
              size: Math.min(100, Math.max(1, Math.round(input.widthM))),
            });
      // The refetched list holds it (GET /circuits lists a racer's own circuits to them); kept here if that failed.
      const circuits = await deps.freshCircuits();
      const circuit = saved ?? circuits.find((c) => 'circuitId' in input && c.id === input.circuitId);
      if (!circuit) throw new Error('Circuit not found.');
      const withMine = circuits.some((c) => c.id === circuit.id) ? circuits : [...circuits, circuit];
      const imported = await importInWorker(file, withMine);
      // Dated by its first fix again (a row of an older build was dated from its name's minute in this device's zone).
      const timeZone = imported.timeZone || circuit.country?.timezone || null;
      const start = { date: imported.date, accuracyMs: imported.dateAccuracyMs, timeZone };
      await deps.replaceSessionTexts(localId, { laps: imported.lapsBytes, nmea: imported.nmeaBytes, blobs: imported.blobs, start });
      await deps.editSession(localId, { circuitId: circuit.id, name: displayNameFromFileName(imported.fileName) });
      return { laps: imported.lapCount, circuitName: circuit.name, circuitId: circuit.id };
    },
  };
}
