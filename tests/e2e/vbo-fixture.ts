import { readFileSync } from 'node:fs';

/** The trimmed real Rustavi 25 Hz VBO (tests/fixtures/real-logs, with its licence beside it). */
export const RUSTAVI_VBO = readFileSync(new URL('../fixtures/real-logs/rustavi-dragy-25hz-trimmed.vbo', import.meta.url), 'utf8');

/**
 * The same log as a session of the next day: dated a day later and starting a second later (its first 25 fixes
 * dropped), so it is other data, not the same session again, which the library recognises and refuses to store twice.
 */
export function nextDayVbo(vbo: string): string {
  return vbo.replace('17/01/2026', '18/01/2026').replace(/(\[data\]\r?\n)(?:[^\n]*\n){25}/, '$1');
}
