import { DEFAULT_BUDGET, StrategyCrash, StrategyError, UsageError, WriteFailure, type Elsewhere, type PartialResult, type ProgressEvent, type Result, type Solution, type Task } from '@bezzel/core';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { SearchFailure, SearchMessage, SearchRequest } from './search-protocol.js';
import { unpackResult, unpackSolution } from './wire.js';

export interface SearchThreadOptions {
  /** Plugin module URLs: the files the caller loaded that the task needs, which the thread loads again. */
  readonly plugins: readonly string[];
  /** Every plugin the caller has (default: `plugins`): what members of a portfolio or pipeline may use. */
  readonly available?: readonly string[];
  readonly task: Task;
  /** The strategy the caller chose (the thread chooses the same): named when it has to be stopped by force. */
  readonly strategy: string;
  /** Ctrl-C: the search is asked to stop, and stopped by force if it does not within `graceMs`. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (event: ProgressEvent) => void;
  readonly onSolution?: (solution: Solution) => void;
  /** How long a search may run past its time budget, or past a stop, before its thread is ended (default 0.8 s). */
  readonly graceMs?: number;
}

/**
 * The module a search thread starts from: compiled JavaScript beside this file, or, from the TypeScript
 * sources (the tests), a small entry that registers tsx first.
 */
export function searchThreadEntry(): URL {
  return new URL(import.meta.url.endsWith('.ts') ? './search-source.mjs' : './search-worker.js', import.meta.url);
}

/**
 * Runs one task in a thread of its own. This thread stays free: Ctrl-C is answered at once (the search sees a
 * shared flag where it reads its clock and returns what it has), and a search that ignores its budget or the
 * flag — a plugin's bug — is ended by force a moment later and reported, instead of hanging the command.
 */
export function solveInThread(options: SearchThreadOptions): Promise<Result> {
  return startInThread(options).result;
}

/**
 * `solveInThread`, with a way to hear the search while this thread is busy: `poll` hands the messages that have
 * come so far (progress, streamed solutions, the result) to the options' hooks at once.
 */
export function startInThread(options: SearchThreadOptions): { readonly result: Promise<Result>; poll(): void } {
  const stop = new SharedArrayBuffer(4);
  const { port1, port2 } = new MessageChannel();
  const request: SearchRequest = { plugins: options.plugins, ...(options.available ? { available: options.available } : {}), task: options.task, sentAt: Date.now(), stop, port: port2 };
  const worker = new Worker(searchThreadEntry(), { workerData: { search: request }, transferList: [port2] });
  const watched = watch(worker, new Int32Array(stop), options, () => {}, port1);
  const result = watched.result.finally(() => {
    port1.close();
    void worker.terminate();
  });
  return { result, poll: watched.poll };
}

/**
 * Waits for the answer of the search a thread is running: its progress and streamed solutions go to the
 * options' hooks, a stop (the signal) sets the shared flag, and a search that ignores its budget or the flag is
 * answered for after a grace period, from what its progress said — `ended` is then called, for the caller to
 * end the thread. Listeners are removed once it is answered, so a thread can run one search after another.
 */
export function watchSearch(worker: Worker, flag: Int32Array, options: SearchThreadOptions, ended: () => void = () => {}): Promise<Result> {
  return watch(worker, flag, options, ended, worker).result;
}

/** `watchSearch`, the thread's messages read from `from` (the worker, or a port of the search's own, which `poll` drains at once). */
function watch(worker: Worker, flag: Int32Array, options: SearchThreadOptions, ended: () => void, from: Worker | MessagePort): { readonly result: Promise<Result>; poll(): void } {
  const { task, strategy } = options;
  const grace = options.graceMs ?? 800;
  const started = performance.now();
  let last: ProgressEvent = {};
  let streamed = 0n;
  let deliver: (message: SearchMessage) => void = () => {};
  const poll = () => {
    if (from instanceof Worker) return;
    for (let received = receiveMessageOnPort(from); received; received = receiveMessageOnPort(from)) deliver(received.message as SearchMessage);
  };
  const result = new Promise<Result>((resolve, reject) => {
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      from.off('message', onMessage);
      worker.off('error', onError).off('exit', onExit);
      finish();
    };
    /** The result of a search ended by force: what its progress said so far. */
    const forced = (status: 'budget' | 'aborted', note: string): Result => {
      const partial: PartialResult = { ...(last.solutions !== undefined ? { count: last.solutions } : streamed > 0n ? { count: streamed } : {}), note };
      const stats = { nodes: last.nodes ?? 0, timeMs: performance.now() - started };
      return status === 'budget' ? { status, exhausted: 'time', strategy, task, stats, partial } : { status, strategy, task, stats, partial };
    };
    const endByForce = (status: 'budget' | 'aborted', note: string, after = grace) =>
      timers.push(
        setTimeout(() => {
          ended();
          settle(() => resolve(forced(status, note)));
        }, after),
      );
    const onAbort = () => {
      Atomics.store(flag, 0, 1);
      endByForce('aborted', `stopped while strategy ${strategy} was still between checks of its stop signal; its thread was ended ${seconds(grace)} after the stop`);
    };
    const onMessage = (message: SearchMessage) => {
      if (settled) return;
      switch (message.type) {
        case 'progress':
          last = message.event;
          options.onProgress?.(message.event);
          break;
        case 'solution':
          streamed++;
          options.onSolution?.(unpackSolution(message.solution));
          break;
        case 'result':
          settle(() => resolve(unpackResult(message.result)));
          break;
        case 'error':
          settle(() => reject(errorOf(message.error)));
          break;
      }
    };
    deliver = onMessage;
    const onError = (error: Error) => {
      ended();
      settle(() => reject(threadError(strategy, error)));
    };
    const onExit = (code: number) => {
      // The answer may still wait on the port: the thread's exit and its port's messages come by different ways.
      poll();
      ended();
      settle(() => reject(threadExit(strategy, code)));
    };
    /**
     * The budget runs from now (the thread takes its start out of the task's budget), and the search's own clock
     * stops it there; one that has not answered within a small share of the budget after it never reads its clock
     * (or never got as far as starting), and is answered for: a run ends within 5% or 100 ms of its
     * budget, whichever is more.
     */
    const maxTimeMs = task.budget?.maxTimeMs ?? DEFAULT_BUDGET.maxTimeMs;
    if (maxTimeMs < 2 ** 31 - 1 - grace) {
      // Said without blame: a bundled strategy deep in a long step (an integer program's solver, a join of half
      // boards) is as likely here as one that never reads its clock.
      const after = Math.min(grace, Math.max(OVERRUN_MS, maxTimeMs * OVERRUN_SHARE));
      const overBudget = `the time budget (--max-time) ran out while strategy ${strategy} was still between checks of its clock; its thread was ended ${seconds(after)} after it`;
      timers.push(setTimeout(() => endByForce('budget', overBudget, after), maxTimeMs));
    }
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    from.on('message', onMessage);
    worker.on('error', onError).on('exit', onExit);
  });
  return { result, poll };
}

