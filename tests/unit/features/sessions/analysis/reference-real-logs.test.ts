/**
 * The coach's default comparison on the real sessions: racing laps only (Road America's in-lap through the pit lane
 * was compared by default: 'braking 17 m earlier ... cost 16.17 s'), and with two sessions the faster lap is the
 * reference whichever side it is on (the left one was, so the coach explained where the faster lap 'lost').
 */
import { describe, expect, it } from 'vitest';
import { sessionViews } from '../../../../../src/domain/views/session-views';
import { comparedLap, deltaSeries, lapEntries, resolveReference } from '../../../../../src/features/sessions/shared/analysis-view';
import { coachReport } from '../../../../../src/features/sessions/coach/coach-view';
import type { LoadedSession } from '../../../../../src/features/sessions/shared/sessions-port';
import { REAL_LOGS, realSession } from '../../../domain/real-sessions';

async function loaded(file: string, id: number, sessionIndex: number): Promise<LoadedSession> {
  const { positions, analysis } = await realSession(file);
  const laps = analysis.laps.map((l) => ({ ...l }));
  return {
    id,
    name: file,
    circuitId: id,
    sessionIndex,
    positions,
    laps: [],
    analysis: { ...analysis, laps },
    views: sessionViews(positions, laps.filter((l) => l.endIndex > l.startIndex)),
    circuit: null,
    syncState: 'Completed',
    skippedLines: 0,
  } as unknown as LoadedSession;
}

describe('the default reference and compared lap on the real logs', () => {
  it('never compares Road America’s in-lap by default: its one flying lap is the reference and nothing is coached until a lap is picked', async () => {
    const session = await loaded(REAL_LOGS.roadAmerica, 1, 0);
    const entries = lapEntries([session]);
    expect(entries.map((e) => `${e.lap.lapNumber}:${e.lap.kind}`)).toEqual(['1:racing', '2:in']);
    const reference = resolveReference(entries, null)!;
    expect(reference.lap.lapNumber).toBe(1);
    const compared = comparedLap(entries, reference, null);
    expect(compared?.key).toBe(reference.key);
    expect(coachReport(reference, compared)).toBeNull();
    expect(deltaSeries(entries, reference, null, false)).toEqual([]);
    // Picked by the racer, the in-lap is compared.
    expect(comparedLap(entries, reference, entries[1].key)?.lap.lapNumber).toBe(2);
  });

  it('compares Rustavi’s racing laps only: the reference is lap 7 (2:14.07) and the compared lap the next-fastest racing lap, never the out-, in- or pit laps', async () => {
    const session = await loaded(REAL_LOGS.rustavi, 1, 0);
    const entries = lapEntries([session]);
    const reference = resolveReference(entries, null)!;
    expect(reference.lap.lapNumber).toBe(7);
    const compared = comparedLap(entries, reference, null)!;
    expect(compared.lap.kind).toBe('racing');
    expect(compared.lap.lapNumber).toBe(3);
  });

  it('takes the faster session’s best lap as the reference when the faster session is on the right, and the left one’s best as the compared lap', async () => {
    // Two sessions (which circuit does not matter to the rule): the left one's laps are slower.
    const left = await loaded(REAL_LOGS.rustavi, 1, 0);
    const right = await loaded(REAL_LOGS.aim, 2, 1);
    const entries = lapEntries([left, right]);
    const reference = resolveReference(entries, null)!;
    expect(reference.key).toBe('R-12');
    expect(reference.lap.timeMs).toBe(58_512);
    expect(comparedLap(entries, reference, null)!.key).toBe('L-7');
    // A reference the racer picks stays.
    expect(resolveReference(entries, 'L-7')!.key).toBe('L-7');
  });
});
