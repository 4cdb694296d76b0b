/**
 * The process one submission runs in, for `bezzel grade` (see sandbox.ts, which starts it). Node's permission
 * model is the wall: this file is started with `--permission` (`--experimental-permission` on Node 20), reads
 * allowed only in the submission's staged copy and the bezzel packages it imports, no writes, no child
 * processes, no worker threads, no native addons. Where Linux allows, it also runs as the first process of a PID
 * namespace of its own (isolation.ts), so no other process is there to signal. What this file adds is a witness
 * and two fences:
 *
 * - It records every refusal the permission model makes (a file read or write, a child process, a worker) and
 *   writes it at once on a pipe of its own (fd 4) with functions taken before the submission's code runs, so a
 *   submission that catches the error, replaces `process.send` or `process._send`, or closes the pipe cannot
 *   hide it: a report that cannot be written ends the process with {@link HIDDEN_EXIT}, which the grader reads
 *   as forbidden too. The IPC channel carries answers only; nothing on it can clear a submission.
 * - Signals: `process.kill` (and the `_kill` under it) refuse any process but this one, locked in place, so a
 *   submission cannot stop, end or pause the grader or a classmate (`forbidden: signal`).
 * - Network: the permission model of Node 20 and 22 does not cover sockets, so the functions that open one
 *   (TCP, TLS, HTTP and fetch through them, UDP, DNS, listening) are replaced by ones that refuse and tell the
 *   grader. Defence in depth, not a sandbox: the process also runs with an empty environment (no proxy, no
 *   credentials), and a grader that must be sure runs `bezzel grade` where there is no network at all.
 *
 * Nothing here is trusted by the grader: answers go back as plain data and the grader checks every one with the
 * core's validator in its own process; it times each run on its own clock. This file imports nothing of bezzel's
 * statically (the core comes by the URL the grader gives), so that its only file is the one the grader allows.
 */
import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import dns from 'node:dns';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import { resolve } from 'node:path';
import workerThreads from 'node:worker_threads';
import type * as Core from '@bezzel/core';

/** What the grader gives on the command line (as JSON): nothing secret, all of it visible to the submission. */
export interface ChildConfig {
  /** `@bezzel/core`'s URL: the very module the submission's own `@bezzel/core` import resolves to. */
  readonly core: string;
  /** The piece plugins the tasks need (package names with their URLs). */
  readonly pieces: readonly { readonly name: string; readonly url: string }[];
  /** Pieces the tasks give in Betza notation, made by `@bezzel/fairy` (its URL) as the grader made them. */
  readonly betza?: { readonly url: string; readonly notations: readonly string[] };
  /** The submission's entry file, in its staged copy. */
  readonly entry: string;
  /** The pipe refusals are reported on, one JSON line each: `{"forbidden": "file read /etc/passwd"}`. */
  readonly witnessFd: number;
  /** The exit of a process whose refusal could not be reported (the submission closed or filled the pipe). */
  readonly hiddenExit: number;
}

/** Messages from the grader. */
export type ToChild = { readonly type: 'run'; readonly id: number; readonly task: Core.Task } | { readonly type: 'done' };

/** Messages to the grader. `answer` is JSON text (bigints as {"$bigint": "…"}), parsed and checked there. */
export type FromChild =
  | { readonly type: 'ready'; readonly strategies: readonly { readonly id: string; readonly problems: readonly string[]; readonly goals: readonly string[] }[] }
  | { readonly type: 'load-error'; readonly message: string }
  | { readonly type: 'answer'; readonly id: number; readonly answer: string }
  | { readonly type: 'refused'; readonly id: number; readonly message: string }
  | { readonly type: 'threw'; readonly id: number; readonly message: string };

// Taken before any of the submission's code runs: what it later does to `fs`, `process.send`, `process._send`
// or `process.exit` changes none of these.
const writeWitness = fs.writeSync;
const reallyExit = (process as unknown as { reallyExit: (code: number) => never }).reallyExit.bind(process);
const originalKill = process.kill.bind(process);
const originalInternalKill = (process as unknown as { _kill: (pid: number, signal: number) => number })._kill.bind(process);
const ownPid = process.pid;
// `process.send` is a wrapper that calls `this._send` when it runs: the function under it is taken instead.
const rawSend = (process as unknown as { _send?: (message: unknown, handle: undefined, options: object, callback: undefined) => boolean })._send;
const channel = rawSend ? (message: FromChild) => rawSend.call(process, message, undefined, {}, undefined) : undefined;
const config = JSON.parse(process.argv[2] ?? '{}') as ChildConfig;
const tell = (message: FromChild): void => {
  try {
    channel?.(message);
  } catch {
    // The grader has gone (it killed this process's run): nothing to tell.
  }
};

/** What the permission model calls each refusal, in the words a verdict uses. */
const PERMISSIONS: Record<string, string> = { FileSystemRead: 'file read', FileSystemWrite: 'file write', ChildProcess: 'child process', WorkerThreads: 'worker thread', Addons: 'native addon', WASI: 'WASI', Inspector: 'inspector' };
const told = new Set<string>();

