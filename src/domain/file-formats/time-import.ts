/**
 * An imported session timed: number the laps from the line import-timing.ts chooses (the file's own gates when
 * laps cross them all, else the circuit's, picked by pick-circuit.ts, else near no circuit a start/finish proposed
 * from the logger's own laps or from the trace, which the racer confirms); then (finishImport) write the
 * device-format laps and nmea texts (serialize-session.ts) plus a device-style file name (import-file-name.ts), so
 * the session is uploaded, stored and synced exactly like one downloaded from ASTRO.
 */
import type { LapDetection } from '../detection/detect-laps';
import type { StartFinishProposal } from '../detection/propose-start-finish';
import { compareLoggerLaps, loggerCrossingsMs, type LoggerLapComparison } from '../detection/logger-laps';
import { tryParseCoordinates } from '../value-format/coordinates';
import { serializeLaps, serializePositions } from '../serialize-session';
import type { GatePoint, LapRecord, ParseIssue, PositionColumns } from '../session-types';
import type { TimingGates } from './file-gates';
import { chooseTiming, type LapSource, type TimingChoice } from './import-timing';
import type { ImportSource, ImportedSession, SessionDetails } from './import-types';
import { pickCircuit, type CircuitCandidate, type PickedCircuit } from './pick-circuit';
import { importFileName, sessionBaseName } from './import-file-name';

export interface FinishImportOptions {
  /** Use this circuit instead of the auto-picked one (null: none). */
  circuit?: CircuitCandidate | null;
  /** For ASTRO files: re-time laps from the circuit's gates instead of keeping the device's laps. */
  redetect?: boolean;
  /** Minutes east of UTC for the file name's wall-clock time. Default: this runtime's zone at that date. */
  utcOffsetMinutes?: number;
  /** The picked file's name: names a session driven where no circuit is known (its base name, not 'Imported'). */
  sourceName?: string;
  /** A start/finish the racer placed (confirmed or moved on the map) for a session with no circuit. */
  startFinish?: { gate: GatePoint; headingDeg?: number; widthM: number };
}

/** An import timed: everything but the device-format texts (prepare-import.ts writes those as bytes). */
export interface TimedImport {
  source: ImportSource;
  startedAt: string;
  /** The picked circuit, or null when none is within reach. */
  circuit: CircuitCandidate | null;
  circuitDistanceM: number | null;
  /** Positions numbered by lap (a copy; the import's columns are left untouched). */
  positions: PositionColumns;
  laps: LapRecord[];
  lapSource: LapSource;
  detection: LapDetection | null;
  /** The file's own gates that timed the laps (present when the file brought gates that laps cross). */
  fileGates: TimingGates | null;
  /** The file brought gates and not all of them timed the laps (none on the trace, or one no lap crosses). */
  fileGatesIgnored: boolean;
  /** Laps by the circuit's gates, kept for comparison when the stored laps came from the file's own gates. */
  circuitLaps: LapRecord[] | null;
  /** Near no known circuit: the start/finish the laps were timed at, for the racer to confirm (null otherwise). */
  proposal: StartFinishProposal | null;
  /** Where the proposal comes from: the logger's own lap boundaries, or the trace's loop. */
  proposalFrom: 'logger' | 'trace' | null;
  /** `YYYYMMDD_HHMM_<circuit name>` (docs/device-protocol.md); without a circuit, the picked file's base name. */
  fileName: string;
  issues: ParseIssue[];
  /** The logger's own start/finish crossings (ms of session time) when the file carries laps it places, else null. */
  loggerCrossingsMs: number[] | null;
  /** Our laps against the logger's, lap by lap, when both exist. */
  loggerComparison: LoggerLapComparison | null;
  /** True when no circuit was near and the laps were timed at the line the logger's own laps imply (`proposal` holds it). */
  timedAtLoggerLine: boolean;
  /** Who and what the logger says it recorded (driver, vehicle, track...), or null when the file says nothing. */
  details: SessionDetails | null;
}

/**
 * A timed import with its device-format files, ready for Session.laps and Session.coordinates.
 * @internal Exported for its tests.
 */
export type FinishedImport = TimedImport & { lapsText: string; nmeaText: string };

/**
 * The import timed and written as the device's texts (see timeImport).
 * @internal Exported for its tests.
 */
export function finishImport(imported: ImportedSession, circuits: readonly CircuitCandidate[], options: FinishImportOptions = {}): FinishedImport {
  const timed = timeImport(imported, circuits, options);
  return { ...timed, lapsText: serializeLaps(timed.laps), nmeaText: serializePositions(timed.positions) };
}

/** The circuit, the gates that time the laps and the laps (before the texts are written). */
export function timeImport(imported: ImportedSession, circuits: readonly CircuitCandidate[], options: FinishImportOptions = {}): TimedImport {
  const picked: PickedCircuit<CircuitCandidate> | null =
    options.circuit !== undefined ? options.circuit && { circuit: options.circuit, distanceM: NaN } : pickCircuit(imported.positions, circuits);
  const circuit = picked ? picked.circuit : null;
  // An ASTRO session keeps the device's laps when its laps file came along; an nmea file picked alone has lap
  // numbers but no lap records, so its laps are detected from the circuit's gates like any other import.
  const keepDevice = imported.source === 'astro' && !options.redetect && imported.deviceLaps !== undefined;
  let positions = imported.positions;
  const crossings = imported.loggerLaps ? loggerCrossingsMs(imported.loggerLaps, imported.startedAt) : [];
  const loggerLaps = crossings.length > 0 ? crossings : null;
  let choice: TimingChoice | null = null;
  let laps: LapRecord[] = imported.deviceLaps ?? [];
  if (!keepDevice) {
    const circuitGates = circuit ? tryParseCoordinates(circuit.coordinates) : null;
    choice = chooseTiming({
      positions,
      circuit: circuit && circuitGates?.ok ? { gates: circuitGates.points, widthM: circuit.size, detection: picked?.detection } : null,
      fileGates: imported.fileGates,
      loggerCrossingsMs: loggerLaps,
      startFinish: options.startFinish,
      // An ASTRO nmea file keeps the lap numbers the device gave it.
      mayPropose: imported.source !== 'astro',
    });
    if (choice.detection) {
      positions = { ...positions, lap: choice.detection.lapOfFix.slice() };
      laps = choice.detection.records;
    } else {
      laps = [];
      if (imported.source !== 'astro') positions = { ...positions, lap: new Int32Array(positions.count) };
    }
  }
  const detection = choice?.detection ?? null;
  const name = sessionBaseName(imported, circuit, options.sourceName);
  return {
    source: imported.source,
    startedAt: imported.startedAt,
    circuit,
    circuitDistanceM: picked && Number.isFinite(picked.distanceM) ? picked.distanceM : null,
    positions,
    laps,
    lapSource: choice?.lapSource ?? (keepDevice ? 'device' : 'none'),
    detection,
    fileGates: choice?.fileGates ?? null,
    fileGatesIgnored: choice?.fileGatesIgnored ?? false,
    circuitLaps: choice?.circuitLaps ?? null,
    proposal: choice?.proposal ?? null,
    proposalFrom: choice?.proposalFrom ?? null,
    fileName: importFileName(imported.startedAt, name, options.utcOffsetMinutes),
    issues: imported.issues,
    loggerCrossingsMs: loggerLaps,
    loggerComparison: loggerLaps && detection ? compareLoggerLaps(detection.startFinishMs, loggerLaps) : null,
    timedAtLoggerLine: choice?.lapSource === 'logger-line',
    details: imported.details ?? null,
  };
}
