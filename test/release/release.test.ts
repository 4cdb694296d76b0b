import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshQueue, testRedisReachable } from '../support/redis.js';
import { installedMegabytes, installRelease, userEnv } from '../support/release.js';
import { npmTest } from '../support/npm-test.js';
import { javascriptFiles, unresolvedImports } from '../support/bare-imports.js';
import { onTerminal, visible } from '../support/terminal.js';
import { consoleSessions, expectedOutput, namedFiles, terminalView } from '../support/tutorial.js';

/**
 * What a user installs, tried as a user would: `pnpm release:pack` writes the command's one tarball (and the
 * libraries' in release/lib), npm installs it into an empty prefix in a temporary folder (no checkout, no workspace
 * links, no compiler on the path), and the installed `bezzel` runs. A second scratch project installs the library
 * alone and imports it from a plain .mjs file. test/release/lts.test.ts installs it again on each LTS line.
 */
const root = join(import.meta.dirname, '..', '..');
const release = join(root, 'release');
const scratch = mkdtempSync(join(tmpdir(), 'bezzel-release-'));
const prefix = join(scratch, 'prefix');
const bin = join(prefix, 'bin', 'bezzel');
const run = promisify(execFile);

/** The child's environment: nothing of the test runner's that could make a checkout's packages visible. */
// INIT_CWD too: pnpm sets it to the checkout, and bezzel reads it as the folder the user typed the command in.
const env = userEnv;
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, env: env(), stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });

/** Runs the installed command from a folder that is not the checkout; exit code, stdout and stderr. */
function bezzel(...args: string[]) {
  return bezzelIn(scratch, ...args);
}

/** Runs the installed command in a folder of the scratch space. */
async function bezzelIn(cwd: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(bin, args, { cwd, env: env(), maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: Number(e.code ?? 1), stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Pairs of squares on an n×n board not a (p,q) leap apart. */
function bruteForceLeaperPairs(n: number, p: number, q: number): number {
  let count = 0;
  for (let a = 0; a < n * n; a++) {
    for (let b = a + 1; b < n * n; b++) {
      const dr = Math.abs(Math.floor(a / n) - Math.floor(b / n));
      const dc = Math.abs((a % n) - (b % n));
      if (!((dr === p && dc === q) || (dr === q && dc === p))) count++;
    }
  }
  return count;
}

/** Sets of three squares on an n×n board no two of which are a (p,q) leap apart, counted the plain way. */
function bruteForceLeaperTriples(n: number, p: number, q: number): number {
  const apart = (a: number, b: number) => {
    const dr = Math.abs(Math.floor(a / n) - Math.floor(b / n));
    const dc = Math.abs((a % n) - (b % n));
    return (dr === p && dc === q) || (dr === q && dc === p);
  };
  let count = 0;
  for (let a = 0; a < n * n; a++) for (let b = a + 1; b < n * n; b++) for (let c = b + 1; c < n * n; c++) if (!apart(a, b) && !apart(a, c) && !apart(b, c)) count++;
  return count;
}

/** The library packages, each alone. */
const tarballs = () => readdirSync(join(release, 'lib')).filter((f) => f.endsWith('.tgz')).map((f) => join(release, 'lib', f));
/** The tarball of `@bezzel/<name>`. */
const tarballOf = (name: string) => {
  const found = tarballs().find((t) => new RegExp(`/bezzel-${name}-\\d[^/]*$`).test(t));
  if (!found) throw new Error(`no tarball of @bezzel/${name} in ${join(release, 'lib')}`);
  return found;
};
/** The tarballs of the named packages and of every @bezzel package they depend on, as their package.json says. */
function withSiblings(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    const manifest = JSON.parse(execFileSync('tar', ['-xOzf', tarballOf(name), 'package/package.json'], { encoding: 'utf8' })) as { dependencies?: Record<string, string> };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) if (dependency.startsWith('@bezzel/')) visit(dependency.slice('@bezzel/'.length));
  };
  names.forEach(visit);
  return [...seen].map(tarballOf);
}
/** Where the installed command's own packages are. */
const installedPackages = join(prefix, 'lib', 'node_modules', 'bezzel', 'node_modules', '@bezzel');

beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'scripts/release-pack.mjs')], { cwd: root, env: env(), stdio: ['ignore', 'ignore', 'inherit'] });
  mkdirSync(prefix);
  const install = installRelease(release, prefix, { cwd: scratch, env: env() });
  if (install.status !== 0) throw new Error(`npm install of the release failed:\n${install.stderr}`);
  installWarnings = install.stderr;
});
/** What npm said on stderr while it installed the release: an engine warning would show here. */
let installWarnings = '';

