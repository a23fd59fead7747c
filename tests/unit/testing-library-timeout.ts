/**
 * Component tests (the .tsx files, the ones that use Testing Library): findBy* and waitFor wait up to 15 s instead
 * of Testing Library's 1 s. The unit stage runs on shared two-core CI machines at load 10-15, where a screen that
 * renders in 50 ms quiet took over a second (a team-session screen test failed so); a condition that holds still
 * passes at once. The other files do not load Testing Library for it.
 */
import { expect } from 'vitest';

if (expect.getState().testPath?.endsWith('.tsx')) {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
}
