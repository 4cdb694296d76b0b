import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { root } from './support/cli.js';

/**
 * The core's code cache (scripts/code-cache.mjs): a body is compiled from the cache on the second run, never
 * from a cache of another body, and not at all where the folder is not the user's own, under the permission
 * model, or when turned off. Each run is a process of its own (the cache is written as it ends).
 */
const loader = pathToFileURL(join(root, 'scripts/code-cache.mjs')).href;
let temp: string;
let body: string;

beforeEach(() => {
  temp = mkdtempSync(join(tmpdir(), 'bezzel-code-cache-test-'));
  body = join(temp, 'lib', 'index.body.cjs');
  mkdirSync(join(temp, 'lib'));
  writeBody('a');
});
afterEach(() => rmSync(temp, { recursive: true, force: true }));

function writeBody(letter: string): void {
  writeFileSync(body, `exports.answer = function answer() { return ${JSON.stringify(letter.repeat(8))}; };\nexports.path = require('node:path').sep;\n`);
}

/** The folder the loader uses with TMPDIR = temp/tmp: its name carries the user's id where there is one. */
const folder = () => join(temp, 'tmp', typeof process.getuid === 'function' ? `bezzel-compile-cache-${process.getuid()}` : 'bezzel-compile-cache');

interface Run {
  answer: string;
  file?: string;
  used: boolean;
  written: boolean;
  stderr: string;
}

/** One process that loads the body (build hash `build`) and says, once its exit handlers have run, what happened. */
function load(build = 'b1', env: Record<string, string> = {}, flags: string[] = []): Run {
  mkdirSync(join(temp, 'tmp'), { recursive: true });
  const script = `
    import { loadBody, codeCacheStatus } from ${JSON.stringify(loader)};
    const exports = loadBody(new URL(${JSON.stringify(pathToFileURL(body).href)}), { name: '@bezzel/test', build: ${JSON.stringify(build)} });
    process.on('exit', () => process.stdout.write(JSON.stringify({ answer: exports.answer(), ...codeCacheStatus() })));
  `;
  const child = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, TMPDIR: join(temp, 'tmp'), TMP: join(temp, 'tmp'), TEMP: join(temp, 'tmp'), NODE_DISABLE_COMPILE_CACHE: '', ...env },
  });
  expect(child.status, child.stderr).toBe(0);
  return { ...(JSON.parse(child.stdout) as Omit<Run, 'stderr'>), stderr: child.stderr };
}

const caches = () => readdirSync(folder()).sort();

describe('the code cache', () => {
  it('is written by the first run and used by the next, which writes nothing', () => {
    const first = load();
    expect(first).toMatchObject({ answer: 'aaaaaaaa', used: false, written: true });
    expect(caches()).toHaveLength(1);
    const second = load();
    expect(second).toMatchObject({ answer: 'aaaaaaaa', used: true, written: false, file: first.file });
  });

  it('is never read for another body: another build, or the same file changed by hand, has a cache of its own', () => {
    const first = load('b1');
    const { atime, mtime } = statSync(body);
    writeBody('b'); // the same length, other code, and the same time (as a package manager that fixes it writes it)
    utimesSync(body, atime, mtime);
    const rebuilt = load('b2');
    expect(rebuilt).toMatchObject({ answer: 'bbbbbbbb', used: false, written: true });
    expect(rebuilt.file).not.toBe(first.file);
    // The earlier build's cache, read from the same path, is removed when the new one is written.
    expect(caches()).toEqual([rebuilt.file!.split(/[\\/]/).pop()]);
    // Edited in place with the build's hash unchanged (a patch to node_modules): the file's time tells.
    writeBody('c');
    const edited = load('b2');
    expect(edited).toMatchObject({ answer: 'cccccccc', used: false });
  });

  it('survives a cache file that is not one: V8 refuses it, the body compiles, a good one replaces it', () => {
    const first = load();
    writeFileSync(first.file!, 'not a code cache at all');
    expect(load()).toMatchObject({ answer: 'aaaaaaaa', used: false, written: true });
    expect(load()).toMatchObject({ used: true });
  });

  it('is not used with NODE_DISABLE_COMPILE_CACHE=1', () => {
    expect(load('b1', { NODE_DISABLE_COMPILE_CACHE: '1' })).toMatchObject({ answer: 'aaaaaaaa', used: false, written: false });
    expect(load('b1', { NODE_DISABLE_COMPILE_CACHE: '1' }).file).toBeUndefined();
  });

  it.skipIf(typeof process.getuid !== 'function')('is not used from a folder others may write into, or a link', () => {
    mkdirSync(folder(), { recursive: true, mode: 0o700 });
    chmodSync(folder(), 0o777);
    const open = load();
    expect(open).toMatchObject({ answer: 'aaaaaaaa', used: false, written: false });
    expect(open.file).toBeUndefined();
    rmSync(folder(), { recursive: true });
    mkdirSync(join(temp, 'elsewhere'), { mode: 0o700 });
    symlinkSync(join(temp, 'elsewhere'), folder());
    const linked = load();
    expect(linked).toMatchObject({ used: false, written: false });
    expect(linked.file).toBeUndefined();
    expect(readdirSync(join(temp, 'elsewhere'))).toEqual([]);
    rmSync(folder());
    writeFileSync(folder(), '', { mode: 0o600 });
    expect(load().file).toBeUndefined();
  });

  it("reads and writes nothing beside the run under Node's permission model (a graded submission's process)", () => {
    const flag = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';
    // Writing there is allowed: the cache is left alone because a refusal would count against the submission.
    const run = load('b1', {}, [flag, `--allow-fs-read=${temp}`, `--allow-fs-read=${root}`, `--allow-fs-write=${temp}`, '--disable-warning=ExperimentalWarning']);
    expect(run).toMatchObject({ answer: 'aaaaaaaa', used: false, written: false });
    expect(run.file).toBeUndefined();
    expect(readdirSync(join(temp, 'tmp'))).toEqual([]);
  });
});

describe("the core's build for Node", () => {
  it('exports what the ES module build exports, by the same names', () => {
    const dist = join(root, 'packages/core/dist');
    const names = (file: string) => {
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(pathToFileURL(join(dist, file)).href)}); console.log(JSON.stringify(Object.keys(m).sort()))`], {
        encoding: 'utf8',
        env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
      });
      expect(child.status, child.stderr).toBe(0);
      return JSON.parse(child.stdout) as string[];
    };
    const facade = names('index.js');
    expect(facade.length).toBeGreaterThan(100);
    expect(facade).toEqual(names('index.browser.js'));
  });

  it("leaves the browser's build free of Node's modules", () => {
    const code = readFileSync(join(root, 'packages/core/dist/index.browser.js'), 'utf8');
    expect(code.match(/(?:from|import)\s*["']node:[\w/]+["']/g) ?? []).toEqual([]);
  });
});
