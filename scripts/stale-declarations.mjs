/**
 * Declarations whose source is gone. `tsc -b` writes a package's `dist/**\/*.d.ts` from its `src/` and never removes
 * what it wrote for a file since moved or deleted; a checkout that has lived through a move (the CLI's files into
 * folders, the column model out of min-conflicts) would otherwise ship those to everyone who installs a release
 * packed from it (45 such files before this existed). A clean clone has none.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const SOURCES = ['.ts', '.tsx', '.mts', '.cts'];

/**
 * Removes from `dist` every declaration (`.d.ts`, and its `.d.ts.map`) with no source file in `src` at the same
 * place, leaving alone the folders `keep` names (assets copied in whole); returns what it removed, relative to
 * `dist`.
 */
export function removeStaleDeclarations(dist, src, keep = []) {
  if (!existsSync(dist)) return [];
  const removed = [];
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    const path = relative(dist, file);
    if (keep.some((folder) => path === folder || path.startsWith(`${folder}/`) || path.startsWith(`${folder}\\`))) continue;
    const stem = /^(.*)\.d\.[cm]?ts(\.map)?$/.exec(path)?.[1];
    if (stem === undefined) continue;
    if (SOURCES.some((ext) => existsSync(join(src, stem + ext)))) continue;
    rmSync(file, { force: true });
    removed.push(path);
  }
  return removed.sort();
}