function forbidden(what: string): void {
  if (told.has(what) || told.size > 20) return;
  told.add(what);
  try {
    // A leading line end: whatever the submission wrote on the pipe before cannot run into this line.
    writeWitness(config.witnessFd, `\n${JSON.stringify({ forbidden: what.slice(0, 300) })}\n`);
  } catch {
    reallyExit(config.hiddenExit);
  }
}

/** Marks the refusals this file raises itself: they were reported when raised. */
const WITNESSED = Symbol('witnessed');

/** Notes a permission refusal in an error passing by (and lets it go on). */
function witness(error: unknown): void {
  const { code, permission, resource } = (error ?? {}) as { code?: unknown; permission?: unknown; resource?: unknown };
  if (code !== 'ERR_ACCESS_DENIED' || (error as Record<symbol, unknown>)[WITNESSED]) return;
  const what = PERMISSIONS[String(permission)] ?? String(permission ?? 'access');
  forbidden(typeof resource === 'string' && resource !== '' ? `${what} ${what.startsWith('file') ? resolve(resource) : resource}` : what);
}

/** Wraps each function of a module so that a refusal it throws, rejects with or calls back with is witnessed. */
function witnessAll(module: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== 'function' || /^[A-Z]/.test(name)) continue;
    const original = value as (...args: unknown[]) => unknown;
    module[name] = function (this: unknown, ...args: unknown[]) {
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (...a: unknown[]) => unknown;
        args[last] = (error: unknown, ...rest: unknown[]) => (witness(error), callback(error, ...rest));
      }
      try {
        const result = original.apply(this, args);
        if (result instanceof Promise) return result.catch((error: unknown) => (witness(error), Promise.reject(error)));
        return result;
      } catch (error) {
        witness(error);
        throw error;
      }
    };
  }
}

/** A function that refuses, names what was tried, and throws the way Node's own refusals do. */
function refuse(what: string): (...args: unknown[]) => never {
  return () => {
    forbidden(what);
    throw Object.assign(new Error(`bezzel grade: ${what} is not allowed`), { code: 'ERR_ACCESS_DENIED', permission: what, [WITNESSED]: true });
  };
}

/**
 * `process.kill` for this process only, locked: signalling any other process or group is refused and reported.
 * (In a PID namespace there is none to reach anyway; elsewhere this is the wall.)
 */
function fenceSignals(): void {
  const names = new Map(Object.entries(os.constants.signals).map(([name, number]) => [number as number, name]));
  const refused = (pid: unknown, signal: unknown): Error => {
    const target = Number(pid);
    const name = typeof signal === 'number' ? (names.get(signal) ?? `signal ${signal}`) : typeof signal === 'string' ? signal : 'SIGTERM';
    const whom = target === 0 ? 'its process group' : target === -1 ? 'every process it may signal' : target < 0 ? `process group ${-target}` : Number.isInteger(target) ? `process ${target}` : 'a process';
    forbidden(`signal ${name} to ${whom}`);
    return Object.assign(new Error('bezzel grade: signalling another process is not allowed'), { code: 'ERR_ACCESS_DENIED', permission: 'signal', [WITNESSED]: true });
  };
  const kill = (pid: unknown, signal?: unknown): true => {
    if (Number(pid) !== ownPid) throw refused(pid, signal);
    return originalKill(ownPid, signal as NodeJS.Signals) as true;
  };
  // What `process.kill` calls once it has read the signal's number.
  const internal = (pid: unknown, signal: unknown): number => {
    if (Number(pid) !== ownPid) throw refused(pid, signal);
    return originalInternalKill(ownPid, Number(signal));
  };
  Object.defineProperty(process, 'kill', { value: kill, writable: false, configurable: false, enumerable: true });
  Object.defineProperty(process, '_kill', { value: internal, writable: false, configurable: false, enumerable: false });
}

function guard(): void {
  // Touch the standard streams first: they are made on first use, and must not meet the fences below.
  void process.stdout;
  void process.stderr;
  fenceSignals();
  witnessAll(fs as unknown as Record<string, unknown>);
  witnessAll(fs.promises as unknown as Record<string, unknown>);
  // Refused by the permission model already; the wrapper names the attempt even where the error is caught.
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
    (childProcess as unknown as Record<string, unknown>)[name] = refuse('child process');
  }
  (workerThreads as unknown as Record<string, unknown>).Worker = refuse('worker thread');
  // The network: the permission model of Node 20 and 22 lets sockets through, so every way to open one is closed.
  const network = refuse('network');
  net.Socket.prototype.connect = network as never;
  net.Server.prototype.listen = network as never;
  for (const name of ['connect', 'createConnection', 'createServer'] as const) (net as unknown as Record<string, unknown>)[name] = network;
  dgram.Socket.prototype.bind = network as never;
  dgram.Socket.prototype.send = network as never;
  dgram.Socket.prototype.connect = network as never;
  (dgram as unknown as Record<string, unknown>).createSocket = network;
  for (const target of [dns, dns.promises, dns.Resolver.prototype, dns.promises.Resolver.prototype] as unknown as Record<string, unknown>[]) {
    for (const name of Object.keys(target)) if (/^(lookup|resolve|reverse)/.test(name) && typeof target[name] === 'function') target[name] = network;
  }
  // `import { readFileSync } from 'node:fs'` sees the wrapped functions too.
  syncBuiltinESMExports();
  // A refusal the submission did not catch ends it; the grader hears what it was first.
  process.on('uncaughtException', (error) => {
    witness(error);
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
  process.on('unhandledRejection', (error) => {
    witness(error);
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}

/** An answer as JSON text: bigints tagged, typed arrays as arrays. A value JSON cannot say is a failure. */
function encode(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? { $bigint: v.toString() } : ArrayBuffer.isView(v) && !(v instanceof DataView) ? Array.from(v as unknown as ArrayLike<number>) : v)) ?? 'null';
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 500);
}

