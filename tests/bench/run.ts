/**
 * `npm run bench`: runs every tests/bench/*.bench.ts module in name order. Each default-exports
 * `async () => Record<string, unknown>` (its figures). Progress goes to stdout as lines starting with '# ';
 * the LAST line is one JSON object `{ "<module>": { ...figures } }` with every module's figures (a module that
 * failed has `{ "error": "..." }` and the process exits 1). Benchmarks are not timed tests: nothing here asserts.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);

const modules = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

const figures: Record<string, unknown> = {};
let failed = false;
for (const file of modules) {
  const name = file.replace(/\.bench\.ts$/, '');
  const started = performance.now();
  console.log(`# ${name}: running`);
  try {
    const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { default: () => Promise<Record<string, unknown>> };
    figures[name] = await mod.default();
    console.log(`# ${name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (e) {
    failed = true;
    figures[name] = { error: e instanceof Error ? e.message : String(e) };
    console.log(`# ${name}: FAILED ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
}
console.log(JSON.stringify(figures));
process.exit(failed ? 1 : 0);
