import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importEdges, readMap, sourceFiles, violations, workspacePackages, type Edge } from './support/architecture.js';
import { root } from './support/cli.js';

/**
 * The map of docs/architecture.md holds: every import of the TypeScript sources (static, type-only, re-exports,
 * `import()`) is one the map allows, and no file reaches itself through its imports. The map is read from the
 * document itself, so changing either without the other fails here.
 */
const map = readMap(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));
const files = sourceFiles(root);
const edges = importEdges(root, files);
const packages = workspacePackages(root);

describe('the map of docs/architecture.md', () => {
  it('places every package and plugin in a room', () => {
    expect(map.rooms.length).toBeGreaterThan(8);
    expect(violations(map, edges, packages).filter((v) => v.includes('is in no room'))).toEqual([]);
  });

  it('allows every import the code makes', () => {
    expect(violations(map, edges, packages)).toEqual([]);
  });

  it('has no import circle, type-only imports included', () => {
    const code = files.filter((f) => !f.endsWith('.test.ts'));
    expect(circles(edges, code).map((c) => c.join(' ↔ '))).toEqual([]);
  });

  it('keeps at most 10 files at the top of packages/cli/src', () => {
    const top = readdirSync(join(root, 'packages/cli/src')).filter((name) => statSync(join(root, 'packages/cli/src', name)).isFile());
    expect(top.length).toBeLessThanOrEqual(10);
  });
});

describe('the check', () => {
  const add = (from: string, specifier: string, to: string | undefined): Edge[] => [...edges, { from, specifier, to }];

  it('fails on a plugin importing another plugin, and names both', () => {
    const found = violations(map, add('plugins/queen/src/index.ts', '@bezzel/bitboard', '@bezzel/bitboard'), packages);
    expect(found).toEqual(['plugins/queen/src/index.ts imports @bezzel/bitboard: room plugins may import core, models, not plugins']);
  });

  it('fails on a plugin importing min-conflicts, in its tests too', () => {
    const found = violations(map, add('plugins/tabu/src/tabu.test.ts', '@bezzel/min-conflicts', '@bezzel/min-conflicts'), packages);
    expect(found).toEqual(['plugins/tabu/src/tabu.test.ts imports @bezzel/min-conflicts, which "the column model has one home" forbids']);
  });

  it("fails on Node's own modules where the code runs in a browser, and on the core importing anything of ours", () => {
    expect(violations(map, add('packages/core/src/board.ts', 'node:fs', 'node'), packages)).toEqual(['packages/core/src/board.ts imports node:fs: room core runs in a browser (no node in its row)']);
    expect(violations(map, add('packages/core/src/board.ts', '@bezzel/render', '@bezzel/render'), packages)).toEqual(['packages/core/src/board.ts imports @bezzel/render: room core may import nothing, not render']);
  });

  it("fails on the command line's rooms importing upwards", () => {
    const found = violations(map, add('packages/cli/src/options/common-options.ts', '../output/output.js', 'packages/cli/src/output/output.ts'), packages);
    expect(found).toEqual(["packages/cli/src/options/common-options.ts imports ../output/output.js: the command line's options/ must not import output/"]);
    const commands = violations(map, add('packages/cli/src/solve/pool-runner.ts', '../commands/place.js', 'packages/cli/src/commands/place.ts'), packages);
    expect(commands).toEqual(["packages/cli/src/solve/pool-runner.ts imports ../commands/place.js: the command line's solve/ must not import commands/"]);
    const fromTop = violations(map, add('packages/cli/src/bin.ts', './commands/place.js', 'packages/cli/src/commands/place.ts'), packages);
    expect(fromTop).toEqual(['packages/cli/src/bin.ts imports ./commands/place.js: only program.ts imports commands/']);
  });

  it('finds a circle, a type-only one too, and none where there is none', () => {
    const ring: Edge[] = [
      { from: 'a.ts', specifier: './b.js', to: 'b.ts' },
      { from: 'b.ts', specifier: './c.js', to: 'c.ts' },
      { from: 'c.ts', specifier: './a.js', to: 'a.ts' },
      { from: 'd.ts', specifier: './a.js', to: 'a.ts' },
    ];
    expect(circles(ring, ['a.ts', 'b.ts', 'c.ts', 'd.ts'])).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(circles(ring.slice(0, 2), ['a.ts', 'b.ts', 'c.ts'])).toEqual([]);
  });

  it('reads type-only imports, re-exports and import() as imports', () => {
    const of = (file: string) => edges.filter((e) => e.from === file).map((e) => e.specifier);
    // queue/runner.ts needs pool-options only for a type: the circle the map forbids was a type-only one.
    expect(of('packages/cli/src/queue/runner.ts')).toContain('../solve/pool-options.js');
    expect(of('packages/columns/src/index.ts')).toContain('./line-board.js');
    expect(of('packages/cli/src/solve/pool-runner.ts')).toContain('../queue/runner.js');
  });
});