describe('installing the release', () => {
  it(`warns of no engine on this Node (${process.version}): the engines it declares agree with its dependencies'`, () => {
    expect(installWarnings).not.toMatch(/EBADENGINE|Unsupported engine/);
  });

  it('is one tarball, which npm installs without a warning into at most 80 MB', () => {
    expect(readdirSync(release).filter((f) => f.endsWith('.tgz'))).toEqual([expect.stringMatching(/^bezzel-\d+\.\d+\.\d+\.tgz$/)]);
    expect(installWarnings).not.toMatch(/npm warn/i);
    expect(installedMegabytes(prefix)).toBeLessThanOrEqual(80);
  });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the installed bezzel command, outside the checkout', () => {
  it('solves eight queens and says which strategy did', async () => {
    const r = await bezzel('queens', '8');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Found a solution: 8 queens on 8×8/);
    expect(r.stdout).toMatch(/array form \(row of each column, from a\): \[[0-7]( [0-7]){7}\]/);
  });

  it('lists every bundled piece and strategy', async () => {
    const r = await bezzel('list');
    expect(r.code).toBe(0);
    for (const id of ['queen', 'knight', 'amazon', 'bitboard', 'backtracking', 'min-conflicts', 'warnsdorff', 'cover-search', 'portfolio']) {
      expect(r.stdout).toMatch(new RegExp(`^ {2}${id}\\b`, 'm'));
    }
  });

  it('prints its version', async () => {
    const r = await bezzel('--version');
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('loads a plain .mjs plugin from a folder of its own, importing @bezzel/core from the installed command', async () => {
    const dir = join(scratch, 'my-plugin');
    mkdirSync(dir);
    const file = join(dir, 'flamingo.mjs');
    writeFileSync(
      file,
      "import { leaper, pluginModule } from '@bezzel/core';\n" +
        "export default pluginModule({ pieces: [{ id: 'flamingo', name: 'flamingo', symbols: { unicode: 'F', ascii: 'F' }, movement: leaper(1, 6) }] });\n",
    );
    const r = await bezzel('place', 'flamingo', '-n', '7', '-k', '3', '--goal', 'count', '--plugin', file, '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.status).toBe('complete');
    expect(result.count).toBe(String(bruteForceLeaperTriples(7, 1, 6)));
  });

  it('splits a count over worker threads, compiled code only', async () => {
    const r = await bezzel('place', 'queen', '-n', '11', '--goal', 'count-fundamental', '--workers', '2', '--parts', '40', '--format', 'json');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect([result.count, result.fundamental]).toEqual(['2680', '341']);
    expect(result.stats.extra.subTasks).toBeGreaterThan(1);
  });

  /**
   * The modules a command resolves, from a resolve hook that writes down every URL Node resolves, and (as
   * `load URL`) those it goes on to load: a module resolved is not always loaded (the plugin index's stamps
   * resolve every bundled plugin).
   */
  async function loaded(...args: string[]): Promise<string[]> {
    return (await traced(...args)).filter((line) => !line.startsWith('load '));
  }
  async function traced(...args: string[]): Promise<string[]> {
    const trace = join(scratch, `trace-${Math.random().toString(36).slice(2)}.txt`);
    const hooks = join(scratch, 'trace-hooks.mjs');
    writeFileSync(hooks, "import { appendFileSync } from 'node:fs';\nexport async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(process.env.BEZZEL_TRACE, r.url + '\\n'); return r; }\n" +
        "export async function load(u, c, next) { appendFileSync(process.env.BEZZEL_TRACE, 'load ' + u + '\\n'); return next(u, c); }\n");
    // ES modules through the hook; CommonJS `require`s (native addons such as resvg) through the loader's resolver.
    writeFileSync(
      join(scratch, 'trace.mjs'),
      "import Module, { register } from 'node:module';\nimport { appendFileSync } from 'node:fs';\n" +
        `register(${JSON.stringify(pathToFileURL(hooks).href)});\n` +
        'const resolveFilename = Module._resolveFilename;\n' +
        "Module._resolveFilename = function (...args) { const f = resolveFilename.apply(this, args); appendFileSync(process.env.BEZZEL_TRACE, f + '\\n'); return f; };\n",
    );
    const main = join(installedPackages, 'cli', 'bin', 'bezzel.mjs');
    // What a command loads matters here, not how it ended (a queue nobody serves exits 69).
    await run(process.execPath, ['--import', join(scratch, 'trace.mjs'), main, ...args], { cwd: scratch, env: { ...env(), BEZZEL_TRACE: trace } }).catch(() => {});
    return readFileSync(trace, 'utf8').split('\n').filter(Boolean);
  }
  const heavy = {
    compiler: /\/(tsx|typescript|esbuild|sucrase)\//,
    typescriptReader: /@bezzel\/pool\/dist\/plugin-hooks\.js$/,
    queue: /\/(bullmq|ioredis)\//,
    png: /\/@resvg\//,
    pool: /\/piscina\//,
    queueClient: /@bezzel\/queue\//,
    webServer: /\/(express|@bull-board|@bezzel\/dashboard)\//,
    experiment: /\/(vega[\w-]*|yaml|@bezzel\/experiment)\//,
  };

  it('ships the index of its plugins, current after the install: a queens count loads the counters, not the tour strategies', async () => {
    expect(existsSync(join(installedPackages, 'cli', 'dist', 'plugin-index.json'))).toBe(true);
    const loads = (await traced('place', 'queen', '-n', '12', '--goal', 'count')).filter((u) => u.startsWith('load '));
    expect(loads.some((u) => u.includes('@bezzel/constellations/'))).toBe(true);
    for (const plugin of ['warnsdorff', 'magic-tour', 'frontier', 'ant-colony', 'genetic']) expect(loads.filter((u) => u.includes(`@bezzel/${plugin}/`)), plugin).toEqual([]);
  });

  it('loads no compiler, queue client, PNG renderer, thread pool, experiment (charts, YAML) or plugin templates for a plain solve', async () => {
    const urls = await loaded('queens', '8');
    expect(urls.some((u) => u.includes('@bezzel/queen/'))).toBe(true);
    for (const [what, re] of Object.entries(heavy)) expect(urls.filter((u) => re.test(u)), what).toEqual([]);
    // `init plugin`'s code is a chunk of its own, which only that command imports.
    expect(urls.filter((u) => /\/scaffold-[\w-]+\.js$/.test(u))).toEqual([]);
    const init = await loaded('init', 'plugin', 'traced', '--piece', '--dir', scratch);
    expect(init.filter((u) => /\/scaffold-[\w-]+\.js$/.test(u))).toHaveLength(1);
  });

  it("loads the queue's client for a queue command, and the dashboard's web server only for `dashboard`", async () => {
    // BullMQ and ioredis are compiled into @bezzel/queue's bundle: that file is the queue client.
    const jobs = await loaded('jobs', '--queue', 'redis://127.0.0.1:1/0');
    expect(jobs.some((u) => heavy.queueClient.test(u))).toBe(true);
    expect(jobs.filter((u) => heavy.webServer.test(u))).toEqual([]);
    const dashboard = await loaded('dashboard', '--queue', 'redis://127.0.0.1:1/0');
    // Nobody listens at port 1: the command stops at its first ping, before its server would start.
    expect(dashboard.some((u) => heavy.queueClient.test(u))).toBe(true);
    const version = await loaded('dashboard', '--help');
    expect(version.filter((u) => heavy.webServer.test(u) || heavy.queueClient.test(u))).toEqual([]);
  });

  it("loads the PNG renderer for --out *.png only, and bezzel's TypeScript reader only for a .ts plugin", async () => {
    const png = await loaded('queens', '6', '--out', join(scratch, 'q.png'));
    expect(png.some((u) => heavy.png.test(u))).toBe(true);
    expect(png.some((u) => heavy.compiler.test(u) || heavy.typescriptReader.test(u) || heavy.queueClient.test(u))).toBe(false);
    // A TypeScript plugin, alone in a folder (no package.json): read as an ES module with its types removed.
    const dir = join(scratch, 'ts-plugin');
    mkdirSync(dir);
    const file = join(dir, 'zebra2.ts');
    writeFileSync(file, "import { leaper, pluginModule } from '@bezzel/core';\nenum Far { Long = 3 }\nconst z: number = Far.Long;\nexport default pluginModule({ pieces: [{ id: 'zebra2', name: 'zebra2', symbols: { unicode: 'Z', ascii: 'Z' }, movement: leaper(2, z) }] });\n");
    const ts = await loaded('place', 'zebra2', '-n', '5', '-k', '2', '--goal', 'count', '--plugin', file);
    expect(ts.some((u) => heavy.typescriptReader.test(u))).toBe(true);
    expect(ts.some((u) => heavy.compiler.test(u))).toBe(false);
    const r = await bezzel('place', 'zebra2', '-n', '5', '-k', '2', '--goal', 'count', '--plugin', file);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(new RegExp(`^${bruteForceLeaperPairs(5, 2, 3)} solutions: 2 zebra2s on 5×5`));
  });
});

describe('the installed files', () => {
  it('find every package they import, lazily loaded chunks included (the progress bar needs string-width)', () => {
    const files = readdirSync(installedPackages).flatMap((name) => javascriptFiles(join(installedPackages, name, 'dist')));
    expect(files.length).toBeGreaterThan(30);
    expect(unresolvedImports(files)).toEqual([]);
  });

  it('draw the progress bar on a terminal and print the count under it', async () => {
    const run = onTerminal(['place', 'queen', '-n', '14', '--goal', 'count', '--workers', '2', '--parts', '40', '--strategy', 'bitboard'], {}, bin);
    const { screen, code } = await run.ended;
    const text = visible(screen);
    expect(code, text).toBe(0);
    expect(text).toMatch(/counting \|[█░]+\| \d+\/\d+ sub-tasks/);
    expect(text).toMatch(/365596 solutions: 14 queens on 14×14/);
  });
});

describe("a student's plugins with the installed command", () => {
  const students = join(scratch, 'students');

  beforeAll(() => mkdirSync(students));

  it('bezzel init plugin writes a piece whose npm test passes and which --plugin loads as a folder', async () => {
    const made = await bezzelIn(students, 'init', 'plugin', 'lancer', '--piece');
    expect(made.stderr).toBe('');
    expect(made.stdout).toContain('npm install --prefix ./lancer');
    expect(made.stdout).toContain('npm test --prefix ./lancer');
    const folder = join(students, 'lancer');
    // The links point into the installed command, not into a checkout; the type check's TypeScript is the folder's own.
    expect(realpathSync(join(folder, 'node_modules/@bezzel/core')).startsWith(realpathSync(prefix))).toBe(true);
    expect(existsSync(join(folder, 'node_modules/typescript'))).toBe(false);
    // --plugin loads it before anything is installed in it: bezzel reads TypeScript itself.
    const first = await bezzelIn(students, 'place', 'lancer', '-n', '4', '-k', '2', '--goal', 'count', '--plugin', './lancer');
    expect(first.stdout).toMatch(/^108 solutions/);
    npm(['install', '--prefix', './lancer', '--no-audit', '--no-fund'], students);
    expect(existsSync(join(folder, 'node_modules/typescript/bin/tsc'))).toBe(true);
    const test = await npmTest(folder, env());
    expect(test.output).toMatch(/^(# |ℹ )pass 2$/m);
    expect(test.code).toBe(0);
    const placed = await bezzelIn(students, 'place', 'lancer', '-n', '4', '-k', '2', '--goal', 'count', '--plugin', './lancer');
    expect(placed.stderr).toBe('');
    expect(placed.stdout).toMatch(/^108 solutions: 2 lancers on 4×4/);
  });

  it('bezzel init plugin --piece --strategy type-checks with the TypeScript its npm install fetched, and a type error fails its npm test', async () => {
    await bezzelIn(students, 'init', 'plugin', 'kirin', '--piece', '--strategy');
    const folder = join(students, 'kirin');
    npm(['install', '--no-audit', '--no-fund'], folder);
    expect(realpathSync(join(folder, 'node_modules/typescript')).startsWith(realpathSync(folder))).toBe(true);
    const test = await npmTest(folder, env());
    expect(test.output).toMatch(/^(# |ℹ )pass 4$/m);
    expect(test.code).toBe(0);
    const source = join(folder, 'src/strategy.ts');
    writeFileSync(source, readFileSync(source, 'utf8').replace('if (tries % reportEvery === 0)', 'if (tries % reportEvery.length === 0)'));
    const failed = await npmTest(folder, env());
    expect(failed.output).toMatch(/error TS2339/);
    expect(failed.code).not.toBe(0);
  });

  it('bezzel docs says where the installed tutorial, API reference and experiment examples are', async () => {
    const r = await bezzelIn(students, 'docs', '--format', 'json');
    expect(r.code, r.stderr).toBe(0);
    const places = JSON.parse(r.stdout) as { name: string; path?: string }[];
    expect(places.map((p) => p.name)).toEqual(['tutorial', 'API reference', 'experiment examples', 'experiment guide']);
    for (const place of places) {
      expect(place.path && realpathSync(place.path).startsWith(realpathSync(prefix))).toBe(true);
    }
    expect(places[1]!.path).toMatch(/docs\/api\/index\.html$/);
    expect(readdirSync(join(places[2]!.path!, 'textbook'))).toContain('hill-climbing-8-queens.yaml');
    const hill = await bezzelIn(students, 'experiment', '--spec', join(places[2]!.path!, 'textbook/hill-climbing-8-queens.yaml'), '--runs', '100', '--format', 'json', '-q');
    expect(hill.code, hill.stderr).toBe(0);
  });

  it('bezzel init plugin writes a strategy whose npm test passes, and experiment compares it', async () => {
    await bezzelIn(students, 'init', 'plugin', 'darts', '--strategy');
    npm(['install', '--no-audit', '--no-fund'], join(students, 'darts'));
    const test = await npmTest(join(students, 'darts'), env());
    expect(test.output).toMatch(/^(# |ℹ )pass 2$/m);
    expect(test.code).toBe(0);
    const compared = await bezzelIn(students, 'experiment', 'queen', '-n', '5', '--strategies', 'darts,min-conflicts', '--runs', '3', '--format', 'json', '--plugin', './darts');
    // Nothing on stderr but the progress of the two strategies' runs.
    expect(terminalView('', compared.stderr)).toBe('');
    const result = JSON.parse(compared.stdout) as { rows: { strategy: string; solved: number }[] };
    expect(result.rows.map((row) => [row.strategy, row.solved])).toEqual([['darts', 3], ['min-conflicts', 3]]);
  });

  it('runs every command of docs/tutorial.md as printed, from the files it shows', async () => {
    const tutorial = readFileSync(join(root, 'docs/tutorial.md'), 'utf8');
    const folder = join(scratch, 'tutorial');
    mkdirSync(folder);
    for (const file of namedFiles(tutorial)) writeFileSync(join(folder, file.name), file.text);
    const sessions = consoleSessions(tutorial);
    expect(sessions.length).toBeGreaterThan(5);
    for (const session of sessions) {
      const r = await bezzelIn(folder, ...session.args);
      expect(terminalView(r.stdout, r.stderr), session.command).toMatch(expectedOutput(session.output));
      expect(r.code, session.command).toBe(session.exitCode);
    }
  });
});

const reachable = await testRedisReachable();

describe.skipIf(!reachable)('the installed bezzel worker on a queue', () => {
  it('counts ten queens through an installed worker', async () => {
    const queue = freshQueue();
    const worker = spawn(bin, ['worker', '--queue', queue, '--workers', '1', '--quiet'], { cwd: scratch, env: env(), stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    worker.stderr.on('data', (chunk) => (log += String(chunk)));
    try {
      const r = await bezzel('place', 'queen', '-n', '10', '--goal', 'count-fundamental', '--queue', queue, '--format', 'json');
      expect(r.code, r.stderr + log).toBe(0);
      const result = JSON.parse(r.stdout);
      expect([result.count, result.fundamental]).toEqual(['724', '92']);
    } finally {
      worker.kill('SIGTERM');
    }
  });
});

describe('the library, installed into a project of its own', () => {
  const project = join(scratch, 'project');

  beforeAll(() => {
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
    // The library's siblings are named by exact version and are not on the registry: npm takes them from the tarballs
    // given with it, so every @bezzel package the wanted ones depend on (read from the tarballs) is given too.
    npm(['install', '--no-audit', '--no-fund', ...withSiblings(['core', 'queen', 'backtracking', 'render'])], project);
  });

  it('solves eight queens from a plain .mjs file', () => {
    writeFileSync(
      join(project, 'solve.mjs'),
      "import { createBezzel } from '@bezzel/core';\nimport queen from '@bezzel/queen';\nimport backtracking from '@bezzel/backtracking';\n" +
        'const bezzel = await createBezzel({ plugins: [queen, backtracking] });\n' +
        "const r = await bezzel.solve({ problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'count-fundamental', strategy: 'backtracking' });\n" +
        'console.log(r.status, r.count, r.fundamental);\n',
    );
    expect(execFileSync(process.execPath, ['solve.mjs'], { cwd: project, env: env(), encoding: 'utf8' }).trim()).toBe('complete 92n 12n');
  });

  it('gives an editor its types: a TypeScript file using the API type-checks, and a wrong use is caught', () => {
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: [] } }));
    const typecheck = (source: string) => {
      writeFileSync(join(project, 'use.ts'), source);
      try {
        execFileSync(process.execPath, [tsc, '-p', '.'], { cwd: project, env: env(), encoding: 'utf8', stdio: 'pipe' });
        return '';
      } catch (error) {
        return String((error as { stdout?: string }).stdout);
      }
    };
    const use = (size: string) =>
      "import { Board, validatePlacement, type Result } from '@bezzel/core';\nimport { queen } from '@bezzel/queen';\n" +
      `const board = Board.square(${size});\nexport const valid: boolean = validatePlacement(board, queen, [0, 10]).valid;\n` +
      'export const status = (r: Result): string => r.status;\n';
    expect(typecheck(use('8'))).toBe('');
    expect(typecheck(use("'8'"))).toMatch(/use\.ts\(3,\d+\): error TS2345/);
  });
});
