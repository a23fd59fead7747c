import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPORTERS, EXPORT_FORMATS } from '../../../../src/domain/file-formats/export-formats';
import { finishImport } from '../../../../src/domain/file-formats/time-import';
import { importFile } from '../../../../src/domain/file-formats/read-import-file';
import type { CircuitCandidate } from '../../../../src/domain/file-formats/pick-circuit';

/**
 * Every export format imports back: a real 25 Hz session (the trimmed Rustavi log) exported, the file imported
 * again, gives the same laps. Lap times may differ only by what the format keeps of time: GPX and CSV write each
 * fix's time to the millisecond; KML writes a lap's first and last time, the fixes between spread evenly, so a
 * lap may move by up to one fix interval (40 ms at 25 Hz).
 */
const VBO = readFileSync(new URL('../../../fixtures/real-logs/rustavi-dragy-25hz-trimmed.vbo', import.meta.url), 'utf8');
const rustavi: CircuitCandidate = { id: 7, name: 'Rustavi International Motorpark', coordinates: '41.569854;44.949280;41.573961;44.946128;41.571486;44.951924', size: 30 };
const RESOLUTION_MS: Record<string, number> = { csv: 1, gpx: 1, kml: 40 };

const original = finishImport(importFile('rustavi.vbo', VBO), [rustavi]);
const session = { name: 'Rustavi International Motorpark 17/01/2026 10H31', startedAt: original.startedAt, positions: original.positions };

describe('export round trip', () => {
  it('the real session has laps to compare', () => {
    expect(original.laps.length).toBeGreaterThanOrEqual(4);
    expect([...EXPORT_FORMATS].sort()).toEqual(Object.keys(RESOLUTION_MS).sort());
  });

  for (const format of EXPORT_FORMATS) {
    it(`a whole session exported as ${format.toUpperCase()} imports back to the same laps and lap times`, () => {
      const file = EXPORTERS[format](session);
      const back = finishImport(importFile(`session.${format}`, file), [rustavi]);
      expect(back.source).toBe(format);
      expect(back.issues).toEqual([]);
      expect(back.positions.count).toBe(original.positions.count);
      expect(back.startedAt).toBe(new Date(original.startedAt).toISOString());
      expect(back.laps.map((l) => [l.lapNumber, l.lapName, l.valid])).toEqual(original.laps.map((l) => [l.lapNumber, l.lapName, l.valid]));
      back.laps.forEach((lap, i) => {
        expect(Math.abs(lap.timeMs - original.laps[i].timeMs), `lap ${lap.lapNumber}`).toBeLessThanOrEqual(RESOLUTION_MS[format]);
        for (let s = 0; s < 3; s++) expect(Math.abs(lap.sectorsMs[s] - original.laps[i].sectorsMs[s])).toBeLessThanOrEqual(RESOLUTION_MS[format]);
      });
    });
  }

  it('refuses content that is none of the formats, naming the ones it reads', () => {
    expect(() => importFile('notes.txt', 'hello\nworld')).toThrow(/KML.*CSV/);
  });
});
