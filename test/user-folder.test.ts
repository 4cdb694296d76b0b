import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bezzelBin, type CliRun } from './support/cli.js';

/**
 * Where `--out` writes: the folder the command was started in. A package script names the user's folder in INIT_CWD,
 * and every process the script starts inherits it; it counts only while bezzel runs in that script's own folder.
 */
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bezzel-cwd-'));
  made.push(dir);
  return dir;
}

function run(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bezzelBin, ...args], { cwd, env: { ...process.env, ...env } }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

describe('the folder a file is written to', () => {
  it('a bezzel started in another folder by a package script writes where it was started, not in INIT_CWD', async () => {
    const script = folder();
    const started = folder();
    const result = await run(started, { INIT_CWD: script, npm_package_json: join(script, 'package.json') }, 'queens', '6', '--out', 'q.svg');
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(started, 'q.svg'))).toBe(true);
    expect(existsSync(join(script, 'q.svg'))).toBe(false);
  });

  it("`pnpm bezzel` (run in the script's own folder) writes in the folder the user typed it in", async () => {
    const script = folder();
    const typed = folder();
    const result = await run(script, { INIT_CWD: typed, npm_package_json: join(script, 'package.json') }, 'queens', '6', '--out', 'q.svg');
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(typed, 'q.svg'))).toBe(true);
    expect(existsSync(join(script, 'q.svg'))).toBe(false);
  });
});
