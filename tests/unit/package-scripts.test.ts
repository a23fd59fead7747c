import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm start` builds, then starts the server with the very command of `npm run serve` (which tests that spawn a
 * server use, tests/helpers/server-process.ts): the V8 flags that size the process for a small host are in both.
 * (start does not call `npm run serve`: knip's production mode reads the server's entry from the start script.)
 */
const scripts = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the package scripts that start the server', () => {
  it('start builds, then runs exactly the serve command', () => {
    expect(scripts.start).toBe(`npm run build && ${scripts.serve}`);
  });

  it('serve runs server/main.ts with the memory flags the README gives', () => {
    expect(scripts.serve).toBe('node --max-semi-space-size=2 --v8-pool-size=2 --import tsx server/main.ts');
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain('`node --max-semi-space-size=2 --v8-pool-size=2 --import tsx server/main.ts`');
  });
});
