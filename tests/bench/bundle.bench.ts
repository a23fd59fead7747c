/**
 * Bundle sizes: gzip sizes of the built app's JavaScript, read from dist/ (run
 * `npm run build` first, or point BUNDLE_DIST_DIR at another build output).
 * - initial: the entry script of index.html plus every chunk it imports statically (what the first view loads);
 * - map: the lazy track-map chunk (OpenLayers) plus the chunks only it pulls in, minus the initial ones;
 * - chart: the lazy session-charts chunk (echarts/core + the parts used), minus the initial chunks and those of the
 *   screen that loads it (already in the page when the charts are asked for: it shares small modules with them).
 * - gate editor: the Draw/Modify/Snap chunk loaded on top of the map when the gates are edited.
 * Targets: initial <= 200 KiB, map <= 100 KiB, chart <= 200 KiB. Printed, not asserted (benchmarks report).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const KIB = 1024;
export const TARGETS_KIB = { initial: 200, map: 100, chart: 200 } as const;

/** Relative static imports of an ES chunk: `import ... from "./x.js"`, `import "./x.js"`, `export ... from "./x.js"`. */
export function staticImports(code: string): string[] {
  const out = new Set<string>();
  const re = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[^'"();]*?from\s*)?["'](\.\.?\/[^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) out.add(m[1]);
  return [...out];
}

function closure(assetsDir: string, start: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(assetsDir, file), 'utf8');
    for (const spec of staticImports(code)) stack.push(path.basename(spec));
  }
  return seen;
}

const gz = (assetsDir: string, files: Iterable<string>) => {
  let total = 0;
  for (const f of files) total += gzipSync(readFileSync(path.join(assetsDir, f)), { level: 9 }).length;
  return total;
};

/**
 * The first view's scripts in `dist`: the app's module entry (named by index.html's <meta name="app-start">, which
 * theme-init.js turns into the script after the first paint) and every chunk it imports statically.
 */
export function initialChunks(dist: string): Set<string> {
  const html = path.join(dist, 'index.html');
  if (!existsSync(html)) throw new Error(`no build in ${dist}: run 'npm run build' first`);
  const entries = [...readFileSync(html, 'utf8').matchAll(/<meta name="app-start" content="\/?assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  if (entries.length === 0) throw new Error('no module entry script in index.html');
  return closure(path.join(dist, 'assets'), entries);
}

export default async function bundleBench(): Promise<Record<string, unknown>> {
  const dist = process.env.BUNDLE_DIST_DIR ?? path.join(root, 'dist');
  const assetsDir = path.join(dist, 'assets');
  const initial = initialChunks(dist);
  const files = readdirSync(assetsDir).filter((f) => f.endsWith('.js'));
  const lazyChunk = (prefix: string) => {
    const chunk = files.find((f) => f.startsWith(prefix));
    if (!chunk) throw new Error(`no ${prefix}*.js chunk in ${assetsDir}`);
    return [...closure(assetsDir, [chunk])].filter((f) => !initial.has(f));
  };
  const map = lazyChunk('track-map-');
  // The chunks that load the charts with import() are in the page before them: what the charts add is the rest.
  const chartChunk = files.find((f) => f.startsWith('session-charts-'));
  const loaders = files.filter((f) => f !== chartChunk && chartChunk && /import\(\s*[`"']\.\/session-charts-/.test(readFileSync(path.join(assetsDir, f), 'utf8')));
  const loaded = closure(assetsDir, loaders);
  const chart = lazyChunk('session-charts-').filter((f) => !loaded.has(f));
  // The gate editor (Draw/Modify/Snap) loads on top of the map chunk when Draw or Edit is toggled.
  const editor = lazyChunk('gate-editor-').filter((f) => !map.includes(f));
  const kib = (bytes: number) => Math.round((bytes / KIB) * 10) / 10;
  const figures = {
    initialGzipKiB: kib(gz(assetsDir, initial)),
    mapChunkGzipKiB: kib(gz(assetsDir, map)),
    chartChunkGzipKiB: kib(gz(assetsDir, chart)),
    gateEditorChunkGzipKiB: kib(gz(assetsDir, editor)),
    initialFiles: initial.size,
    mapFiles: map,
    chartFiles: chart,
    targetsKiB: TARGETS_KIB,
  };
  console.log(
    `# bundle: initial ${figures.initialGzipKiB} KiB (target ${TARGETS_KIB.initial}), map ${figures.mapChunkGzipKiB} KiB (target ${TARGETS_KIB.map}), chart ${figures.chartChunkGzipKiB} KiB (target ${TARGETS_KIB.chart})`,
  );
  return figures;
}
