import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bezzelBin, childEnv, type CliRun } from './cli.js';
import { execFile } from 'node:child_process';

/**
 * A folder on a full file system, for the tests of a failed write: as root (CI), a tmpfs of 256 KiB mounted for
 * the test and filled to its last block, so writes fail with ENOSPC as on a real full disk; elsewhere, the same
 * folder on the ordinary disk with every command run under `ulimit -f 0` (RLIMIT_FSIZE: any byte written fails
 * with EFBIG, the same path through the writer). `how` says which one the run got.
 */
export interface FullDisk {
  readonly dir: string;
  readonly how: 'tmpfs' | 'ulimit';
  /** Runs `bezzel …` in `dir` on the full disk. */
  run(...args: string[]): Promise<CliRun>;
  /** What is in `dir` but the filler. */
  left(): string[];
  /** Remounts read-only or back (tmpfs only). */
  readOnly(on: boolean): void;
  close(): void;
}

export function fullDisk(): FullDisk {
  const dir = mkdtempSync(join(tmpdir(), 'bezzel-full-'));
  let how: FullDisk['how'] = 'ulimit';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', dir], { stdio: 'ignore' });
      how = 'tmpfs';
      fill(join(dir, 'fill'));
    } catch {
      how = 'ulimit';
    }
  }
  return {
    dir,
    how,
    run: (...args) =>
      new Promise((resolve) => {
        const command = how === 'tmpfs' ? [process.execPath, bezzelBin, ...args] : ['sh', '-c', 'ulimit -f 0 && exec "$@"', 'sh', process.execPath, bezzelBin, ...args];
        execFile(command[0]!, command.slice(1), { cwd: dir, env: childEnv() }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
      }),
    left: () => readdirSync(dir).filter((name) => name !== 'fill'),
    readOnly: (on) => {
      if (how === 'tmpfs') execFileSync('mount', ['-o', `remount,${on ? 'ro' : 'rw'}`, dir]);
    },
    close: () => {
      if (how === 'tmpfs') execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes blocks until the file system says it is full. */
function fill(file: string): void {
  const block = Buffer.alloc(4096);
  try {
    for (let i = 0; i < 1 << 16; i++) writeFileSync(file, block, { flag: 'a' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
}
