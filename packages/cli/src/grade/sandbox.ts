/**
 * One submission in a process of its own, under Node's permission model, with a wall-clock limit and a memory
 * limit. See child.ts for what runs inside, and the README's Grading section for the limits of this isolation.
 */
import type { Task } from '@bezzel/core';
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ChildConfig, FromChild, ToChild } from './child.js';
import { confinedCommand, confinement, endGroup, idleCommittedMb, treeMemory } from './isolation.js';
import { COMMITTED_HEADROOM_MB, RSS_HEADROOM_MB, type GradeLimits } from './spec.js';

/** The permission flag the running Node takes: `--permission` from Node 22.13/23.5, `--experimental-permission` before. */
export function permissionFlag(): string {
  return process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';
}

/** Whether the running Node's permission model covers the network itself (`--allow-net`, Node 25): then sockets are refused by Node too. */
export function nodeBlocksNetwork(): boolean {
  return process.allowedNodeEnvironmentFlags.has('--allow-net');
}

/** The folder of an installed package (links resolved): above its main file, where its package.json names it. */
export function packageRoot(pkg: string, fromFile?: string): string | undefined {
  let file: string;
  try {
    file = fromFile ? createRequire(fromFile).resolve(pkg) : fileURLToPath(import.meta.resolve(pkg));
  } catch {
    return undefined;
  }
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === pkg) return realpathSync(dir);
      } catch {
        // Not JSON: keep looking up.
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The folders a set of packages needs to be imported: each one's own and, in turn, those of its dependencies.
 * The child may read these and nothing else of the install.
 */
export function dependencyClosure(roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (root: string): void => {
    if (seen.has(root)) return;
    seen.add(root);
    let manifest: { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
    try {
      manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as typeof manifest;
    } catch {
      return;
    }
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      const found = packageRoot(dep, join(root, 'package.json'));
      if (found) visit(found);
    }
  };
  for (const root of roots) visit(root);
  return [...seen];
}

/** The child's pipe for refusals (after stdin, stdout, stderr and the IPC channel). */
const WITNESS_FD = 4;
/** The exit of a child whose refusal could not be written on the pipe. */
export const HIDDEN_EXIT = 86;

/** The child's entry: built with the CLI (its package.json exports it), resolved as an installed file. */
export function childEntry(): string {
  const resolved = fileURLToPath(import.meta.resolve('@bezzel/cli/grade-child'));
  // Running from sources (tsx, vitest): the child is still the built one, which Node runs without a compiler.
  return resolved.endsWith('.ts') ? resolved.replace(`${sep}src${sep}grade${sep}child.ts`, `${sep}dist${sep}grade${sep}child.js`) : resolved;
}

/** A copy of a submission made for its run: only this folder (and bezzel's packages) is readable from inside. */
export interface Staged {
  readonly dir: string;
  /** The file to import, in the copy. */
  readonly entry: string;
  /** The packages the submission's package.json names that bezzel has, linked in the copy's node_modules. */
  readonly linked: readonly string[];
}

const MAX_FILES = 2000;
const MAX_BYTES = 20 * 1024 * 1024;
const SKIPPED = new Set(['node_modules', '.git']);
const TS = /\.(ts|mts|cts)$/;

/**
 * Copies a submission into `into` (the grader's own folder): every regular file but node_modules and .git,
 * TypeScript compiled to JavaScript (Node cannot, under the permission model: no loader thread, no esbuild
 * service), symbolic links left out (they could name anything). Its node_modules is made anew with links to
 * this bezzel's `@bezzel/*` packages: a student's own links name folders on the student's machine.
 */
export async function stage(submission: string, into: string, bezzelPackages: ReadonlyMap<string, string>): Promise<Staged> {
  const files: string[] = [];
  let bytes = 0;
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      if (SKIPPED.has(name)) continue;
      const path = join(dir, name);
      const info = lstatSync(path);
      if (info.isDirectory()) walk(path);
      else if (info.isFile()) {
        files.push(relative(submission, path));
        bytes += info.size;
      }
      if (files.length > MAX_FILES || bytes > MAX_BYTES) throw new SubmissionProblem(`the folder holds more than ${MAX_FILES} files or ${MAX_BYTES / 1024 / 1024} MB (node_modules aside)`);
    }
  };
  walk(submission);
  const manifest = readManifest(submission);
  const hasTs = files.some((f) => TS.test(f) && !f.endsWith('.d.ts'));
  const strip = hasTs ? (await import('@bezzel/pool/typescript')).stripTypes : undefined;
  mkdirSync(into, { recursive: true });
  for (const file of files) {
    const target = join(into, file);
    mkdirSync(dirname(target), { recursive: true });
    if (file === 'package.json') continue;
    if (TS.test(file) && !file.endsWith('.d.ts') && strip) {
      const source = await readFile(join(submission, file), 'utf8');
      try {
        writeFileSync(target.replace(TS, (_m, ext: string) => `.${ext.replace('ts', 'js')}`), strip(source, file));
      } catch (error) {
        throw new SubmissionProblem(`${file} does not compile: ${(error as Error).message.split('\n')[0]}`);
      }
    } else copyFileSync(join(submission, file), target);
  }
  // A TypeScript plugin is an ES module (bezzel init plugin says "type": "module"); its compiled .js files are too.
  writeFileSync(join(into, 'package.json'), JSON.stringify({ ...manifest, ...(hasTs && manifest.type === undefined ? { type: 'module' } : {}) }, null, 2));
  const entry = entryOf(manifest, files);
  const named = Object.keys({ ...asRecord(manifest.dependencies), ...asRecord(manifest.devDependencies), ...asRecord(manifest.peerDependencies) });
  const linked = ['@bezzel/core', ...named.filter((p) => p !== '@bezzel/core' && bezzelPackages.has(p))];
  for (const pkg of linked) {
    const target = bezzelPackages.get(pkg);
    if (!target) continue;
    const link = join(into, 'node_modules', ...pkg.split('/'));
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(target, link, 'junction');
  }
  return { dir: realpathSync(into), entry: join(realpathSync(into), entry.replace(TS, (_m, ext: string) => `.${ext.replace('ts', 'js')}`)), linked };
}

