import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The execArgv of a worker thread whose module is TypeScript: it runs through tsx, as the server does (the loader
 * by absolute URL: the cwd may be anywhere).
 */
export function tsxWorkerArgv(): string[] {
  const require = createRequire(import.meta.url);
  return ['--import', pathToFileURL(join(dirname(require.resolve('tsx/package.json')), 'dist', 'loader.mjs')).href];
}
