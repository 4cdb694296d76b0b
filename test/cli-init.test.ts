import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { bezzel, bezzelProcess, childEnv, root } from './support/cli.js';
import { npmTest } from './support/npm-test.js';

/**
 * `bezzel init plugin`, as a student uses it: the folder it writes passes its own test with `npm test` (nothing
 * installed, the folder outside the checkout) and loads with `--plugin FOLDER` in the compiled command.
 */
const scratch = mkdtempSync(join(tmpdir(), 'bezzel-init-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = promisify(execFile);

describe('bezzel init plugin', () => {
  it('writes a piece folder whose test passes and which --plugin loads as a folder', async () => {
    const made = await bezzel('init', 'plugin', 'lancer', '--piece', '--dir', scratch);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const folder = join(scratch, 'lancer');
    expect(made.stdout).toContain(`Wrote ${folder}/: package.json, tsconfig.json, src/index.ts, src/index.test.ts, README.md`);
    expect(made.stdout).toContain(`npm install --prefix ${folder}`);
    expect(made.stdout).toContain(`npm test --prefix ${folder}`);
    expect(made.stdout).toContain(`bezzel place lancer -n 8 -k 8 --plugin ${folder}`);

    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: 'lancer',
      type: 'module',
      main: './src/index.ts',
      scripts: { typecheck: 'node node_modules/typescript/bin/tsc --noEmit', test: 'npm run typecheck && node --import @bezzel/pool/register-typescript --test src/index.test.ts' },
    });
    // Each link is also a file: dependency, so that npm keeps it; both point into this checkout.
    expect(realpathSync(join(folder, 'node_modules/@bezzel/core'))).toBe(join(root, 'packages/core'));
    expect(lstatSync(join(folder, 'node_modules/@bezzel/backtracking')).isSymbolicLink()).toBe(true);
    expect(manifest.devDependencies['@bezzel/core']).toBe(`file:${join(root, 'packages/core')}`);
    // No compiler of bezzel's: its own TypeScript reader is @bezzel/pool's. The type check's TypeScript is the folder's
    // own (`npm install`); a checkout, which has it, links it, so that this test downloads nothing.
    expect(existsSync(join(folder, 'node_modules/tsx'))).toBe(false);
    expect(manifest.devDependencies.typescript).toBe(`file:${realpathSync(join(folder, 'node_modules/typescript'))}`);
    expect(existsSync(join(folder, 'node_modules/@types/node/package.json'))).toBe(true);
    const source = readFileSync(join(folder, 'src/index.ts'), 'utf8');
    expect(source).toContain("id: 'lancer'");
    expect(source).not.toMatch(/\{\{\w+\}\}/);
    expect(readFileSync(join(folder, 'README.md'), 'utf8')).toMatch(/^# lancer\n[^]*npm test[^]*--plugin \.[^]*links into the bezzel/);

    const test = await npmTest(folder, childEnv());
    expect(test.output).toMatch(/^(# |ℹ )pass 2$/m);
    expect(test.code).toBe(0);

    const placed = await bezzelProcess('place', 'lancer', '-n', '4', '-k', '2', '--goal', 'count', '--plugin', folder);
    expect(placed.stderr).toBe('');
    expect(placed.stdout).toMatch(/^108 solutions: 2 lancers on 4×4/);
  });

  it('writes a strategy folder whose test passes, and the strategy runs under --plugin', async () => {
    const made = await bezzel('init', 'plugin', 'dart-search', '--strategy', '--dir', scratch);
    expect(made.code).toBe(0);
    const folder = join(scratch, 'dart-search');
    const test = await npmTest(folder, childEnv());
    expect(test.output).toMatch(/^(# |ℹ )pass 2$/m);
    expect(test.code).toBe(0);

    const placed = await bezzelProcess('place', 'queen', '-n', '5', '--strategy', 'dart-search', '--seed', '1', '--format', 'json', '--plugin', folder);
    expect(placed.stderr).toBe('');
    const result = JSON.parse(placed.stdout);
    expect(result).toMatchObject({ status: 'solved', strategy: 'dart-search', seed: 1 });
    expect(result.solutions[0].columns).toHaveLength(5);
  });

  it('writes a strategy test that passes when the strategy declines small boards, and that fails where the strategy is wrong, pointing at the line', async () => {
    await bezzel('init', 'plugin', 'choosy-search', '--strategy', '--dir', scratch);
    const folder = join(scratch, 'choosy-search');
    const source = join(folder, 'src/index.ts');
    const original = readFileSync(source, 'utf8');
    // Declines boards below 4×4, with a reason: its own test still passes (the second test accepts a reasoned no).
    writeFileSync(source, original.replace("return no('it places pieces');", "return no('it places pieces');\n    if (instance.board.width < 4) return no('boards from 4×4 on');"));
    const script = 'node --import @bezzel/pool/register-typescript --test src/index.test.ts';
    const outcome = (cwd: string) => run('sh', ['-c', script], { cwd, env: childEnv() }).then(
      (done) => ({ code: 0, output: done.stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, output: error.stdout }),
    );
    const declining = await outcome(folder);
    expect(declining.output).toMatch(/^(# |ℹ )pass 2$/m);
    expect(declining.code).toBe(0);
    // Miscounting its steps fails the second test, located at the test's own line in the TypeScript file.
    writeFileSync(source, original.replace('const stats = { nodes: tries, timeMs', 'const stats = { nodes: tries + 1, timeMs'));
    const failing = await outcome(folder);
    expect(failing.code).toBe(1);
    const testLines = readFileSync(join(folder, 'src/index.test.ts'), 'utf8').split('\n');
    const line = testLines.findIndex((l) => l.includes('assert.equal(result.stats.nodes, 1000)')) + 1;
    expect(failing.output).toContain(`src/index.test.ts:${line}:`);
  });

  it("asks the registry for the type check's TypeScript at the version bezzel is built with", async () => {
    const { TYPE_CHECK } = await import('../packages/cli/src/plugins/scaffold.js');
    const catalog = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
    for (const [pkg, range] of Object.entries(TYPE_CHECK)) expect(catalog).toContain(`  ${pkg.includes('/') ? `'${pkg}'` : pkg}: ${range}\n`);
  });

  it('writes a test that can fail: its test script fails both tests of a piece that moves otherwise', async () => {
    await bezzel('init', 'plugin', 'wrong-leaper', '--piece', '--dir', scratch);
    const folder = join(scratch, 'wrong-leaper');
    const source = join(folder, 'src/index.ts');
    writeFileSync(source, readFileSync(source, 'utf8').replace('leaper(1, 3)', 'leaper(1, 2)'));
    // The script npm test runs, without npm's second of start-up.
    const script = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).scripts.test as string;
    const failed = await run('sh', ['-c', script], { cwd: folder, env: childEnv() }).then(
      () => ({ code: 0, output: '' }),
      (error: { code: number; stdout: string }) => ({ code: error.code, output: error.stdout }),
    );
    expect(failed.output).toMatch(/^(# |ℹ )fail 2$/m);
    expect(failed.code).toBe(1);
  });

  it.each([
    ['a name that is no id', ['Bad_Name', '--piece'], /^bezzel: a plugin's name is its piece's id: lower-case letters, digits and dashes, .*\(not "Bad_Name"\)\n$/],
    ['neither kind', ['free'], /^bezzel: say which plugin to start: --piece, --strategy, or both\n$/],
    ['both kinds, one of them bundled', ['knight', '--piece', '--strategy'], /^bezzel: bezzel already has a piece named knight: choose another name/],
    ['a bundled piece', ['knight', '--piece'], /^bezzel: bezzel already has a piece named knight: choose another name/],
    ['a bundled strategy', ['min-conflicts', '--strategy'], /^bezzel: bezzel already has a strategy named min-conflicts: choose another name/],
    ['a folder that does not exist', ['free', '--piece', '--dir', 'no/such/place'], /^bezzel: --dir no\/such\/place: no such folder\n$/],
  ])('refuses %s in one line, exit code 2', async (_what, args, message) => {
    const r = await bezzel('init', 'plugin', ...args);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('a folder bezzel may not write in is a failed write: one line, exit code 74, nothing made', async () => {
    const r = await bezzel('init', 'plugin', 'free', '--piece', '--dir', '/sys');
    expect(r.stderr).toMatch(/^bezzel: cannot write \/sys\/free: (not permitted \(EPERM\)|permission denied \(EACCES\)|the file system is read-only \(EROFS\))\n$/);
    expect(r.code).toBe(74);
    expect(r.stdout).toBe('');
  });

  it('writes a plugin with both a piece and a strategy (--piece --strategy): its tests pass, and the strategy places the piece', async () => {
    const made = await bezzel('init', 'plugin', 'kirin', '--piece', '--strategy', '--dir', scratch);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const folder = join(scratch, 'kirin');
    expect(made.stdout).toContain(`Wrote ${folder}/: package.json, tsconfig.json, src/index.ts, src/piece.ts, src/piece.test.ts, src/strategy.ts, src/strategy.test.ts, README.md`);
    expect(made.stdout).toContain(`bezzel place kirin -n 6 -k 4 --strategy kirin --plugin ${folder}`);
    expect(readFileSync(join(folder, 'src/index.ts'), 'utf8')).toContain('pluginModule({ pieces: [piece], strategies: [strategy] })');
    const test = await npmTest(folder, childEnv());
    expect(test.output).toMatch(/^(# |ℹ )pass 4$/m);
    expect(test.code).toBe(0);
    const placed = await bezzelProcess('place', 'kirin', '-n', '6', '-k', '4', '--strategy', 'kirin', '--seed', '1', '--format', 'json', '--plugin', folder);
    expect(placed.stderr).toBe('');
    expect(JSON.parse(placed.stdout)).toMatchObject({ status: 'solved', strategy: 'kirin' });
  });

  it('fails its own npm test on a type error (npm run typecheck comes first), and says where', async () => {
    await bezzel('init', 'plugin', 'typo-search', '--strategy', '--dir', scratch);
    const folder = join(scratch, 'typo-search');
    const source = join(folder, 'src/index.ts');
    // reportEvery is a number (its declared default makes it one): calling a string method on it is a type error,
    // which running the code alone would only find at run time, if ever.
    writeFileSync(source, readFileSync(source, 'utf8').replace('if (tries % reportEvery === 0)', 'if (tries % reportEvery.length === 0)'));
    const test = await npmTest(folder, childEnv());
    expect(test.output).toMatch(/src\/index\.ts\(\d+,\d+\): error TS2339: Property 'length' does not exist on type 'number'/);
    expect(test.code).not.toBe(0);
  });

  it("refuses a scaffolded strategy's wrong combination of options with its own message, exit code 2, before any run", async () => {
    await bezzel('init', 'plugin', 'checked-search', '--strategy', '--dir', scratch);
    const folder = join(scratch, 'checked-search');
    const r = await bezzelProcess('place', 'queen', '-n', '6', '--strategy', 'checked-search', '-o', 'reportEvery=50', '-o', 'maxTries=10', '--plugin', folder);
    expect(r.stderr).toBe('bezzel: checked-search: reportEvery (50) must be at most maxTries (10): no progress would be reported\n');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('refuses a folder that is not empty, and leaves it as it was', async () => {
    const folder = join(scratch, 'taken');
    mkdirSync(folder);
    writeFileSync(join(folder, 'notes.txt'), 'mine');
    const r = await bezzel('init', 'plugin', 'taken', '--piece', '--dir', scratch);
    expect(r.stderr).toBe(`bezzel: ${folder} already exists and is not empty: choose another name, or --dir another folder\n`);
    expect(r.code).toBe(2);
    expect(readFileSync(join(folder, 'notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(folder, 'package.json'))).toBe(false);
  });
});

describe('--plugin FOLDER', () => {
  it('says what is missing when a folder has no package.json, or one that names no file' , async () => {
    const folder = join(scratch, 'plain');
    mkdirSync(folder);
    const missing = await bezzel('list', '--plugin', folder);
    expect(missing.stderr).toBe(`bezzel: cannot load plugin ${folder}: a folder is loaded through its package.json ("exports" or "main"), and it has no package.json\n`);
    expect(missing.code).toBe(2);
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'plain', type: 'module' }));
    const unnamed = await bezzel('list', '--plugin', folder);
    expect(unnamed.stderr).toBe(`bezzel: cannot load plugin ${folder}: its package.json names no file to load ("exports" or "main")\n`);
  });
});
