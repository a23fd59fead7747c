/**
 * The built app keeps its size budgets (first view <= 200 KiB gzip, map and charts chunks <= 100 and
 * 200 KiB): sizes of the build the e2e tests serve, deterministic for a given lockfile, not timings. zod (~25 KiB)
 * belongs to lazy chunks only: one constant imported from a zod module by a route file pulled it into the first view.
 */
import { readdirSync, readFileSync } from 'node:fs';
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

  it('builds the service worker as a classic script: no import.meta, no dynamic import', () => {
    // Chromium refuses to start a classic service worker whose script mentions import.meta (a dynamic import in
    // anything it bundles brings the bundler's preload helper, which reads it): the app then never works offline.
    const sw = readFileSync(path.join(builtAppDir(), 'sw.js'), 'utf8');
    expect(sw).not.toMatch(/import\.meta|\bimport\(/);
  });

  it('keeps the on-board video player and its MP4 reader out of the first view and the analysis chunk', () => {
    const dist = builtAppDir();
    const assets = path.join(dist, 'assets');
    const holding = (marker: string) => readdirSync(assets).filter((f) => f.endsWith('.js') && readFileSync(path.join(assets, f), 'utf8').includes(marker));
    const player = holding('requestVideoFrameCallback');
    expect(player.length).toBeGreaterThan(0);
    expect(player.every((f) => f.startsWith('video-panel-'))).toBe(true);
    const initial = initialChunks(dist);
    expect(holding('MP4BoxBuffer').filter((f) => initial.has(f) || f.startsWith('analysis'))).toEqual([]);
  });

  it('keeps the video export (its dialog, the muxers and the worker) in chunks of its own, loaded on the first click', () => {
    const assets = path.join(builtAppDir(), 'assets');
    const holding = (marker: string) => readdirSync(assets).filter((f) => f.endsWith('.js') && readFileSync(path.join(assets, f), 'utf8').includes(marker));
    const encoding = holding('VideoEncoder');
    expect(encoding.length).toBeGreaterThan(0);
    expect(encoding.every((f) => f.startsWith('export-video-') || f.startsWith('video-export.worker-'))).toBe(true);
  });

  it('styles every Mantine class the scripts use (src/app/mantine-styles.css imports only the components the app uses)', () => {
    const assets = path.join(builtAppDir(), 'assets');
    const read = (ext: string) => readdirSync(assets).filter((f) => f.endsWith(ext)).map((f) => readFileSync(path.join(assets, f), 'utf8')).join('\n');
    const classes = (text: string) => new Set(text.match(/\bm_[0-9a-f]{8}\b/g) ?? []);
    const styled = classes(read('.css'));
    const used = classes(read('.js'));
    expect(used.size).toBeGreaterThan(50);
    // Classes that Mantine names but styles nowhere (markers read by other selectors) would show up here too.
    expect([...used].filter((c) => !styled.has(c))).toEqual([]);
  });
});
