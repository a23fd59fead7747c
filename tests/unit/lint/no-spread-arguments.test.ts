import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule against spreading arrays into call arguments (Math.min(...laps) overflowed the stack on a
 * 125,000-lap upload): it flags the forms that break on big arrays and leaves array literals alone.
 */
const eslint = new ESLint({ cwd: process.cwd() });
const ruleHits = async (code: string, filePath = 'server/sessions/example.ts') => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
};

describe('no spread of arrays into call arguments', () => {
  it('flags Math.min/max, push, unshift, splice and String.fromCharCode with a spread, and their apply form', { timeout: 60_000 }, async () => {
    const code = [
      'export const f = (xs: number[], out: number[], bytes: number[]) => {',
      '  out.push(...xs);',
      '  out.unshift(...xs);',
      '  out.splice(0, 0, ...xs);',
      '  String.fromCharCode(...bytes);',
      '  Math.max.apply(null, xs);',
      '  return Math.min(...xs) + Math.max(...xs);',
      '};',
    ].join('\n');
    expect(await ruleHits(code)).toBe(7);
    expect(await ruleHits(code, 'src/domain/example.ts')).toBe(7);
  });

  it('leaves array literals and loops alone', { timeout: 60_000 }, async () => {
    const code = 'export const g = (xs: number[]) => {\n  let m = Infinity;\n  for (const x of xs) if (x < m) m = x;\n  return [...xs, m];\n};\n';
    expect(await ruleHits(code)).toBe(0);
  });
});
