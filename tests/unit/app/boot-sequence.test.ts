import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');

/** The relative modules a file loads at run time: static imports and re-exports (not type-only) and import(). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) specifiers.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.filter((s) => s.startsWith('.')).flatMap((s) => resolve(file, s) ?? []);
}

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every import cycle reachable from `entry`, each as the list of files (relative to the project) that form it. */
function cyclesFrom(entry: string): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const walk = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of runtimeImports(file)) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(root, f)));
      else if (!state.has(next)) walk(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  walk(entry);
  return cycles;
}

describe('the app boot sequence', () => {
  it('loads without an import cycle from main.tsx, dynamic imports included (the data layer has one owner that starts it)', () => {
    expect(cyclesFrom(path.join(root, 'src/main.tsx'))).toEqual([]);
  });

  it('finds a cycle through a dynamic import when there is one (the check itself can fail)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycle-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "export const b = 1;\nexport const later = () => import('./a');\n");
      expect(cyclesFrom(path.join(dir, 'a.ts'))).toEqual([[`${path.relative(root, dir)}/a.ts`, `${path.relative(root, dir)}/b.ts`, `${path.relative(root, dir)}/a.ts`]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
