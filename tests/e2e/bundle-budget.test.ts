/**
 * The built app keeps its size budgets (first view <= 200 KiB gzip, map and charts chunks <= 100 and
 * 200 KiB): sizes of the build the e2e tests serve, deterministic for a given lockfile, not timings. zod (~25 KiB)
 * belongs to lazy chunks only: one constant imported from a zod module by a route file pulled it into the first view.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import bundleBench, { initialChunks, TARGETS_KIB } from '../bench/bundle.bench';
import { builtAppDir } from './harness';

describe('the built bundle', () => {
  it('keeps the first view, the map and the charts within their gzip budgets, with zod out of the first view', async () => {
    const dist = builtAppDir();
    process.env.BUNDLE_DIST_DIR = dist;
    const figures = (await bundleBench()) as { initialGzipKiB: number; mapChunkGzipKiB: number; chartChunkGzipKiB: number };
    expect(figures.initialGzipKiB).toBeLessThanOrEqual(TARGETS_KIB.initial);
    expect(figures.mapChunkGzipKiB).toBeLessThanOrEqual(TARGETS_KIB.map);
    expect(figures.chartChunkGzipKiB).toBeLessThanOrEqual(TARGETS_KIB.chart);
    const withZod = [...initialChunks(dist)].filter((f) => readFileSync(path.join(dist, 'assets', f), 'utf8').includes('$ZodError'));
    expect(withZod).toEqual([]);
  });
});
