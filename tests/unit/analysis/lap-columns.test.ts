import { describe, expect, it } from 'vitest';
import { decodeLapRecords, decodeSessionAnalysis, encodeLapRecords, encodeSessionAnalysis, lapColumnBuffers } from '../../../workers/lap-columns';
import { analyseSession } from '../../../src/domain/analysis/analyse-session';
import { syntheticSession } from '../../helpers/synthetic-session';
import type { LapRecord } from '../../../src/domain/session-types';

describe('laps and analysis as typed columns', () => {
  it('give back exactly the objects they were made from, NaN and odd names included', () => {
    for (const [seed, sessionIndex] of [[1, 0], [7, 1]]) {
      const session = syntheticSession({ fixes: 25 * 60 * 12, seed });
      const laps: LapRecord[] = [...session.laps, { lapNumber: 99, lapName: 'Ünïcode; lap\nname', timeMs: 0, sectorsMs: [0, -1, 2.5], maxSpeedKmh: NaN, minSpeedKmh: 0, valid: false }];
      const analysis = analyseSession(laps, session.positions, sessionIndex);
      expect(analysis.laps.length).toBeGreaterThan(3);
      const back = decodeLapRecords(structuredClone(encodeLapRecords(laps)));
      expect(back).toEqual(laps);
      const analysed = decodeSessionAnalysis(structuredClone(encodeSessionAnalysis(analysis)));
      expect(analysed).toEqual(analysis);
    }
  });

  it('hold every per-lap value in transferable buffers, not in objects', () => {
    const session = syntheticSession({ fixes: 25 * 60 * 6, seed: 3 });
    const columns = encodeSessionAnalysis(analyseSession(session.laps, session.positions));
    expect(lapColumnBuffers(columns).every((b) => b instanceof ArrayBuffer)).toBe(true);
    expect(Object.values(columns).some(Array.isArray)).toBe(false);
    expect(lapColumnBuffers(encodeLapRecords(session.laps))).toHaveLength(4);
  });
});
