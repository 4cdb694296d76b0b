import { existsSync, mkdtempSync, readFileSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The run's description, written once to the directory; a rerun with another one is refused. */
export interface SpillManifest {
  readonly board: string;
  readonly vertices: number;
  readonly signature: string;
}

/**
 * Why `dir` cannot hold the states of the run `signature` describes, or undefined: a file is there, or the states
 * of another run (its manifest names it). Asked before the run, so the user hears it as one line, not as a failed
 * run.
 */
export function spillDirProblem(target: string, signature: string, describe: string): string | undefined {
  const dir = target;
  if (existsSync(dir) && !statSync(dir).isDirectory()) return `${dir} is a file, not a directory for the states`;
  const manifest = join(dir, 'manifest.json');
  if (existsSync(manifest)) {
    const old = JSON.parse(readFileSync(manifest, 'utf8')) as SpillManifest;
    if (old.signature !== signature) return `${dir} holds the states of another run (${old.board}, not ${describe}); give another directory`;
  }
  // A file where a folder of the path should be is the user's to fix. Whether the directory can be made and
  // written (permissions, a read-only or full disk) is found when the run makes it: a failed write (exit 74)
  // that leaves nothing behind, so a run refused here for another reason makes nothing either.
  let above = dir;
  while (!existsSync(above)) above = dirname(above);
  if (!statSync(above).isDirectory()) return `${above} is a file, so ${dir} cannot be made`;
  return undefined;
}

/** A fresh directory for a run's states under the system's temporary folder (`$TMPDIR`, /tmp), named for the board. */
export function temporarySpillDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `bezzel-${name.replace(/[^A-Za-z0-9]+/g, '-')}-`));
}

/** The system's temporary folder, where a run keeps its states unless told otherwise. */
export const spillRoot = (): string => tmpdir();

/** Bytes free for an unprivileged user on the file system holding `dir` (or its nearest folder that is there); undefined when unknown. */
export function freeBytes(dir: string): number | undefined {
  try {
    while (!existsSync(dir)) dir = dirname(dir);
    const s = statfsSync(dir);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return undefined;
  }
}
