/**
 * Comments state their reason in place. A pointer to a numbered issue or a section of a document outside the
 * repository tells a reader nothing once that document moves on, so the source may not contain one: this reads
 * every source file of the project and fails with the offending lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** An issue or spec word followed by a number ('#' allowed), the words spec and section together, the section sign. */
const OUTSIDE_REFERENCE = /\b(?:issue|spec)s?\s*#?\d+|\bspec\s+section|\u00a7/i;

const SOURCE = /\.(?:ts|tsx|js|mjs|cjs|sql|css|html)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.artifacts', 'fixtures', '.git']);
const SKIP_FILES = new Set(['src/routeTree.gen.ts']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && (dir !== '' || ['src', 'server', 'workers', 'tests', 'public'].includes(entry.name))) {
        sourceFiles(rel, out);
      }
    } else if (SOURCE.test(entry.name) && !SKIP_FILES.has(rel)) {
      out.push(rel);
    }
  }
  return out;
}

/** Lines of `text` that reference an outside document, as 'file:line: text'. */
function outsideReferences(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (OUTSIDE_REFERENCE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('comment references', () => {
  it('the pattern catches numbered issues and specs, section pointers and the section sign, and not ordinary words', () => {
    // Built from parts so that this file does not contain what it forbids.
    const samples = [['issue', ' 5'], ['/* Spec', ' 9: */'], ['-- (issues', ' 2)'], [' * spec', ' section 3'], [' * see ', '\u00a74'], ['// Issue', ' #8']];
    for (const bad of samples.map(([a, b]) => a + b)) {
      expect(outsideReferences('x.ts', bad), bad).toHaveLength(1);
    }
    for (const good of ['parsed.error.issues[0]', '// the spec text itself', 'issueRefreshToken(q, 1)', 'const spec = 3']) {
      expect(outsideReferences('x.ts', good), good).toEqual([]);
    }
  });

  it('no source file points at a numbered issue or a numbered part of the product document', () => {
    const files = sourceFiles('');
    // The walk must actually reach the code, or the check below would pass on nothing.
    expect(files).toContain('src/main.tsx');
    expect(files).toContain('server/main.ts');
    expect(files).toContain('tests/unit/comment-references.test.ts');
    const found = files.flatMap((f) => outsideReferences(f, readFileSync(path.join(root, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
