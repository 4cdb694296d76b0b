import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './support/cli.js';

/**
 * No import circles inside the packages: a module that needs another which needs it back loads half-built (what
 * the second sees of the first depends on who was imported first). Type-only imports are erased and do not count;
 * dynamic `import()`s do, since they run the same modules.
 */
function sourceFiles(): string[] {
  const files: string[] = [];
  for (const group of ['packages', 'plugins']) {
    for (const name of readdirSync(join(root, group))) {
      const src = join(root, group, name, 'src');
      if (!existsSync(src)) continue;
      for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
        if (file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts')) files.push(join(src, file));
      }
    }
  }
  return files;
}

/** Each file's relative imports that run (not `import type`), as absolute paths of the .ts files. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    const statics = /(?:^|\n)\s*(import|export)(\s+type)?\b[^'";]*?\bfrom\s*['"](\.[^'"]+)['"]/g;
    for (const m of text.matchAll(statics)) if (!m[2]) targets.push(m[3]!);
    for (const m of text.matchAll(/(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]/g)) targets.push(m[1]!);
    for (const m of text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) targets.push(m[1]!);
    graph.set(file, targets.map((t) => resolve(dirname(file), t.replace(/\.js$/, '.ts'))).filter((t) => known.has(t)));
  }
  return graph;
}

/** The strongly connected components with more than one file (Tarjan). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('imports', () => {
  it('make no circles in any package or plugin', () => {
    const found = circles(importGraph(sourceFiles())).map((c) => c.map((f) => relative(root, f)).sort().join(' ↔ '));
    expect(found).toEqual([]);
  });

  it('the check finds a circle where there is one', () => {
    expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toHaveLength(1);
    expect(circles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });
});
