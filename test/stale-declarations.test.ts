import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script, without types
import { removeStaleDeclarations } from '../scripts/stale-declarations.mjs';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A package folder: `files` relative to it, each written empty. */
function folder(files: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'bezzel-stale-'));
  made.push(dir);
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
  return dir;
}

describe('the build removes declarations whose source is gone', () => {
  it("removes a moved file's declaration and map, keeps those of files that exist, JavaScript and copied assets", () => {
    const dir = folder([
      'src/index.ts', 'src/solve/runner.ts', 'src/view.tsx',
      'dist/index.d.ts', 'dist/index.d.ts.map', 'dist/index.js', 'dist/view.d.ts',
      'dist/solve/runner.d.ts',
      // runner.ts moved into solve/: its old declarations stay behind in a checkout.
      'dist/runner.d.ts', 'dist/runner.d.ts.map', 'dist/old/gone.d.ts',
      'dist/ui/dist/types.d.ts', 'dist/kernels/halves-16-8-0-1.wasm',
    ]);
    const removed = removeStaleDeclarations(join(dir, 'dist'), join(dir, 'src'), ['ui']);
    expect(removed).toEqual(['old/gone.d.ts', 'runner.d.ts', 'runner.d.ts.map']);
    for (const kept of ['index.d.ts', 'index.d.ts.map', 'index.js', 'view.d.ts', 'solve/runner.d.ts', 'ui/dist/types.d.ts', 'kernels/halves-16-8-0-1.wasm']) {
      expect(existsSync(join(dir, 'dist', kept)), kept).toBe(true);
    }
  });

  it('does nothing where there is no dist', () => {
    const dir = folder(['src/index.ts']);
    expect(removeStaleDeclarations(join(dir, 'dist'), join(dir, 'src'))).toEqual([]);
  });
});
