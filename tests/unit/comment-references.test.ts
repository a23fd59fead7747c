/**
 * Comments state their reason in place. A pointer to a numbered issue, a numbered section of a document, a file
 * outside the repository (an absolute path on someone's machine) or a document the repository does not hold tells
 * a reader nothing once that document moves on, so the source may not contain one: this reads every source file of
 * the project and fails with the offending lines. Documents the code follows live in the repository (docs/).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * An issue or spec word followed by a number ('#' allowed), a section with a number, the words spec and section
 * together, the section sign.
 */
const OUTSIDE_REFERENCE = /\b(?:issue|spec)s?\s*#?\d+|\bsections?\s*#?\d|\bspec\s+section|\u00a7/i;

/**
 * An absolute path into a home, work or mount folder: a file on one machine, not in the repository. System
 * interfaces the code uses (/usr/bin/chromium, /proc/<pid>/stat, /dev/urandom) are not documents, and URL paths
 * (/api/..., /media/...) are the app's own.
 */
const OUTSIDE_PATH = /(?:^|[\s('"`=])(?:\/(?:work|home|root|Users|mnt|opt|srv|tmp|shared)\/|~\/)/;

/** A Markdown document named in a source file (a path or a bare name): it must be one the repository holds. */
const MARKDOWN_NAME = /(?<![\w./-])(?:\.\.?\/)*(?:[\w-]+\/)*[\w-]+\.md\b/g;

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

/** The repository's Markdown documents, as paths from the root, and their base names. */
function markdownDocuments(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) || entry.name === 'fixtures') walk(rel);
      } else if (entry.name.endsWith('.md')) {
        found.add(rel);
        found.add(entry.name);
      }
    }
  };
  walk('');
  return found;
}

/** Whether a Markdown name found in `file` is a document of the repository (from the root, or from the file). */
function isRepositoryDocument(file: string, name: string, documents: Set<string>): boolean {
  if (documents.has(name)) return true;
  const fromFile = path.relative(root, path.resolve(root, path.dirname(file), name));
  return !fromFile.startsWith('..') && existsSync(path.join(root, fromFile));
}

/** Lines of `text` that reference an outside document, as 'file:line: text'. */
function outsideReferences(file: string, text: string, documents: Set<string> = new Set()): string[] {
  return text.split('\n').flatMap((line, i) => {
    const missingDocument = [...line.matchAll(MARKDOWN_NAME)].some(([name]) => !isRepositoryDocument(file, name, documents));
    return OUTSIDE_REFERENCE.test(line) || OUTSIDE_PATH.test(line) || missingDocument ? [`${file}:${i + 1}: ${line.trim()}`] : [];
  });
}

describe('comment references', () => {
  it('the pattern catches numbered issues and specs, section pointers and the section sign, and not ordinary words', () => {
    // Built from parts so that this file does not contain what it forbids.
    const samples = [['issue', ' 5'], ['/* Spec', ' 9: */'], ['-- (issues', ' 2)'], [' * spec sect', 'ion 3'], [' * see ', '\u00a74'], ['// Issue', ' #8']];
    for (const bad of samples.map(([a, b]) => a + b)) {
      expect(outsideReferences('x.ts', bad), bad).toHaveLength(1);
    }
    for (const good of ['parsed.error.issues[0]', '// the spec text itself', 'issueRefreshToken(q, 1)', 'const spec = 3']) {
      expect(outsideReferences('x.ts', good), good).toEqual([]);
    }
  });

  it('the pattern catches section numbers, absolute paths on a machine and documents the repository does not hold', () => {
    const documents = new Set(['README.md', 'docs/device-protocol.md', 'device-protocol.md']);
    const samples = [
      [' * the toasts (section', ' 8)'],
      ['// Sections', ' 3-4 of the product text'],
      [' * derived from the logs in /', 'work/shared/data/real-logs'],
      [' * see /', 'home/someone/notes.txt'],
      [' * (notes/performance-facts.m', 'd)'],
      [' * (ble-protocol.m', 'd)'],
    ];
    for (const bad of samples.map(([a, b]) => a + b)) {
      expect(outsideReferences('src/device/x.ts', bad, documents), bad).toHaveLength(1);
    }
    const good = [
      ' * (docs/device-protocol.md, \'File transfer\')',
      ' * the README.md folder map',
      "executablePath: '/usr/bin/chromium',",
      ' * field 22 of /proc/<pid>/stat',
      ' * GET /api/sessions answers 200',
      ' * between two sectors 3 apart',
      ' * (../../README.md)',
      '`(min-width: ${theme.breakpoints.md})`',
      "export const INTRO_VIDEO = '/media/astro-intro.webm';",
    ];
    for (const line of good) {
      expect(outsideReferences('src/device/x.ts', line, documents), line).toEqual([]);
    }
  });

  it('no source file points at a numbered issue, a numbered section, a file outside the repository or a document it does not hold', () => {
    const files = sourceFiles('');
    // The walk must actually reach the code, or the check below would pass on nothing.
    expect(files).toContain('src/main.tsx');
    expect(files).toContain('server/main.ts');
    expect(files).toContain('tests/unit/comment-references.test.ts');
    const documents = markdownDocuments();
    expect(documents).toContain('docs/device-protocol.md');
    const found = files.flatMap((f) => outsideReferences(f, readFileSync(path.join(root, f), 'utf8'), documents));
    expect(found).toEqual([]);
  });
});
