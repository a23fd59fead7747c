import { detectLaps } from '../../src/domain/detection/detect-laps';
import { tryParseCoordinates } from '../../src/domain/value-format/coordinates';
import { parsePositionsText } from '../../src/domain/parse-positions';

/** A circuit's start/finish as stored: its gate text (start/finish centre first) and gate width in metres. */
export interface FinishGate {
  coordinates: string;
  sizeM: number;
}

/**
 * Whether a session's positions cross its circuit's start/finish line at least twice (one whole lap through the
 * line), by the same lap detection that times imported files: a pass counts only at speed, beside the gate's centre
 * within half its width, after the trace has left the gate. A lap time with no positions behind it, or positions
 * somewhere else, is not ranked. Runs in an upload worker thread (upload-worker.ts): it parses the whole text.
 */
export function crossesFinish(positionsText: string, gate: FinishGate): boolean {
  const points = tryParseCoordinates(gate.coordinates);
  if (!points.ok || points.points.length === 0) return false;
  const { positions } = parsePositionsText(positionsText, { maxIssues: 0 });
  if (positions.count < 2) return false;
  const detection = detectLaps(positions, [points.points[0]], Math.max(1, gate.sizeM), { includeInLap: false });
  return detection.startFinishMs.length >= 2;
}
