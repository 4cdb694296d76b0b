/**
 * A search thread's side (see `search-thread.ts`): build the container from the plugin URLs, run the one task,
 * and send its progress, its streamed solutions and its result (or what went wrong) to the thread that waits.
 */
import { isWriteFailure, StrategyCrash, StrategyError, UsageError, type Bezzel, type ProgressEvent, type Result, type Solution, type SolveHooks, type Task } from '@bezzel/core';
import { parentPort, workerData } from 'node:worker_threads';
import { containerOf } from './container.js';
import type { SearchFailure, SearchMessage, SearchRequest, SessionMessage, SessionRequest, SessionTask } from './search-protocol.js';
import { threadedElsewhere } from './search-thread.js';
import { importModule } from './import-module.js';
import { packResult, packSolution } from './wire.js';

/** Progress is sent at most this often: a search may report every few microseconds. */
const PROGRESS_EVERY_MS = 100;

function failureOf(error: unknown): SearchFailure {
  if (error instanceof UsageError) return { kind: 'usage', code: error.code, message: error.message };
  if (isWriteFailure(error)) return { kind: 'write', where: error.where, reason: error.reason, ...(error.advice ? { advice: error.advice } : {}) };
  if (error instanceof StrategyError) return { kind: 'answer', strategy: error.strategy, problem: error.problem };
  if (error instanceof StrategyCrash) {
    const cause = error.cause as Error | undefined;
    return { kind: 'crash', strategy: error.strategy, cause: cause?.message ?? String(error.cause), ...(cause?.stack ? { stack: cause.stack } : {}) };
  }
  return { kind: 'other', message: (error as Error)?.message ?? String(error), ...((error as Error)?.stack ? { stack: (error as Error).stack } : {}) };
}

async function search(request: SearchRequest): Promise<void> {
  const post = (message: SearchMessage, transfer: ArrayBuffer[] = []) => request.port.postMessage(message, transfer);
  /** Long placements travel packed, their buffers handed over (see wire.ts). */
  const postSolution = (solution: Solution) => {
    const transfer: ArrayBuffer[] = [];
    post({ type: 'solution', solution: packSolution(solution, transfer) }, transfer);
  };
  let sentAt = 0;
  let sentDone: number | undefined;
  let pending: ProgressEvent | undefined;
  const onProgress = (event: ProgressEvent) => {
    const now = performance.now();
    // A unit of work finished is news (a helper's report: see cover-search); nodes counted on are not, often.
    if (now - sentAt < PROGRESS_EVERY_MS && event.done === sentDone) {
      pending = event;
      return;
    }
    sentAt = now;
    sentDone = event.done;
    pending = undefined;
    post({ type: 'progress', event });
  };
  try {
    const bezzel = await containerOf(request.plugins);
    const result = await solveWatching(bezzel, withinBudget(request),  new Int32Array(request.stop), request.available ?? request.plugins, { onProgress, onSolution: postSolution });
    if (pending) post({ type: 'progress', event: pending });
    const transfer: ArrayBuffer[] = [];
    post({ type: 'result', result: packResult(result, transfer) }, transfer);
  } catch (error) {
    post({ type: 'error', error: failureOf(error) });
  }
  request.port.close();
}

/** The task with its time budget less what the thread's start took: the budget runs from when it was sent. */
function withinBudget(request: SearchRequest): Task {
  const { task, sentAt } = request;
  const maxTimeMs = task.budget?.maxTimeMs;
  if (sentAt === undefined || maxTimeMs === undefined || !Number.isFinite(maxTimeMs)) return task;
  return { ...task, budget: { ...task.budget, maxTimeMs: Math.max(1, maxTimeMs - (Date.now() - sentAt)) } };
}

/** Solves a task here, stopped by the shared flag; members of a portfolio or pipeline run in threads of their own, stopped with it. */
async function solveWatching(bezzel: Bezzel, task: Task, stop: Int32Array, available: readonly string[], hooks: Pick<SolveHooks, 'onProgress' | 'onSolution'> = {}): Promise<Result> {
  const members = new AbortController();
  const watch = setInterval(() => Atomics.load(stop, 0) !== 0 && members.abort(), 50).unref();
  return bezzel.solve(task, { stop, ...hooks, elsewhere: threadedElsewhere(available, members.signal) }).finally(() => clearInterval(watch));
}

/** A session: the container built once (then `ready`), then each task the waiting thread sends answered in turn. */
async function session(request: SessionRequest): Promise<void> {
  const post = (message: SessionMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);
  let bezzel: Bezzel;
  try {
    bezzel = await containerOf(request.plugins);
  } catch (error) {
    return post({ type: 'error', error: failureOf(error) });
  }
  const stop = new Int32Array(request.stop);
  parentPort!.on('message', async ({ task }: SessionTask) => {
    try {
      const result = await solveWatching(bezzel, task, stop, request.available ?? request.plugins);
      const transfer: ArrayBuffer[] = [];
      post({ type: 'result', result: packResult(result, transfer) }, transfer);
    } catch (error) {
      post({ type: 'error', error: failureOf(error) });
    }
  });
  post({ type: 'ready' });
}

/** Imports a plugin and says whether it loaded: the CLI tries a user's plugin here first, where a hang can be ended. */
async function probe(url: string): Promise<void> {
  try {
    await importModule(url);
    parentPort!.postMessage({ type: 'loaded' });
  } catch (error) {
    parentPort!.postMessage({ type: 'error', error: failureOf(error) });
  }
}

const request = workerData as { search?: SearchRequest; session?: SessionRequest; probe?: string } | undefined;
// No top-level await: a strategy whose promise never settles would leave it unsettled, which Node 24 reports
// on stderr as a warning of its own; the waiting thread says it in one line instead (the thread ends, unanswered).
if (parentPort && request?.search) void search(request.search);
else if (parentPort && request?.session) void session(request.session);
else if (parentPort && request?.probe) void probe(request.probe);
