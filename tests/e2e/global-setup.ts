/**
 * The e2e project's run folder: every server's data folder (tests/e2e/harness.ts) is made in it, and it is removed
 * when the run ends. A worker's shared server lives as long as the worker, which Vitest ends with a signal: the
 * worker cannot clean up after it, so the run does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eRunDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'astro-e2e-run-'));
  project.provide('e2eRunDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
