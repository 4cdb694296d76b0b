/**
 * The documents the installed command ships (`bezzel docs` prints where they are): the tutorial, the API
 * reference's introduction and, made by TypeDoc, its HTML — copied into @bezzel/cli's `docs/` for `pnpm pack`
 * (see release-pack.mjs, which removes the folder again). The experiment examples ship in @bezzel/experiment's
 * own `examples/`.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** Writes the documents into `folder` (the CLI package's docs/ by default); `api: false` leaves out the HTML. */
export function writeCliDocs(folder = join(root, 'packages/cli/docs'), { api = true } = {}) {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const file of ['tutorial.md', 'api.md']) copyFileSync(join(root, 'docs', file), join(folder, file));
  if (api) {
    const typedoc = join(root, 'node_modules/typedoc/bin/typedoc');
    execFileSync(process.execPath, [typedoc, '--out', join(folder, 'api'), '--logLevel', 'Warn'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return folder;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`wrote ${writeCliDocs()}`);
