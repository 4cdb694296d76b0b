import { main } from '@bezzel/cli';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { vi } from 'vitest';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `bezzel …` in this process (fast), capturing what it writes. With BEZZEL_BIN set (the installed release's
 * command), every run is that command in a child process instead: the hostile campaigns run against the release.
 */
export async function bezzel(...args: string[]): Promise<CliRun> {
  // A process's arguments end at a NUL byte (C strings): what a user's command can carry of one.
  if (process.env.BEZZEL_BIN) return bezzelProcess(...args.map((arg) => arg.split('\0')[0]!));
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    const code = await main(['node', 'bezzel', ...args]);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

export const root = join(import.meta.dirname, '..', '..');

/**
 * The installed command's entry: compiled JavaScript (`pnpm test` builds it first), what a user runs; or the one
 * BEZZEL_BIN names (`BEZZEL_BIN=$PREFIX/bin/bezzel pnpm vitest run test/hostile` tries an installed release).
 */
export const bezzelBin = process.env.BEZZEL_BIN || join(root, 'packages/cli/bin/bezzel.mjs');

/** Runs the real `bezzel` program in a child process, as a user's shell would. */
export function bezzelProcess(...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bezzelBin, ...args], { cwd: root, env: childEnv() }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/**
 * The environment of a `bezzel` child process: the test runner's, without the `@bezzel/source` condition it
 * runs under, so the child runs the compiled packages as an installed command does.
 */
export function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  if (env.NODE_OPTIONS) env.NODE_OPTIONS = env.NODE_OPTIONS.replace(/--conditions[= ]@bezzel\/source/g, '').trim();
  return env;
}