/** A time as a person reads it: `15 s`, `500 ms`, `1.2 s`. */
function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Number((ms / 1000).toPrecision(3))} s`;
}

/** A search that does not stop at its budget is ended this long after it, or this share of the budget if more. */
const OVERRUN_MS = 100;
const OVERRUN_SHARE = 0.05;

/** A search thread that failed as a whole: out of memory is the strategy's doing, anything else is a bug. */
function threadError(strategy: string, error: Error): Error {
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new StrategyError(strategy, 'ran out of memory: its search thread reached the JavaScript heap limit and was ended');
  }
  return error;
}

/**
 * A search thread that ended without a word. Exit code 13 is Node's "unsettled top-level await": the strategy's
 * `run` returned a promise that nothing is left to settle.
 */
function threadExit(strategy: string, code: number): Error {
  // 13 is Node's exit for an unsettled top-level await; 0, a thread whose work ended with nothing left to run.
  if (code === 13 || code === 0) return new StrategyError(strategy, 'never answered: run() returned a promise that nothing can settle');
  return new Error(`the search thread ended (exit code ${code}) without an answer`);
}

const MEMBER_GRACE_MS = 400;

/**
 * Where a strategy made of strategies (a portfolio, a pipeline) runs its members on Node: each in a search
 * thread of its own, side by side, loading the same plugins; a stop (or the caller's) ends them.
 */
export function threadedElsewhere(plugins: readonly string[], signal?: AbortSignal): Elsewhere {
  return {
    parallel: true,
    solve(task, watch = {}) {
      const controller = new AbortController();
      const abort = () => controller.abort();
      signal?.addEventListener('abort', abort, { once: true });
      // Half the usual grace: a member that ignores a stop is ended while its portfolio (or pipeline) still has
      // time to answer within its own.
      const run = startInThread({ plugins, task, strategy: task.strategy ?? 'auto', signal: controller.signal, graceMs: MEMBER_GRACE_MS, ...watch });
      const result = run.result.finally(() => signal?.removeEventListener('abort', abort));
      // (A member loads every plugin: which a member's own members need cannot be known before it runs.)
      return { result, stop: abort, poll: run.poll };
    },
  };
}

/**
 * Imports a module in a thread of its own first and resolves once it has loaded there: a plugin that never
 * finishes loading (an endless loop at import) is ended after `timeoutMs` and reported, where importing it in
 * this thread would hang the command for good. A plugin that throws rejects with its error.
 */
export function probeModule(url: string, timeoutMs: number): Promise<void> {
  const worker = new Worker(searchThreadEntry(), { workerData: { probe: url } });
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(new ModuleTimeout(url, timeoutMs))), timeoutMs);
    const finish = (then: () => void) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      void worker.terminate();
      then();
    };
    worker.on('message', (message: { type: 'loaded' } | { type: 'error'; error: SearchFailure }) => finish(() => (message.type === 'loaded' ? resolve() : reject(errorOf(message.error)))));
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) => finish(() => reject(new Error(`loading it ended its thread (exit code ${code})`))));
  });
}

/** A module that did not finish loading in time. */
export class ModuleTimeout extends Error {
  override readonly name = 'ModuleTimeout';
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`it did not finish loading within ${timeoutMs / 1000} s (an endless loop when it is imported?)`);
  }
}

/** The same kind of error the search threw, rebuilt on this side. */
export function errorOf(failure: SearchFailure): Error {
  switch (failure.kind) {
    case 'usage':
      return new UsageError(failure.code, failure.message);
    case 'write':
      return new WriteFailure(failure.where, failure.reason, failure.advice);
    case 'answer':
      return new StrategyError(failure.strategy, failure.problem);
    case 'crash': {
      const cause = new Error(failure.cause);
      if (failure.stack) cause.stack = failure.stack;
      return new StrategyCrash(failure.strategy, cause);
    }
    case 'other': {
      const error = new Error(failure.message);
      if (failure.stack) error.stack = failure.stack;
      return error;
    }
  }
}
