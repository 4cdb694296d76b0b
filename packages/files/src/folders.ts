import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { asWriteFailure } from './write-whole.js';

/**
 * Makes the folder `dir` and those above it that are missing, one level at a time (Node's recursive mkdir never
 * returns under /proc, where it retries the missing parent for ever; one level at a time fails at once), and
 * returns the folders it made, outermost first, so a run that fails can take away what it made
 * ({@link removeMade}). When one cannot be made, those it made are removed and the core's `WriteFailure` naming
 * `where` is thrown.
 */
export function makeFolders(dir: string, where: string = dir): string[] {
  const missing: string[] = [];
  for (let at = resolve(dir); !existsSync(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  const made: string[] = [];
  try {
    for (const folder of missing) {
      mkdirSync(folder);
      made.push(folder);
    }
  } catch (error) {
    removeMade(made);
    throw asWriteFailure(error, where);
  }
  return made;
}

/** Removes the folders a run made ({@link makeFolders}' list) and everything in them. */
export function removeMade(made: readonly string[]): void {
  if (made.length > 0) rmSync(made[0]!, { recursive: true, force: true });
}
