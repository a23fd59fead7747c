/**
 * Which line times an imported session's laps, in this order:
 *  1. a start/finish the racer placed (confirmed or moved on the map);
 *  2. the file's own gates (VBO [laptiming]), when every one of them is crossed by a closed lap. A file's gate
 *     that no lap crosses never replaces a circuit's gates that time laps: the circuit's are used and that is
 *     said (`fileGatesIgnored`); with no such circuit, the file's gates that laps do cross are used;
 *  3. the picked circuit's gates;
 *  4. near no known circuit, the line the logger's own laps imply (through the median of the trace's positions
 *     at its crossings, slid along the track and turned to where our laps best match the logger's: logger-laps.ts), when it
 *     closes a lap; else the point the trace passes most regularly (propose-start-finish.ts).
 *     Either is a proposal the racer confirms (`proposal`, `proposalFrom`).
 * Every one is timed by detect-laps.ts: each crossing interpolated between the two fixes either side of the line,
 * never at a row.
 */
import { detectLaps, type LapDetection } from '../detection/detect-laps';
import { fitLineToLoggerLaps, gateFromLoggerLaps } from '../detection/logger-laps';
import { proposeStartFinish, type StartFinishProposal } from '../detection/propose-start-finish';
import type { GatePoint, LapRecord, PositionColumns } from '../session-types';
import { closedLaps, timeWithFileGates, timingGatesFromFile, type TimingGates } from './file-gates';
import type { FileGateLine } from './import-types';

/** Which gates timed the stored laps. */
export type LapSource = 'device' | 'file-gates' | 'circuit' | 'logger-line' | 'proposed' | 'racer' | 'none';

/**
 * Width of the start/finish line implied by a logger's own laps, metres: its centre is where the racer crossed,
 * so it must reach across a kart track (8-12 m) or a circuit's racing line from either side, yet stay clear of a
 * parallel part of the track nearby.
 */
const LOGGER_LINE_WIDTH_M = 20;

export interface TimingInput {
  positions: PositionColumns;
  /** The circuit's gates and width (null: no circuit), with their detection when already computed. */
  circuit: { gates: GatePoint[]; widthM: number; detection?: LapDetection } | null;
  /** The file's own gate lines, as read. */
  fileGates?: readonly FileGateLine[];
  /** The logger's start/finish crossings, ms of session time (null: the file carries none it places). */
  loggerCrossingsMs: readonly number[] | null;
  /** A start/finish the racer placed. */
  startFinish?: { gate: GatePoint; headingDeg?: number; widthM: number };
  /** False for a file whose lap numbers are kept as they are (an ASTRO nmea file alone): nothing is proposed. */
  mayPropose: boolean;
}

export interface TimingChoice {
  detection: LapDetection | null;
  lapSource: LapSource;
  /** The file's own gates that timed the laps (null when they did not). */
  fileGates: TimingGates | null;
  /** True when the file brought gates and not all of them timed the laps (none on the trace, or one no lap crosses). */
  fileGatesIgnored: boolean;
  /** Laps by the circuit's gates, kept for comparison when the file's own gates timed the stored laps. */
  circuitLaps: LapRecord[] | null;
  /** Near no known circuit: the start/finish the laps were timed at, for the racer to confirm (null otherwise). */
  proposal: StartFinishProposal | null;
  /** Where the proposal comes from: the logger's own lap boundaries, or the trace's loop. */
  proposalFrom: 'logger' | 'trace' | null;
}

/** The line that times the laps and its detection (see the module comment for the order). */
export function chooseTiming(input: TimingInput): TimingChoice {
  const { positions, circuit } = input;
  const none: TimingChoice = { detection: null, lapSource: 'none', fileGates: null, fileGatesIgnored: false, circuitLaps: null, proposal: null, proposalFrom: null };
  if (input.startFinish) {
    const s = input.startFinish;
    return { ...none, detection: detectLaps(positions, [s.gate], s.widthM, { gateHeadingsDeg: [s.headingDeg] }), lapSource: 'racer' };
  }
  const read = input.fileGates ? timingGatesFromFile(positions, input.fileGates) : null;
  const fileTiming = read ? timeWithFileGates(positions, read) : null;
  const fileGatesIgnored = input.fileGates !== undefined && !fileTiming?.allCrossed;
  const circuitDetection = circuit && circuit.gates.length > 0 ? (circuit.detection ?? detectLaps(positions, circuit.gates, circuit.widthM)) : null;
  const circuitWorks = circuitDetection !== null && closedLaps(circuitDetection) > 0;
  if (fileTiming?.detection && (fileTiming.allCrossed || !circuitWorks)) {
    return { ...none, detection: fileTiming.detection, lapSource: 'file-gates', fileGates: fileTiming.gates, fileGatesIgnored, circuitLaps: circuitDetection?.records ?? null };
  }
  if (circuitDetection) return { ...none, detection: circuitDetection, lapSource: 'circuit', fileGatesIgnored };
  if (circuit || !input.mayPropose) return { ...none, fileGatesIgnored };
  const fromLogger = loggerLineProposal(positions, input.loggerCrossingsMs);
  if (fromLogger) return { ...none, ...fromLogger, lapSource: 'logger-line', fileGatesIgnored, proposalFrom: 'logger' };
  const proposal = proposeStartFinish(positions);
  if (!proposal) return { ...none, fileGatesIgnored };
  const detection = detectLaps(positions, [proposal.gate], proposal.widthM, { gateHeadingsDeg: [proposal.headingDeg] });
  return { ...none, detection, lapSource: 'proposed', fileGatesIgnored, proposal, proposalFrom: 'trace' };
}

/** The start/finish the logger's crossings imply, as a proposal with the laps it times; null when it closes no lap. */
function loggerLineProposal(positions: PositionColumns, crossingsMs: readonly number[] | null): { detection: LapDetection; proposal: StartFinishProposal } | null {
  const median = crossingsMs ? gateFromLoggerLaps(positions, crossingsMs) : null;
  if (!median || !crossingsMs) return null;
  const direction = detectLaps(positions, [median], LOGGER_LINE_WIDTH_M).gateDirections[0];
  if (!direction) return null;
  const { gate, headingDeg } = fitLineToLoggerLaps(positions, crossingsMs, median, direction);
  const detection = detectLaps(positions, [gate], LOGGER_LINE_WIDTH_M, { gateHeadingsDeg: [headingDeg] });
  const closed = detection.laps.filter((l) => l.complete);
  if (closed.length === 0) return null;
  const times = closed.map((l) => l.timeMs).sort((a, b) => a - b);
  return {
    detection,
    proposal: {
      gate,
      headingDeg,
      widthM: LOGGER_LINE_WIDTH_M,
      laps: closed.length,
      medianLapMs: times[times.length >> 1],
    },
  };
}