async function main(): Promise<void> {
  guard();
  const core = (await import(config.core)) as typeof Core;
  const pieces = await Promise.all(config.pieces.map(async ({ name, url }) => ({ name, module: ((await import(url)) as { default: Core.ContainerModule }).default })));
  if (config.betza) {
    const fairy = (await import(config.betza.url)) as { betzaPiece: (notation: string) => Core.Parsed<Core.Piece> };
    for (const notation of config.betza.notations) {
      const piece = fairy.betzaPiece(notation);
      if (piece.ok) pieces.push({ name: `betza:${notation}`, module: core.pluginModule({ pieces: [piece.value] }) });
    }
  }
  let exported: { default?: unknown };
  try {
    exported = (await import(config.entry)) as { default?: unknown };
  } catch (error) {
    witness(error);
    tell({ type: 'load-error', message: `cannot load the plugin: ${firstLine(error)}` });
    return process.exit(3);
  }
  const module = exported.default as Core.ContainerModule | undefined;
  if (typeof module !== 'object' || module === null || typeof (module as { load?: unknown }).load !== 'function') {
    tell({ type: 'load-error', message: 'the plugin does not default-export a plugin module (pluginModule({ strategies: [...] }))' });
    return process.exit(3);
  }
  let bezzel: Core.Bezzel;
  try {
    bezzel = await core.createBezzel({ plugins: [...pieces, { name: 'submission', module }] });
  } catch (error) {
    tell({ type: 'load-error', message: `the plugin does not load: ${firstLine(error)}` });
    return process.exit(3);
  }
  const strategies = bezzel.strategies.filter((s) => bezzel.origin('strategy', s.meta.id) === 'submission');
  tell({ type: 'ready', strategies: strategies.map(({ meta }) => ({ id: String(meta.id), problems: [...meta.problems], goals: [...meta.goals] })) });

  // The grader gone (killed), this process goes too, whenever the submission lets the event loop run.
  process.on('disconnect', () => reallyExit(0));
  process.on('message', (message: ToChild) => {
    if (message.type === 'done') process.exit(0);
    if (message.type === 'run') void run(core, bezzel, message.id, message.task);
  });
}

/** One run, as `Bezzel.solve` makes it but without its check: the raw answer goes to the grader, which checks it. */
async function run(core: typeof Core, bezzel: Core.Bezzel, id: number, task: Core.Task): Promise<void> {
  const instance = bezzel.instantiate(task);
  const strategy = bezzel.strategy(task.strategy ?? '');
  if (!instance.ok || !strategy) return tell({ type: 'refused', id, message: instance.ok ? `no strategy ${task.strategy}` : instance.error.message });
  const support = (() => {
    try {
      return strategy.supports(instance.value);
    } catch (error) {
      return { ok: false as const, reason: `its supports() failed: ${firstLine(error)}` };
    }
  })();
  if (!support?.ok) return tell({ type: 'refused', id, message: `${strategy.meta.id} declines it: ${String(support?.reason ?? 'no reason given')}` });
  const options = bezzel.checkOptions(strategy, task);
  if (!options.ok) return tell({ type: 'refused', id, message: options.error.message });
  const values = options.value;
  const signal = new AbortController().signal;
  const streamed: unknown[] = [];
  const context: Core.RunContext = {
    clock: new core.BudgetClock({ ...core.DEFAULT_BUDGET, ...task.budget }, signal),
    signal,
    rng: new core.Rng(task.seed ?? 1),
    progress: () => {},
    onSolution: (solution) => void streamed.push(solution),
    part: (kind, partId) => bezzel.part(kind, partId),
    option: (name) => values[name],
    options: () => values as never,
    elsewhere: {
      parallel: false,
      solve: () => {
        throw new Error('bezzel grade runs one strategy alone: context.elsewhere is not available');
      },
    },
  };
  try {
    const answer = await strategy.run(instance.value, context);
    tell({ type: 'answer', id, answer: encode(answer) });
  } catch (error) {
    witness(error);
    tell({ type: 'threw', id, message: firstLine(error) });
  }
}

await main();
