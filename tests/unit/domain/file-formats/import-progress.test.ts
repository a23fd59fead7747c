import { describe, expect, it } from 'vitest';
import { importProgressFraction, throttleProgress, type ImportProgress } from '../../../../src/domain/file-formats/import-progress';
import { prepareImport } from '../../../../src/domain/file-formats/prepare-import';
import { bytesSource } from '../../../../src/domain/file-reading/byte-source';
import { syntheticSession } from '../../../helpers/synthetic-session';
import { writeVbo } from './format-writers';

const at = (stage: ImportProgress['stage'], bytes: number, totalBytes = 1000): ImportProgress => ({ stage, bytes, totalBytes });

describe('import progress', () => {
  it('fills the bar by bytes read, then by bytes parsed, then the rest while the laps are timed', () => {
    expect(importProgressFraction(at('reading', 0))).toBe(0);
    expect(importProgressFraction(at('reading', 500))).toBeCloseTo(0.2);
    expect(importProgressFraction(at('reading', 1000))).toBeCloseTo(0.4);
    expect(importProgressFraction(at('parsing', 0))).toBeCloseTo(0.4);
    expect(importProgressFraction(at('parsing', 500))).toBeCloseTo(0.65);
    expect(importProgressFraction(at('parsing', 1000))).toBeCloseTo(0.9);
    expect(importProgressFraction(at('timing', 1000))).toBeCloseTo(0.9);
  });

  it('never leaves 0 to 1, an empty file included', () => {
    expect(importProgressFraction(at('parsing', 2000))).toBeCloseTo(0.9);
    expect(importProgressFraction(at('reading', -5))).toBe(0);
    expect(importProgressFraction(at('reading', 0, 0))).toBeCloseTo(0.4);
  });

  it('passes at most one report per interval, but always a new stage and a stage’s last bytes', () => {
    let now = 0;
    const seen: ImportProgress[] = [];
    const report = throttleProgress((p) => seen.push(p), 100, () => now);
    for (let bytes = 0; bytes <= 1000; bytes += 10) {
      report(at('reading', bytes));
      now += 5;
    }
    // 101 reports over 505 ms: the first, one per 100 ms after it, and the last.
    expect(seen.map((p) => p.bytes)).toEqual([0, 200, 400, 600, 800, 1000]);
    report(at('parsing', 10));
    report(at('parsing', 20));
    now += 100;
    report(at('parsing', 30));
    report(at('timing', 1000));
    expect(seen.slice(6).map((p) => `${p.stage} ${p.bytes}`)).toEqual(['parsing 10', 'parsing 30', 'timing 1000']);
  });
});

describe('an import reporting its progress', () => {
  it('reads a large file by parts and reports the bytes parsed as the VBO rows are read', async () => {
    const session = syntheticSession({ fixes: 60_000, seed: 4 });
    const vbo = new TextEncoder().encode(writeVbo(session.positions, Date.UTC(2026, 6, 4, 9, 0, 0)));
    const reports: ImportProgress[] = [];
    await prepareImport({ fileName: 'long.vbo', source: bytesSource(vbo), circuits: [], onProgress: (p) => reports.push(p) });
    const reading = reports.filter((p) => p.stage === 'reading').map((p) => p.bytes);
    const parsing = reports.filter((p) => p.stage === 'parsing').map((p) => p.bytes);
    // 3 MB: read in 2 MiB parts.
    expect(reading).toEqual([0, 2 * 1024 * 1024, vbo.length]);
    // A report every 4096 rows, rising to the whole file.
    expect(parsing.length).toBeGreaterThanOrEqual(14);
    expect(parsing).toEqual([...parsing].sort((a, b) => a - b));
    expect(parsing.at(-1)).toBe(vbo.length);
    expect(reports.at(-1)).toEqual({ stage: 'timing', bytes: vbo.length, totalBytes: vbo.length });
    expect(reports.every((p) => p.totalBytes === vbo.length)).toBe(true);
  });
});