/** A submission that cannot be run at all: no entry, too big, not compiling. Its verdict is `invalid`. */
export class SubmissionProblem extends Error {}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function readManifest(folder: string): Record<string, unknown> {
  const file = join(folder, 'package.json');
  if (!existsSync(file)) return {};
  try {
    return asRecord(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new SubmissionProblem(`its package.json is not JSON: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** The file a plugin folder loads, as `--plugin FOLDER` finds it: package.json's "exports" or "main", else an index file. */
function entryOf(manifest: Record<string, unknown>, files: readonly string[]): string {
  const exported = manifest.exports;
  const dot = typeof exported === 'object' && exported !== null && '.' in exported ? (exported as Record<string, unknown>)['.'] : exported;
  const named = typeof dot === 'string' ? dot : typeof asRecord(dot).default === 'string' ? (asRecord(dot).default as string) : typeof asRecord(dot).import === 'string' ? (asRecord(dot).import as string) : manifest.main;
  const candidates = typeof named === 'string' ? [named] : ['src/index.ts', 'src/index.mts', 'src/index.js', 'src/index.mjs', 'index.ts', 'index.mts', 'index.js', 'index.mjs'];
  for (const candidate of candidates) {
    const path = normalize(candidate);
    if (isAbsolute(path) || path.startsWith('..')) continue;
    if (files.includes(path)) return path;
  }
  throw new SubmissionProblem(typeof named === 'string' ? `its package.json names ${named}, which is not in the folder` : 'it has no package.json naming its entry ("exports" or "main") and no src/index.ts or index.js');
}

/** How a submission's process ended. */
export interface Ending {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Why the grader killed it, if it did: loading past the limit, a run past its budget + 1 s, memory. */
  readonly killedFor?: 'timeout' | 'run timeout' | 'memory';
  /**
   * What the permission model or a fence refused, in order ("file read /etc/passwd", "network", "signal SIGTERM
   * to process 12"): from the witness pipe, the permission model's own report on stderr, and the exit of a process
   * that kept a refusal from the pipe. Never from the IPC channel, which the submission's code can replace.
   */
  readonly forbidden: readonly string[];
  readonly stderr: string;
  readonly stdout: string;
  readonly peakRssMb: number;
  /** The most committed private memory (VmData) seen: what an allocate-only bomb grows. */
  readonly peakCommittedMb: number;
  readonly elapsedMs: number;
  /** Whether it said it was ready (loaded its plugin). */
  readonly loaded: boolean;
}

/** A reply to one run, timed on the grader's clock from the request to the reply. */
export type RunReply = Extract<FromChild, { id: number }> & { readonly ms: number };

/** The grader's side of a running submission. */
export interface ChildLink {
  /** The plugin's strategies once loaded, or why it could not load. */
  readonly ready: Promise<Extract<FromChild, { type: 'ready' | 'load-error' }>>;
  /** One run; past `deadlineMs` on the grader's clock the process is ended and this rejects with {@link RunOverBudget}. */
  run(task: Task, deadlineMs: number): Promise<RunReply>;
}

/** The process ended before it answered. */
export class ChildGone extends Error {}

/** The run was still going at its deadline (its budget + 1 s): the process has been ended. */
export class RunOverBudget extends Error {}

const OUTPUT_LIMIT = 16 * 1024;

export interface SandboxRequest {
  readonly staged: Staged;
  /** Files and folders the child may read besides its staged copy. */
  readonly readable: readonly string[];
  readonly config: Omit<ChildConfig, 'entry' | 'witnessFd' | 'hiddenExit'>;
  readonly limits: GradeLimits;
  /** What to do with the running child; when it returns, the child is told to finish. */
  readonly drive: (link: ChildLink) => Promise<void>;
  /** Ends the child at once when aborted (the grader was stopped). */
  readonly signal?: AbortSignal;
}

/** The command line of a child: Node's flags, then the entry and its config. Exported for the README and tests. */
export function childArguments(staged: Staged, readable: readonly string[], config: Omit<ChildConfig, 'entry' | 'witnessFd' | 'hiddenExit'>, limits: GradeLimits): string[] {
  // The heap limit leaves the committed-memory watchdog its margin: V8 stops a heap bomb first, with its own words.
  const entry = childEntry();
  const allowed = [...new Set([staged.dir, entry, join(dirname(entry), '..', '..', 'package.json'), ...readable])];
  return [
    permissionFlag(),
    ...allowed.map((path) => `--allow-fs-read=${path}`),
    `--max-old-space-size=${limits.memoryMb}`,
    '--disable-warning=ExperimentalWarning',
    // No source maps, no inspector, no REPL history, nothing that reads or writes beside the run.
    entry,
    JSON.stringify({ ...config, entry: pathToFileURL(staged.entry).href, witnessFd: WITNESS_FD, hiddenExit: HIDDEN_EXIT } satisfies ChildConfig),
  ];
}

/** Runs one submission to its end; never throws for what the submission does. */
export function runSandboxed(request: SandboxRequest): Promise<Ending> {
  const { staged, limits } = request;
  const started = performance.now();
  const { command, args } = confinedCommand(confinement(), childArguments(staged, request.readable, request.config, limits));
  const child = spawn(command, args, {
    cwd: staged.dir,
    // Nothing of the grader's environment: no tokens, no proxies, no NODE_OPTIONS.
    env: {},
    // fd 4: the witness pipe (child.ts writes each refusal there with functions taken before the submission ran).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc', 'pipe'],
    serialization: 'json',
    // A process group of its own: ended whole, and out of reach of the terminal's Ctrl-C (the grader ends it).
    detached: true,
  });
  const pid = child.pid;
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString('utf8')).slice(-OUTPUT_LIMIT)));
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-OUTPUT_LIMIT)));
  const forbidden: string[] = [];
  const note = (what: string): void => {
    const line = what.slice(0, 300);
    if (forbidden.length < 20 && !forbidden.includes(line)) forbidden.push(line);
  };
  let witnessed = '';
  (child.stdio[4] as NodeJS.ReadableStream | null)?.on('data', (chunk: Buffer) => {
    witnessed = (witnessed + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    const lines = witnessed.split('\n');
    witnessed = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const report = JSON.parse(line) as { forbidden?: unknown };
        if (typeof report.forbidden === 'string') note(report.forbidden);
      } catch {
        // Not a report: whatever the submission wrote on the pipe (it can only add to its own reports).
      }
    }
  });
  let killedFor: Ending['killedFor'];
  let loaded = false;
  let peakRssMb = 0;
  let peakCommittedMb = 0;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (reply: RunReply) => void; reject: (error: Error) => void; sent: number }>();
  let onReady: ((message: Extract<FromChild, { type: 'ready' | 'load-error' }>) => void) | undefined;
  let readyFailed: ((error: Error) => void) | undefined;
  const ready = new Promise<Extract<FromChild, { type: 'ready' | 'load-error' }>>((resolve, reject) => ((onReady = resolve), (readyFailed = reject)));
  ready.catch(() => {});

  child.on('message', (raw: unknown) => {
    const message = raw as FromChild;
    if (typeof message !== 'object' || message === null) return;
    // The child is the submission's process: what it sends is bounded here, not there; refusals never come this way.
    if (message.type === 'ready' || message.type === 'load-error') {
      loaded = message.type === 'ready';
      onReady?.(message);
    } else if ('id' in message && typeof message.id === 'number') {
      const pending = waiting.get(message.id);
      if (!pending || !['answer', 'refused', 'threw'].includes(message.type)) return;
      waiting.delete(message.id);
      pending.resolve({ ...message, ms: performance.now() - pending.sent });
    }
  });

  const kill = (why: NonNullable<Ending['killedFor']>): void => {
    killedFor ??= why;
    endGroup(pid);
  };
  // Loading the plugin has the assignment's time limit; each run, its own deadline (link.run).
  const timer = setTimeout(() => kill('timeout'), limits.timeSeconds * 1000);
  void ready.then(() => clearTimeout(timer), () => {});
  const stop = () => endGroup(pid);
  if (request.signal?.aborted) stop();
  request.signal?.addEventListener('abort', stop, { once: true });
  const rssLimit = limits.memoryMb + RSS_HEADROOM_MB;
  const committedLimit = idleCommittedMb(limits.memoryMb) + limits.memoryMb + COMMITTED_HEADROOM_MB;
  const watchdog = setInterval(() => {
    void treeMemory(pid).then(({ residentMb, committedMb }) => {
      peakRssMb = Math.max(peakRssMb, residentMb);
      peakCommittedMb = Math.max(peakCommittedMb, committedMb);
      if (residentMb > rssLimit || committedMb > committedLimit) kill('memory');
    });
  }, 100);

  const exited = new Promise<Ending>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', stop);
      clearInterval(watchdog);
      // Whatever is left of the group (nothing, unless the confinement failed) goes with it.
      endGroup(pid);
      const gone = new ChildGone('the process ended');
      readyFailed?.(gone);
      for (const pending of waiting.values()) pending.reject(gone);
      waiting.clear();
      // The permission model's own report, for a refusal the child could not tell (it died at once).
      for (const match of stderr.matchAll(/code: 'ERR_ACCESS_DENIED',\s*permission: '(\w+)'(?:,\s*resource: '([^']*)')?/g)) {
        const what = ({ FileSystemRead: 'file read', FileSystemWrite: 'file write', ChildProcess: 'child process', WorkerThreads: 'worker thread' } as Record<string, string>)[match[1]!] ?? match[1]!;
        note(match[2] ? `${what} ${match[2]}` : what);
      }
      if (code === HIDDEN_EXIT && forbidden.length === 0) note('a refusal it kept from the grader (it closed or filled the report pipe)');
      resolve({ code, signal, ...(killedFor ? { killedFor } : {}), forbidden, stderr, stdout, peakRssMb, peakCommittedMb, elapsedMs: performance.now() - started, loaded });
    });
  });
  child.on('error', () => {});

  const link: ChildLink = {
    ready,
    run(task, deadlineMs) {
      const id = nextId++;
      return new Promise<RunReply>((resolve, reject) => {
        if (child.exitCode !== null || child.signalCode !== null || !child.connected) return reject(new ChildGone('the process ended'));
        const deadline = setTimeout(() => {
          waiting.delete(id);
          kill('run timeout');
          reject(new RunOverBudget(`still running ${deadlineMs} ms after it was asked`));
        }, deadlineMs);
        const settle = { resolve: (reply: RunReply) => (clearTimeout(deadline), resolve(reply)), reject: (error: Error) => (clearTimeout(deadline), reject(error)) };
        waiting.set(id, { ...settle, sent: performance.now() });
        child.send({ type: 'run', id, task } satisfies ToChild, (error) => {
          if (error) {
            waiting.delete(id);
            settle.reject(new ChildGone(error.message));
          }
        });
      });
    },
  };

  return (async () => {
    try {
      await request.drive(link);
    } catch (error) {
      if (!(error instanceof ChildGone) && !(error instanceof RunOverBudget)) {
        endGroup(pid);
        throw error;
      }
    }
    if (child.connected) child.send({ type: 'done' } satisfies ToChild, () => {});
    // A child that does not leave when told is ended: it has answered everything it was asked.
    const leave = setTimeout(() => endGroup(pid), 2000);
    const ending = await exited;
    clearTimeout(leave);
    return ending;
  })();
}
