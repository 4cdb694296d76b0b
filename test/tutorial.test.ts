import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bezzelBin, childEnv, root } from './support/cli.js';
import { consoleSessions, expectedOutput, namedFiles, terminalView } from './support/tutorial.js';

/**
 * docs/tutorial.md, run as a reader runs it: its files (```ts title="…"```) are written to a folder outside the
 * checkout, and every command of its console blocks runs the compiled `bezzel` there, as a user's shell would.
 * Each output must be what the tutorial shows, and each exit code what its command's comment says (0 unless
 * it says `# exit code N`), so the tutorial cannot go stale.
 */
const tutorial = readFileSync(join(root, 'docs/tutorial.md'), 'utf8');
const folder = mkdtempSync(join(tmpdir(), 'bezzel-tutorial-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const files = namedFiles(tutorial);
for (const file of files) writeFileSync(join(folder, file.name), file.text);
const sessions = consoleSessions(tutorial);

/** The reader's shell: in the tutorial's folder, with no INIT_CWD (which pnpm and npm set, and bezzel reads as the user's folder). */
const { INIT_CWD: _scriptFolder, ...shellEnv } = childEnv();

function runBezzel(args: readonly string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bezzelBin, ...args], { cwd: folder, env: shellEnv }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: terminalView(stdout, stderr) });
    });
  });
}

describe('docs/tutorial.md', () => {
  it('has the three plugin files, each a complete plugin, and commands for each', () => {
    expect(files.map((f) => f.name)).toEqual(['package.json', 'antelope.ts', 'random-greedy.ts', 'staircase.ts']);
    for (const file of files.filter((f) => f.name.endsWith('.ts'))) {
      expect(file.text).toMatch(/^export default pluginModule\(/m);
      expect(sessions.some((s) => s.args.includes(`./${file.name}`))).toBe(true);
    }
    expect(sessions.some((s) => s.args[0] === 'experiment')).toBe(true);
  });

  it.each(sessions.map((s) => [s.command, s] as const))('$ %s', async (_command, session) => {
    const { code, output } = await runBezzel(session.args);
    expect(output).toMatch(expectedOutput(session.output));
    expect(code).toBe(session.exitCode);
  });
});
