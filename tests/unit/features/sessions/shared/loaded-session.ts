/** A LoadedSession built from the domain's synthetic session (real parse-free analysis), for view tests. */
import { analyseSession } from '../../../../../src/domain/analysis/analyse-session';
import { syntheticSession } from '../../../../helpers/synthetic-session';
import { sessionViews } from '../../../../../src/domain/views/session-views';
import type { LoadedSession } from '../../../../../src/features/sessions/shared/sessions-port';

export function loadedSession(id: number, sessionIndex: number, seed = id, fixes = 25 * 600): LoadedSession {
  const { positions, laps } = syntheticSession({ fixes, seed });
  const analysis = analyseSession(laps, positions, sessionIndex);
  return {
    id,
    name: `Session ${id}`,
    circuitId: 1,
    sessionIndex,
    positions,
    laps,
    analysis,
    views: sessionViews(positions, analysis.laps.filter((l) => l.endIndex > l.startIndex)),
    circuit: { circuitId: 1, name: 'Braga', gates: [{ lat: positions.lat[0], lon: positions.lon[0] }], widthM: 15 },
    syncState: 'Completed',
    skippedLines: 0,
  };
}
