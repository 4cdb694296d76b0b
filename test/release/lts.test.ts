import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedMegabytes, installRelease, userEnv } from '../support/release.js';

/**
 * The release on each LTS line the README names (20, 22, 24), as a user with that Node installs it: one tarball, no
 * npm warning, at most 80 MB, and the command answers — a solve, a split count on threads, and a plugin written by
 * `bezzel init plugin` that installs its own TypeScript and passes its own test. Node's binaries come from the npm
 * registry (scripts/node-lts.sh); npm is the one on the PATH, run by that Node.
 */
const root = join(import.meta.dirname, '..', '..');
const release = join(root, 'release');
const scratch = mkdtempSync(join(tmpdir(), 'bezzel-lts-'));
const LINES = ['20', '22', '24'];

beforeAll(() => {
  if (!existsSync(release) || !readdirSync(release).some((f) => f.endsWith('.tgz'))) {
    execFileSync(process.execPath, [join(root, 'scripts/release-pack.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each(LINES)('the release on Node %s', (line) => {
  const prefix = join(scratch, `node-${line}`);
  const work = join(scratch, `work-${line}`);
  let env: NodeJS.ProcessEnv = {};
  const run = (command: string, args: string[], cwd = work) => execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const bezzel = (...args: string[]) => run(join(prefix, 'bin', 'bezzel'), args);
  let warnings = '';

  beforeAll(() => {
    const bin = execFileSync('bash', [join(root, 'scripts/node-lts.sh'), line], { encoding: 'utf8' }).trim();
    env = { ...userEnv(), PATH: `${bin}${delimiter}${process.env.PATH}` };
    mkdirSync(prefix);
    mkdirSync(work);
    expect(run('node', ['--version'])).toMatch(new RegExp(`^v${line}\\.`));
    const install = installRelease(release, prefix, { cwd: work, env });
    if (install.status !== 0) throw new Error(`npm install of the release failed on Node ${line}:\n${install.stderr}`);
    warnings = install.stderr;
  });

  it('installs with no npm warning into at most 80 MB', () => {
    expect(warnings).not.toMatch(/npm warn/i);
    expect(installedMegabytes(prefix)).toBeLessThanOrEqual(80);
  });

  it('solves, and counts on worker threads', () => {
    expect(bezzel('queens', '8')).toMatch(/^Found a solution: 8 queens on 8×8/);
    expect(bezzel('place', 'queen', '-n', '11', '--goal', 'count', '--workers', '2', '-q')).toMatch(/^2680 solutions/);
  });

  it('writes a strategy plugin that installs its own TypeScript, passes its test and loads', () => {
    expect(bezzel('init', 'plugin', 'darts', '--strategy')).toContain('npm install --prefix ./darts');
    run('npm', ['install', '--prefix', './darts', '--no-audit', '--no-fund']);
    expect(run('npm', ['test', '--prefix', './darts'])).toMatch(/^(# |ℹ )pass 2$/m);
    expect(bezzel('place', 'queen', '-n', '5', '--strategy', 'darts', '--seed', '1', '--plugin', './darts')).toMatch(/^Found a solution: 5 queens on 5×5/);
  });
});
